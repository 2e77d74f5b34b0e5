/**
 * The sheet's "Winning Line Field", below the reels: the line number and the amount each
 * winning combination paid, one after another (all of them are in the list, one is shown at
 * a time; a scatter win says its symbol instead of a line), and at rest a short note: the
 * lines in play, or why the Fold is not offered. Every amount is the server's.
 */
import { escapeHtml } from "../../shell/html.js";

export interface FieldEntry {
  /** 1-based line, or null for a scatter win. */
  line: number | null;
  /** What won: "3 × Ruby", "3 Full Moons". */
  what: string;
  amount: string;
}

const CYCLE_MS = 1300;

export class LineField {
  readonly element: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly note: HTMLElement;
  private timer: ReturnType<typeof setInterval> | null = null;
  private shown = 0;

  constructor(private readonly idle: string) {
    this.element = document.createElement("div");
    this.element.className = "mg-line-field";
    this.element.dataset.test = "line-field";
    this.element.innerHTML = `<span class="mg-field-label" aria-hidden="true">WINNING LINE</span><ol class="mg-field-list" data-test="line-field-list"></ol><span class="mg-field-note" data-test="line-field-note"></span>`;
    this.list = this.element.querySelector("ol") as HTMLOListElement;
    this.note = this.element.querySelector(".mg-field-note") as HTMLElement;
    this.clear();
  }

  /** Nothing won yet (a spin under way, or at rest before the first): the lines in play. */
  clear(note = this.idle): void {
    this.stopCycle();
    this.list.innerHTML = "";
    this.element.classList.remove("won");
    this.setNote(note);
  }

  /** The spin's wins, shown one after another (the first at once). */
  show(entries: readonly FieldEntry[]): void {
    this.stopCycle();
    this.list.innerHTML = entries
      .map(
        (e) =>
          `<li data-line="${e.line ?? ""}"><b class="mg-field-line">${e.line === null ? "SCATTER" : `LINE ${e.line}`}</b> <b class="mg-field-amount" data-test="line-field-amount">${escapeHtml(e.amount)}</b> <span class="mg-field-what">${escapeHtml(e.what)}</span></li>`,
      )
      .join("");
    this.element.classList.toggle("won", entries.length > 0);
    this.setNote("");
    this.shown = 0;
    this.light();
    if (entries.length > 1)
      this.timer = setInterval(() => {
        this.shown = (this.shown + 1) % entries.length;
        this.light();
      }, CYCLE_MS);
  }

  /** A note beside the wins (e.g. the Fold not offered above its limit). */
  setNote(text: string): void {
    this.note.textContent = text;
    this.note.classList.toggle("hidden", text === "");
  }

  get noteText(): string {
    return this.note.textContent ?? "";
  }

  destroy(): void {
    this.stopCycle();
  }

  private light(): void {
    [...this.list.children].forEach((li, i) => {
      li.classList.toggle("on", i === this.shown);
    });
  }

  private stopCycle(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}
