/**
 * The lower game's centre line as the sheet pays it (sheet 2.2, 2.5, 2.6), on the engine's
 * tuple paytable: three of a prize figure pay its prize at the bet; three diamonds of mixed
 * colours pay "Any Diamonds"; 1, 2 or 3 Bonus figures anywhere on the line pay Bonuses; three
 * WINDOW figures open the Cauldrons (a `cauldrons` unit marks the feature). The highest prize
 * wins, a Bonus valued at 0.80 EUR, the Cauldrons above everything (the minigame pays at least
 * the Any Diamonds prize and replaces the line).
 */
import { type CompiledTuplePaytable, compileTuplePaytable, type TupleRule, tuplePaytable } from "@reelhouse/engine";
import { BONUS_FIGURE_PAYS, BONUS_VALUE, LOWER_BETS, PAYOUT_PLAN, type PrizeId } from "./sheet.js";

/** The lower reels' figures: the eight fruit and diamond prizes, the Bonus figure and the Window (Cauldrons). */
export const LOWER_FIGURES = [
  "BLUE_DIAMOND",
  "RED_DIAMOND",
  "GREEN_DIAMOND",
  "BELL",
  "LEMON",
  "ORANGE",
  "GRAPE",
  "PLUM",
  "BONUS",
  "WINDOW",
] as const;

export type LowerFigure = (typeof LOWER_FIGURES)[number];

/** The figure whose three on the centre line pay each prize (Any Diamonds: three of the diamonds, mixed). */
export const PRIZE_FIGURE: Readonly<Record<Exclude<PrizeId, "anyDiamonds">, LowerFigure>> = {
  blueDiamond: "BLUE_DIAMOND",
  redDiamond: "RED_DIAMOND",
  greenDiamond: "GREEN_DIAMOND",
  bells: "BELL",
  lemons: "LEMON",
  oranges: "ORANGE",
  grapes: "GRAPE",
  plums: "PLUM",
};

const DIAMONDS: readonly LowerFigure[] = ["BLUE_DIAMOND", "RED_DIAMOND", "GREEN_DIAMOND"];

/** The unit that marks three WINDOW figures: the Cauldrons minigame follows. */
export const CAULDRONS_UNIT = "cauldrons";

/** The centre line's rules at bet `bet` (index into `LOWER_BETS`); cash in cents, Bonuses in the `bonus` unit. */
export function lowerLineRules(bet: number): TupleRule[] {
  if (!Number.isInteger(bet) || bet < 0 || bet >= LOWER_BETS.length) throw new RangeError(`no lower bet ${bet}`);
  const cash = (id: PrizeId) => PAYOUT_PLAN[id][bet] as number;
  const bonuses = BONUS_FIGURE_PAYS[bet] as readonly [number, number, number];
  return [
    { name: "cauldrons", kind: "same", figures: ["WINDOW"], units: { [CAULDRONS_UNIT]: 1 } },
    ...(Object.entries(PRIZE_FIGURE) as [Exclude<PrizeId, "anyDiamonds">, LowerFigure][]).map(
      ([id, figure]): TupleRule => ({ name: id, kind: "same", figures: [figure], cash: cash(id) }),
    ),
    { name: "anyDiamonds", kind: "count", set: DIAMONDS, counts: [3], cash: cash("anyDiamonds") },
    ...[1, 2, 3].map(
      (k): TupleRule => ({
        name: `bonus${k}`,
        kind: "count",
        set: ["BONUS"],
        counts: [k],
        units: { bonus: bonuses[k - 1] as number },
      }),
    ),
  ];
}

/** The compiled centre line of every bet (10^3 tuples each), built once. */
export const LOWER_LINES: readonly CompiledTuplePaytable[] = LOWER_BETS.map((_, bet) =>
  compileTuplePaytable(
    tuplePaytable({
      symbols: LOWER_FIGURES,
      reels: 3,
      rules: lowerLineRules(bet),
      resolve: "highest",
      // The Cauldrons outrank every prize: they replace the line whatever it shows.
      unitValues: { bonus: BONUS_VALUE, [CAULDRONS_UNIT]: 1e12 },
    }),
  ),
);
