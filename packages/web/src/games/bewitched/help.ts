/**
 * Bewitched's paytable (with the "Your witch" section the sheet puts there) and rules, from
 * the server's description: pays in coins and in currency at the player's bet, the witch
 * battle's pays, Merlin, free spins, the progressive per coin value and the double.
 */
import { paytableAt, renderRules } from "../../shell/kit/paytable.js";
import type { BetChoice, GameContext, GameDescription } from "../../shell/types.js";
import { SYMBOL_ART } from "./art.js";
import type { WitchChoice } from "./witch.js";

/** A list of numbers from the description (an absent or odd value gives none). */
function numbers(value: unknown): number[] {
  return Array.isArray(value) && value.every((n) => typeof n === "number") ? value : [];
}

/** A description field `key` of `source`, read without trusting its shape. */
function field(source: unknown, key: string): unknown {
  return typeof source === "object" && source !== null ? (Reflect.get(source, key) as unknown) : undefined;
}

/** The witch battle's pays by WITCH count (index = count) and the free spins 3, 4 and 5 award. */
function battle(description: GameDescription): { pays: number[]; freeSpins: number[] } {
  const features = field(description.features, "witchBattle");
  return {
    pays: numbers(field(description.paytable, "witchBattle") ?? field(features, "pays")),
    freeSpins: numbers(field(features, "freeSpins")),
  };
}

/** The paytable at the bet: the player's witch first (the sheet's place to change her), then the symbols. */
export function bewitchedPaytable(ctx: GameContext, choice: BetChoice, witches: WitchChoice): HTMLElement {
  const { pays, freeSpins } = battle(ctx.description);
  const spins = [3, 4, 5].map((k) => freeSpins[k] ?? 0);
  const root = paytableAt(ctx, choice, {
    // Pays by count from 1: the description's list is indexed by the count itself.
    scatterPays: { WITCH: pays.slice(1) },
    art: SYMBOL_ART,
    notes: {
      wild: "WILD — the Spell Book replaces every symbol except the Witch and Merlin, and pays on its own",
      scatter: `SCATTER — 2 to 5 Witches anywhere: the witches battle and pay × the total bet; 3 / 4 / 5 also award ${spins.join(" / ")} free spins`,
      bonus:
        "BONUS — 3 or more Merlins anywhere start Merlin's vials: 15× to 300× the bet, 15 to 60 free spins, or the progressive",
    },
    howLinesPay:
      "Line wins pay left to right from reel 1 on the lines played; only the highest win per line is paid; in free spins line wins are doubled.",
  });
  root.prepend(witches.section());
  return root;
}

/** The rules: each feature as the server describes it, then betting, the double, autoplay and the return. */
export function bewitchedRules(description: GameDescription): HTMLElement {
  const long = Number(field(description, "rtpLongRun"));
  return renderRules(description, "bw-rules game-rules", [
    [
      "Your witch",
      "After the game first loads you pick the witch who accompanies you; she battles the other witch whenever Witches appear and always wins. The battle changes no pay. Pick the other witch in the paytable at any time; your choice is kept for your next visit.",
    ],
    ["Wild", description.rules.wild ?? ""],
    ["Witch battle", description.rules.witchBattle ?? ""],
    ["Merlin's vials", description.rules.merlin ?? ""],
    ["Free spins", description.rules.freeSpins ?? ""],
    ["Progressive jackpot", description.rules.progressive ?? ""],
    [
      "Simultaneous jackpot wins",
      "Merlin's prize is drawn when Merlin appears, and a jackpot is taken from the pool at that moment: the vials only reveal it. If two players win the same pool close together, the first pays the full amount and the next the pool's value at that moment, at least its starting amount.",
    ],
    ["Double", description.rules.double ?? ""],
    [
      "Previous cards",
      "The strip under the card shows the previous cards, latest first on the left: the cards of this round's doubles and of your earlier ones in this browser tab.",
    ],
    [
      "Betting and payouts",
      "Choose 1–15 lines, 1–10 coins per line and a coin value; BET MAX sets 15 lines × 10 coins at the current coin value. Line wins = paytable coins × coins per line × coin value; wins on different lines add. Witch battle wins = pay × total bet. Free spins play at the bet that won them.",
    ],
    ["Autoplay", "Autoplay needs a loss limit; it never starts free spins or Merlin's vials by itself, and never doubles."],
    ["Malfunction", "Malfunction voids all pays and plays."],
    [
      "Return to player",
      `The theoretical return to player is ${(description.rtp * 100).toFixed(2)}% with the progressive at its starting amount${Number.isFinite(long) && long > 0 ? ` and ${(long * 100).toFixed(2)}% in the long run (the 0.5% of every bet the pools pay back)` : ""}.`,
    ],
  ]);
}
