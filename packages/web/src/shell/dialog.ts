/**
 * Modal dialogs of the shell, on the native `<dialog>` element opened with `showModal()`:
 * the browser makes the rest of the page inert and exposes the dialog as modal to
 * assistive technology. This module adds what the element lacks: Tab kept inside, focus
 * given back to the control that opened it, a click on the backdrop closing it, and one
 * dialog at a time. Each dialog carries a `data-dialog` name tests can find.
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
  /** False for a choice the player must make: no close cross, Escape and the backdrop do nothing. */
  dismissible?: boolean;
  onClose?: () => void;
}

let closeCurrent: (() => void) | null = null;

/** True while a dialog is open (the space key then belongs to the dialog). */
export function dialogOpen(): boolean {
  return closeCurrent !== null;
}

/** Closes the open dialog, if any. */
export function closeDialog(): void {
  closeCurrent?.();
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The dialog's focusable controls in tab order (only those on view). */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

let counter = 0;

/**
 * A body taller than the dialog scrolls; with nothing focusable inside (rules, paytable) a
 * keyboard player could not scroll it. It then becomes a named region in the tab order
 * (arrow keys and Page Down scroll it), and leaves the tab order when it fits again. Checked
 * when its content or size changes (the history fills in after opening, pictures load).
 */
function keyboardScrollable(body: HTMLElement, titleId: string): void {
  const check = () => {
    const scrolls = body.scrollHeight > body.clientHeight + 1 || body.scrollWidth > body.clientWidth + 1;
    const reachable = scrolls && !body.querySelector(FOCUSABLE);
    if (reachable === body.hasAttribute("tabindex")) return;
    if (reachable) {
      body.tabIndex = 0;
      body.setAttribute("role", "region");
      body.setAttribute("aria-labelledby", titleId);
    } else {
      body.removeAttribute("tabindex");
      body.removeAttribute("role");
      body.removeAttribute("aria-labelledby");
    }
  };
  check();
  new ResizeObserver(check).observe(body);
  new MutationObserver(check).observe(body, { childList: true, subtree: true });
  // Pictures (the paytable's symbols) grow the content when they load.
  body.addEventListener("load", check, true);
}

/** Opens a modal dialog; resolves when it closes. */
export function openDialog(options: DialogOptions): Promise<void> {
  closeDialog();
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const dismissible = options.dismissible !== false;
  const id = `dialog-title-${++counter}`;
  const dialog = document.createElement("dialog");
  dialog.className = `dialog${options.wide ? " wide" : ""}`;
  dialog.dataset.dialog = options.name;
  // Implicit for a modal <dialog>; written out for tools that read attributes only.
  dialog.setAttribute("role", "dialog");
  dialog.setAttribute("aria-modal", "true");
  dialog.setAttribute("aria-labelledby", id);
  // The box fills the element, so a click whose target is the <dialog> itself hit the backdrop.
  dialog.innerHTML = `<div class="dialog-box"><header><h2 id="${id}"></h2>${
    dismissible ? '<button class="dialog-close" aria-label="Close" data-test="dialog-close">✕</button>' : ""
  }</header><div class="dialog-body"></div><footer></footer></div>`;
  (dialog.querySelector("h2") as HTMLElement).textContent = options.title;
  const body = dialog.querySelector(".dialog-body") as HTMLElement;
  if (typeof options.body === "string") body.innerHTML = options.body;
  else body.append(options.body);
  const footer = dialog.querySelector("footer") as HTMLElement;
  document.body.append(dialog);

  return new Promise((resolve) => {
    const close = () => {
      if (closeCurrent !== close) return;
      closeCurrent = null;
      dialog.close();
      dialog.remove();
      options.onClose?.();
      // Back to where the player was, unless that control has gone meanwhile.
      if (opener?.isConnected && !dialogOpen()) opener.focus();
      resolve();
    };
    closeCurrent = close;
    dialog.querySelector(".dialog-close")?.addEventListener("click", close);
    // Escape: the browser's cancel event; a choice the player must make ignores it.
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      if (dismissible) close();
    });
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog && dismissible) close();
    });
    // Tab and Shift+Tab wrap inside the dialog instead of leaving for the browser's own UI.
    dialog.addEventListener("keydown", (event) => {
      if (event.key !== "Tab") return;
      const list = focusables(dialog);
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    });
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
    dialog.showModal();
    keyboardScrollable(body, id);
    // First focus: a form field, else the primary button, else the first control.
    const field = body.querySelector<HTMLElement>("input:not([type=checkbox]), select, textarea");
    const target = field ?? footer.querySelector<HTMLElement>(".btn.primary") ?? focusables(dialog)[0];
    target?.focus();
  });
}
