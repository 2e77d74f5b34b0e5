/** Browser entry: styles, QA hook and the shell. */
import "./styles.css";
import { Api } from "./api.js";
import { installQaHook } from "./qa.js";
import { App } from "./shell/app.js";

installQaHook();
const root = document.getElementById("app");
if (!root) throw new Error("index.html lacks #app");
const app = new App(root, new Api());
void app.start();
