#!/usr/bin/env node
// Entry point of the `reelhouse` CLI: registers the TypeScript loader, then runs main.ts.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/main.ts");
process.exitCode = await main(process.argv.slice(2));
