/**
 * The Cauldrons minigame (sheet 2.5): three WINDOW figures on the centre line show three
 * cauldrons with a prize each; the prizes are drawn among the three lids and the player lifts
 * one. Ruled (DESIGN.md §2): the prizes are ladder values of the bet (so the prize won may go
 * on to Sube-Bonos), within the bet's Cauldrons range. The program draws the three prizes as
 * one entry of a weighted table (the lever per RTP level and bet), then shuffles them under the
 * lids: whatever lid the player lifts, each of the three is equally likely, so the minigame's
 * value is the table's mean of the three prizes' average, for every player.
 */
import { drawWeighted, type Rng, shuffled, type WeightedTable, weightedTable } from "@reelhouse/engine";
import { rungs } from "./ladder.js";
import { CAULDRON_RANGE } from "./sheet.js";

/** Three prizes, as rungs of the bet's ladder (0-based indices into `rungs(bet)`). */
export type CauldronTriple = readonly [number, number, number];

/** A Cauldrons table: weighted triples of rungs. */
export interface CauldronTable {
  readonly bet: number;
  readonly triples: readonly { readonly rungs: CauldronTriple; readonly weight: number }[];
}

/**
 * Validates a table against the sheet: every prize a rung of the bet's ladder within its
 * Cauldrons range; integer weights. Returns the compiled weighted table. Throws a RangeError.
 */
export function cauldronTable(table: CauldronTable): WeightedTable<CauldronTriple> {
  const ladder = rungs(table.bet);
  const range = CAULDRON_RANGE[table.bet];
  if (!range) throw new RangeError(`no lower bet ${table.bet}`);
  for (const t of table.triples)
    for (const r of t.rungs) {
      const prize = ladder[r];
      if (prize === undefined || prize < range[0] || prize > range[1])
        throw new RangeError(`rung ${r} (${prize} cents) is not a Cauldrons prize at bet ${table.bet}`);
    }
  return weightedTable(table.triples.map((t) => ({ value: t.rungs, weight: t.weight })));
}

/** The three prizes under the lids, left to right (cents): a triple drawn, then shuffled. */
export function drawCauldrons(bet: number, table: WeightedTable<CauldronTriple>, rng: Rng): [number, number, number] {
  const ladder = rungs(bet);
  const triple = drawWeighted(table, rng);
  return shuffled(
    triple.map((r) => ladder[r] as number),
    rng,
  ) as [number, number, number];
}

/** The minigame's value (cents): E[one of the three prizes, uniformly] over the table. */
export function cauldronsValue(bet: number, table: WeightedTable<CauldronTriple>): number {
  const ladder = rungs(bet);
  let value = 0;
  table.values.forEach((triple, i) => {
    const mean = triple.reduce((a, r) => a + (ladder[r] as number), 0) / 3;
    value += (mean * (table.weights[i] as number)) / table.total;
  });
  return value;
}
