/** The Cauldrons (sheet 2.5): ladder prizes within the bet's range, shuffled under the lids, a value the same whatever lid is lifted. */
import { Xoshiro128 } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { type CauldronTable, cauldronsValue, cauldronTable, drawCauldrons } from "./cauldrons.js";
import { rungs } from "./ladder.js";

const TABLE: CauldronTable = {
  bet: 0,
  triples: [
    { rungs: [0, 1, 2], weight: 6 },
    { rungs: [1, 3, 5], weight: 3 },
    { rungs: [2, 6, 8], weight: 1 },
  ],
};

describe("Cauldrons", () => {
  it("prizes are rungs of the bet's ladder within its Cauldrons range; anything else is refused", () => {
    expect(() => cauldronTable(TABLE)).not.toThrow();
    expect(() => cauldronTable({ bet: 4, triples: [{ rungs: [0, 1, 2], weight: 1 }] })).not.toThrow();
    expect(() => cauldronTable({ bet: 0, triples: [{ rungs: [0, 1, 9], weight: 1 }] })).toThrow(/not a Cauldrons prize/);
    expect(() => cauldronTable({ bet: 7, triples: [{ rungs: [0, 1, 2], weight: 1 }] })).toThrow();
  });

  it("each lid hides each of the three prizes equally often, so lifting any lid is worth the same: the table's value", () => {
    const table = cauldronTable(TABLE);
    const ladder = rungs(0);
    const rng = new Xoshiro128(5);
    const n = 60_000;
    const byLid = [0, 0, 0];
    const firstOfTriple = new Map<number, number[]>();
    for (let i = 0; i < n; i++) {
      const lids = drawCauldrons(0, table, rng);
      lids.forEach((prize, lid) => {
        byLid[lid] = (byLid[lid] as number) + prize;
      });
      if ([...lids].sort((a, b) => a - b).join() === [ladder[0], ladder[1], ladder[2]].join()) {
        const where = firstOfTriple.get(lids[0]) ?? [];
        firstOfTriple.set(lids[0], [...where, 1]);
      }
    }
    const value = cauldronsValue(0, table);
    for (const total of byLid) expect(Math.abs(total / n - value) / value).toBeLessThan(0.03);
    // The lowest triple's three prizes each land under the first lid about a third of the time.
    const counts = [...firstOfTriple.values()].map((v) => v.length);
    const all = counts.reduce((a, b) => a + b, 0);
    for (const c of counts) expect(Math.abs(c / all - 1 / 3)).toBeLessThan(0.02);
  });
});
