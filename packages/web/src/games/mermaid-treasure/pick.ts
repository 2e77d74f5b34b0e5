/**
 * The Treasure pick screen: closed clams the player opens one by one. The client only
 * says which clam; the server draws the prize and the screen shows what it revealed.
 * Clams not opened stay closed and empty: their contents are never sent.
 */
import { CLAM_CLOSED, CLAM_OPEN, svgUrl } from "./art.js";

export interface Revealed {
  object: number;
  coins: number;
  amount: number;
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

  constructor(private readonly money: (minor: number) => string) {
    this.element = document.createElement("div");
    this.element.className = "mt-pick hidden";
    this.element.innerHTML = `
      <div class="mt-pick-head">
        <div class="mt-pick-title">TREASURE BONUS</div>
        <div class="mt-pick-status" data-test="pick-status"></div>
        <div class="mt-pick-total" data-test="pick-total"></div>
      </div>
      <div class="mt-pick-grid" data-test="pick-grid"></div>`;
    this.grid = this.element.querySelector(".mt-pick-grid") as HTMLElement;
    this.status = this.element.querySelector(".mt-pick-status") as HTMLElement;
    this.total = this.element.querySelector(".mt-pick-total") as HTMLElement;
  }

  get isOpen(): boolean {
    return !this.element.classList.contains("hidden");
  }

  /** Opens the screen for `picks` choices among `objects` clams, with any already revealed. */
  open(picks: number, objects: number, revealed: Revealed[] = []): void {
    this.objects = objects;
    this.picks = picks;
    this.revealed = [...revealed];
    this.sumAmount = revealed.reduce((a, r) => a + r.amount, 0);
    this.sumCoins = revealed.reduce((a, r) => a + r.coins, 0);
    this.grid.innerHTML = "";
    for (let i = 0; i < objects; i++) {
      const button = document.createElement("button");
      button.className = "mt-clam";
      button.dataset.object = String(i);
      button.setAttribute("aria-label", `Clam ${i + 1}`);
      button.innerHTML = `<img alt="" src="${svgUrl(CLAM_CLOSED)}"><span class="mt-clam-prize"></span>`;
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

  /** Waits for the player to choose a closed clam. */
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
    (button.querySelector("img") as HTMLImageElement).src = svgUrl(CLAM_OPEN);
    (button.querySelector(".mt-clam-prize") as HTMLElement).textContent = this.money(r.amount);
  }

  private update(): void {
    const left = Math.max(0, this.picks - this.revealed.length);
    this.status.textContent = left > 0 ? `PICK ${left} OF ${this.objects} CLAMS` : "";
    this.total.innerHTML = `BONUS <b>${this.money(this.sumAmount)}</b> <small>${this.sumCoins} coins</small>`;
  }
}
