/**
 * The phone's menu: on a small screen the paytable, lines, rules, history, sound, settings
 * and full screen live behind one button instead of a row of small ones.
 */
import { openDialog } from "./dialog.js";

export interface MenuItem {
  id: string;
  label: string;
  run(): void;
}

/** Opens the menu; choosing an item closes it and runs the item (which may open its own dialog). */
export function openMenu(items: readonly MenuItem[]): Promise<void> {
  const list = document.createElement("div");
  list.className = "menu-list";
  let chosen: MenuItem | null = null;
  for (const item of items) {
    const button = document.createElement("button");
    button.className = "btn";
    button.dataset.menu = item.id;
    button.textContent = item.label;
    button.addEventListener("click", () => {
      chosen = item;
      list.closest("dialog")?.querySelector<HTMLButtonElement>(".dialog-close")?.click();
    });
    list.append(button);
  }
  return openDialog({ name: "menu", title: "Menu", body: list, buttons: [] }).then(() => {
    (chosen as MenuItem | null)?.run();
  });
}
