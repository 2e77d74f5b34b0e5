/**
 * The game's aria-live region: what a sighted player sees drawn on the canvas (wins,
 * features) is said to screen-reader users too, one message per step.
 */
export class Announcer {
  readonly element: HTMLElement;
  private parts: string[] = [];

  constructor() {
    this.element = document.createElement("div");
    this.element.className = "sr-only";
    this.element.setAttribute("aria-live", "polite");
    this.element.setAttribute("role", "status");
    this.element.dataset.test = "live";
  }

  /** Adds a sentence to the next message (a game view's details: lines, features). */
  add(text: string): void {
    if (text) this.parts.push(text);
  }

  /** Says `lead` followed by what was added since the last message. */
  flush(lead = ""): void {
    const text = [lead, ...this.parts].filter(Boolean).join(" ");
    this.parts = [];
    if (text) this.element.textContent = text;
  }
}
