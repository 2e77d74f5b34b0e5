/**
 * The Extra Spin (sheet 2.7): when a spin ends without a prize and the program has drawn the
 * Extra Spin, the reels spin again "awarding a prize to the player". Ruled (DESIGN.md §2): the
 * reels re-spin until a CASH line shows, so its prize is the centre line's law conditioned on
 * a cash prize, exactly (the same landing weights). Its prize may be risked in Sube-Bonos when
 * it is below the Green Diamond; the three diamonds' prizes are paid as they are.
 */
import { tuplePayAt } from "@reelhouse/engine";
import { LOWER_LINES } from "./lower-paytable.js";
import { centreLaws, type LandingWeights, UNIFORM_WEIGHTS } from "./lower-reels.js";
import { LOWER_BETS } from "./sheet.js";

/** One prize an Extra Spin can give: the rule's name, its cash (cents) and its probability given a cash line. */
export interface ExtraSpinPrize {
  readonly name: string;
  readonly cash: number;
  readonly probability: number;
}

/** The Extra Spin's prize law at bet `bet` under `weights`: P(each cash prize | a cash line), and its mean x the bet. */
export function extraSpinLaw(
  bet: number,
  weights: LandingWeights = UNIFORM_WEIGHTS,
): { prizes: ExtraSpinPrize[]; meanX: number; cashLine: number } {
  const compiled = LOWER_LINES[bet];
  const stake = LOWER_BETS[bet];
  if (!compiled || stake === undefined) throw new RangeError(`no lower bet ${bet}`);
  const laws = centreLaws(weights);
  const byName = new Map<string, { cash: number; p: number }>();
  let cashLine = 0;
  const S = laws[0]?.length ?? 0;
  for (let a = 0; a < S; a++)
    for (let b = 0; b < S; b++)
      for (let c = 0; c < S; c++) {
        const p = (laws[0]?.[a] as number) * (laws[1]?.[b] as number) * (laws[2]?.[c] as number);
        if (p === 0) continue;
        const pay = tuplePayAt(compiled, (a * S + b) * S + c);
        if (pay.cash <= 0) continue;
        cashLine += p;
        const old = byName.get(pay.name ?? "") ?? { cash: pay.cash, p: 0 };
        byName.set(pay.name ?? "", { cash: pay.cash, p: old.p + p });
      }
  if (cashLine === 0) throw new Error("extraSpinLaw: no cash line can show under these weights");
  const prizes = [...byName]
    .map(([name, v]) => ({ name, cash: v.cash, probability: v.p / cashLine }))
    .sort((x, y) => x.cash - y.cash);
  const meanX = prizes.reduce((m, q) => m + q.probability * q.cash, 0) / stake;
  return { prizes, meanX, cashLine };
}
