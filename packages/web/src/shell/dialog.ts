/**
 * Modal dialogs of the shell: one layer, one dialog at a time, closed with its buttons,
 * the close cross or Escape. Each dialog has a `data-dialog` name tests can find.
 */

export interface DialogButton {
  label: string;
  primary?: boolean;
  /** Return false to keep the dialog open (e.g. a form with an error). */
  onClick?: () => boolean | undefined | Promise<boolean | undefined>;
  test?: string;
}

export interface DialogOptions {
  name: string;
  title: string;
  body: HTMLElement | string;
  buttons?: DialogButton[];
  wide?: boolean;
  onClose?: () => void;
}

let layer: HTMLElement | null = null;
let closeCurrent: (() => void) | null = null;

function ensureLayer(): HTMLElement {
  if (!layer) {
    layer = document.createElement("div");
    layer.className = "dialog-layer hidden";
    document.body.append(layer);
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && closeCurrent) closeCurrent();
    });
  }
  return layer;
}

/** True while a dialog is open (the space key then belongs to the dialog). */
export function dialogOpen(): boolean {
  return closeCurrent !== null;
}

/** Closes the open dialog, if any. */
export function closeDialog(): void {
  closeCurrent?.();
}

/** Opens a dialog; resolves when it closes. */
export function openDialog(options: DialogOptions): Promise<void> {
  closeDialog();
  const root = ensureLayer();
  const box = document.createElement("div");
  box.className = `dialog${options.wide ? " wide" : ""}`;
  box.dataset.dialog = options.name;
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", options.title);
  box.innerHTML = `<header><h2>${options.title}</h2><button class="dialog-close" aria-label="Close" data-test="dialog-close">✕</button></header><div class="dialog-body"></div><footer></footer>`;
  const body = box.querySelector(".dialog-body") as HTMLElement;
  if (typeof options.body === "string") body.innerHTML = options.body;
  else body.append(options.body);
  const footer = box.querySelector("footer") as HTMLElement;
  root.innerHTML = "";
  root.append(box);
  root.classList.remove("hidden");
  return new Promise((resolve) => {
    const close = () => {
      if (closeCurrent !== close) return;
      closeCurrent = null;
      root.classList.add("hidden");
      root.innerHTML = "";
      options.onClose?.();
      resolve();
    };
    closeCurrent = close;
    (box.querySelector(".dialog-close") as HTMLElement).addEventListener("click", close);
    for (const b of options.buttons ?? [{ label: "OK", primary: true }]) {
      const button = document.createElement("button");
      button.className = `btn${b.primary ? " primary" : ""}`;
      button.textContent = b.label;
      if (b.test) button.dataset.test = b.test;
      button.addEventListener("click", async () => {
        const keep = (await b.onClick?.()) === false;
        if (!keep) close();
      });
      footer.append(button);
    }
  });
}
