/**
 * The autoplay dialogs: the settings form (spins, a mandatory loss limit, an optional
 * single-win limit, stop on jackpot) and the closing summary. Typed limits are read with
 * either decimal mark and echoed back as the amount they were read as, before anything starts.
 */
import { formatMoneyCode, readMoneyInput } from "../format.js";
import { openDialog } from "./dialog.js";
import { escapeHtml } from "./html.js";

/** What the player chose; limits in minor units. */
export interface AutoplaySettings {
  spins: number;
  lossLimit: number;
  singleWinLimit: number | null;
  stopOnJackpot: boolean;
}

export const STOP_REASONS: Readonly<Record<string, string>> = {
  spins: "All autoplay spins were played.",
  lossLimit: "Your loss limit was reached.",
  singleWinLimit: "A single win reached your win limit.",
  jackpot: "A jackpot was won.",
  feature: "A feature started: it waits for you.",
  player: "You stopped autoplay.",
  funds: "Not enough money for the next spin.",
  error: "A spin could not be played, so autoplay stopped.",
  roundCancelled: "The operator cancelled the round autoplay waited for.",
  replaced: "A new autoplay replaced this one.",
};

/** Opens the settings form; resolves with the settings, or null when the player cancels. */
export async function askAutoplay(
  totalBet: number,
  currency: string,
  money: (minor: number) => string,
): Promise<AutoplaySettings | null> {
  const form = document.createElement("form");
  form.className = "autoplay-form";
  form.innerHTML = `
    <label>Number of spins
      <select name="spins" data-test="ap-spins">${[10, 25, 50, 75, 100].map((n) => `<option value="${n}">${n}</option>`).join("")}</select></label>
    <label>Stop if my loss reaches (required)
      <input name="loss" inputmode="decimal" autocomplete="off" data-test="ap-loss" placeholder="e.g. ${formatMoneyCode(totalBet * 10, "").trim()}" required aria-describedby="ap-loss-echo"></label>
    <p class="echo" id="ap-loss-echo" data-test="ap-loss-echo" aria-live="polite"></p>
    <label>Stop if a single win reaches (optional)
      <input name="win" inputmode="decimal" autocomplete="off" data-test="ap-win" placeholder="no limit" aria-describedby="ap-win-echo"></label>
    <p class="echo" id="ap-win-echo" data-test="ap-win-echo" aria-live="polite"></p>
    <label class="check"><input type="checkbox" name="jackpot" data-test="ap-jackpot" checked> Stop if a jackpot is won</label>
    <p class="hint">Bet per spin: <b>${money(totalBet)}</b>. Free spins and bonus games always wait for you.</p>
    <p class="form-error" data-test="ap-error" role="alert"></p>`;
  form.addEventListener("submit", (e) => e.preventDefault());
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const errorEl = form.querySelector(".form-error") as HTMLElement;
  // Echo each limit as it was read, while the player types: "4,50" shows "Loss limit: 4.50 EUR".
  const echo = (name: string, label: string) => {
    const out = form.querySelector(`#ap-${name}-echo`) as HTMLElement;
    const update = () => {
      const text = field(name).value.trim();
      const reading = readMoneyInput(text);
      out.classList.toggle("bad", text !== "" && !reading.ok);
      out.textContent = text === "" ? "" : reading.ok ? `${label}: ${formatMoneyCode(reading.minor, currency)}` : reading.reason;
    };
    field(name).addEventListener("input", update);
  };
  echo("loss", "Loss limit");
  echo("win", "Win limit");
  const refuse = (text: string) => {
    errorEl.textContent = text;
    return false;
  };
  let chosen: AutoplaySettings | null = null;
  await openDialog({
    name: "autoplay",
    title: "Autoplay",
    body: form,
    buttons: [
      { label: "Cancel" },
      {
        label: "Start autoplay",
        primary: true,
        test: "ap-start",
        onClick: () => {
          const loss = readMoneyInput(field("loss").value);
          if (field("loss").value.trim() === "") return refuse("Enter a loss limit: autoplay needs one.");
          if (!loss.ok) return refuse(`Loss limit: ${loss.reason}`);
          if (loss.minor <= 0) return refuse("The loss limit must be more than zero.");
          const winText = field("win").value.trim();
          const win = winText ? readMoneyInput(winText) : null;
          if (win && !win.ok) return refuse(`Win limit: ${win.reason}`);
          if (win?.ok && win.minor <= 0) return refuse("The win limit must be more than zero.");
          chosen = {
            spins: Number(field("spins").value),
            lossLimit: loss.minor,
            singleWinLimit: win?.ok ? win.minor : null,
            stopOnJackpot: field("jackpot").checked,
          };
          return undefined;
        },
      },
    ],
  });
  return chosen;
}

/** The closing summary: why autoplay stopped, spins played, and the change of balance. */
export function showAutoplayStopped(reason: string, done: number, total: number, result: string): Promise<void> {
  return openDialog({
    name: "autoplay-stopped",
    title: "Autoplay stopped",
    body: `<p data-test="ap-reason" data-reason="${escapeHtml(reason)}">${escapeHtml(STOP_REASONS[reason] ?? reason)}</p>
      <p>Spins played: <b>${done} of ${total}</b> · Result: <b data-test="ap-result">${escapeHtml(result)}</b></p>`,
  });
}
