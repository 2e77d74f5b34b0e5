/**
 * The game's aria-live region: what a sighted player sees drawn on the canvas (wins,
 * features) is said to screen-reader users too, one message per step, and the balance
 * when a round comes to rest.
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

  /**
   * Says `lead`, then what was added since the last message, then `tail` (the balance once a
   * round is at rest: the figure a sighted player reads on the meter).
   */
  flush(lead = "", tail = ""): void {
    const text = [lead, ...this.parts, tail].filter(Boolean).join(" ");
    this.parts = [];
    if (text) this.element.textContent = text;
  }
}
