/**
 * The pick screen kit: closed objects the player opens one by one. The client only says
 * which object; the server draws the prize and the screen shows what it revealed. Objects
 * not opened stay closed and empty: their contents are never sent. An object may reveal an
 * amount (a prize) or something else the game names (an ingredient, a symbol) with its own
 * picture; the game then says what the picks add up to (`conclude`).
 */
import { svgUrl } from "./art.js";

/** A game's look and words for its pick screen. */
export interface PickScreenOptions {
  /** The heading ("PICK BONUS"). */
  title: string;
  /** What one object is called, for its accessible name ("Chest" gives "Chest 3"). */
  objectName: string;
  /** SVG sources of a closed and an opened object. */
  closedArt: string;
  openArt: string;
  money(minor: number): string;
  /** The line shown while the player chooses (default: "PICK 2 OF 12"). */
  status?(left: number, objects: number): string;
  /** False: no running total of amounts (the objects reveal no money). Default true. */
  total?: boolean;
  /** The game's own class on the screen (its look), beside `pick-screen`. */
  className?: string;
  /** The screen's `data-test` name (default none). */
  test?: string;
}

export interface Revealed {
  object: number;
  coins: number;
  amount: number;
  /** What the object showed, instead of the amount (e.g. "Toad"). */
  label?: string;
  /** SVG source of this opened object (default: the options' `openArt`). */
  art?: string;
}

export class PickScreen {
  readonly element: HTMLElement;
  private readonly grid: HTMLElement;
  private readonly status: HTMLElement;
  private readonly total: HTMLElement;
  private objects = 0;
  private picks = 0;
  private revealed: Revealed[] = [];
  private choose: ((object: number) => void) | null = null;
  private sumAmount = 0;
  private sumCoins = 0;

  private readonly money: (minor: number) => string;

  constructor(private readonly options: PickScreenOptions) {
    this.money = options.money;
    this.element = document.createElement("div");
    this.element.className = `pick-screen hidden${options.className ? ` ${options.className}` : ""}`;
    if (options.test) this.element.dataset.test = options.test;
    this.element.innerHTML = `
      <div class="pick-head">
        <div class="pick-title"></div>
        <div class="pick-status" data-test="pick-status" aria-live="polite"></div>
        <div class="pick-total" data-test="pick-total"></div>
      </div>
      <div class="pick-grid" data-test="pick-grid"></div>`;
    (this.element.querySelector(".pick-title") as HTMLElement).textContent = options.title;
    this.grid = this.element.querySelector(".pick-grid") as HTMLElement;
    this.status = this.element.querySelector(".pick-status") as HTMLElement;
    this.total = this.element.querySelector(".pick-total") as HTMLElement;
  }

  get isOpen(): boolean {
    return !this.element.classList.contains("hidden");
  }

  /** Opens the screen for `picks` choices among `objects` objects, with any already revealed. */
  open(picks: number, objects: number, revealed: Revealed[] = []): void {
    this.objects = objects;
    this.picks = picks;
    this.revealed = [...revealed];
    this.sumAmount = revealed.reduce((a, r) => a + r.amount, 0);
    this.sumCoins = revealed.reduce((a, r) => a + r.coins, 0);
    this.grid.innerHTML = "";
    for (let i = 0; i < objects; i++) {
      const button = document.createElement("button");
      button.className = "pick-object";
      button.dataset.object = String(i);
      button.setAttribute("aria-label", `${this.options.objectName} ${i + 1}`);
      button.innerHTML = `<img alt="" src="${svgUrl(this.options.closedArt)}"><span class="pick-prize"></span>`;
      button.addEventListener("click", () => {
        if (!this.choose || button.classList.contains("open")) return;
        const resolve = this.choose;
        this.choose = null;
        this.setChoosing(false);
        button.classList.add("chosen");
        resolve(i);
      });
      this.grid.append(button);
    }
    for (const r of revealed) this.showPrize(r, false);
    this.element.classList.remove("hidden");
    this.setChoosing(false);
    this.update();
  }

  /** Waits for the player to choose a closed object. */
  pick(): Promise<number> {
    this.setChoosing(true);
    this.update();
    return new Promise((resolve) => {
      this.choose = resolve;
    });
  }

  /** Shows a prize the server revealed. */
  reveal(r: Revealed): void {
    this.revealed.push(r);
    this.sumAmount += r.amount;
    this.sumCoins += r.coins;
    this.showPrize(r, true);
    this.update();
  }

  /** Shows the bonus total; the shell closes the screen afterwards. */
  finish(coins: number, amount: number, capped: boolean): void {
    this.status.textContent = capped ? "MAXIMUM BONUS REACHED" : "BONUS COMPLETE";
    this.total.innerHTML = `BONUS WIN <b>${this.money(amount)}</b> <small>${coins} coins</small>`;
    this.setChoosing(false);
  }

  /** Ends the picks with the game's own words: `status` for the line, `totalHtml` (HTML) for the total. */
  conclude(status: string, totalHtml = ""): void {
    this.status.textContent = status;
    this.total.innerHTML = totalHtml;
    this.setChoosing(false);
  }

  close(): void {
    this.choose = null;
    this.element.classList.add("hidden");
  }

  private setChoosing(on: boolean): void {
    this.element.classList.toggle("choosing", on);
  }

  private showPrize(r: Revealed, animate: boolean): void {
    const button = this.grid.querySelector<HTMLButtonElement>(`[data-object="${r.object}"]`);
    if (!button) return;
    button.classList.add("open");
    if (animate) button.classList.add("reveal");
    (button.querySelector("img") as HTMLImageElement).src = svgUrl(r.art ?? this.options.openArt);
    const shown = r.label ?? this.money(r.amount);
    (button.querySelector(".pick-prize") as HTMLElement).textContent = shown;
    button.dataset.revealed = shown;
    button.setAttribute("aria-label", `${this.options.objectName} ${r.object + 1}: ${shown}`);
  }

  private update(): void {
    const left = Math.max(0, this.picks - this.revealed.length);
    this.status.textContent = left > 0 ? (this.options.status?.(left, this.objects) ?? `PICK ${left} OF ${this.objects}`) : "";
    this.total.innerHTML =
      this.options.total === false ? "" : `BONUS <b>${this.money(this.sumAmount)}</b> <small>${this.sumCoins} coins</small>`;
  }
}
