import { type Rng, reelLaws, reelSetFromIds } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { classOf, PICK_CLASSES, spinCycle } from "./cycle.js";
import { ROWS } from "./model.js";
import { spin } from "./round.js";
import { MAX_LINES, SYMBOL_IDS, stripIndices } from "./rtp.js";

/** Short strips dense in features, so every class (scatters 0–5, runs of 3–5) occurs in a small cycle. */
const STRIPS = [
  ["TREASURE", "NEPTUNE", "MERMAID", "A", "TREASURE", "K", "SEAHORSE"],
  ["TREASURE", "TREASURE", "NEPTUNE", "MERMAID", "Q", "SEAHORSE", "J"],
  ["NEPTUNE", "TREASURE", "MERMAID", "TREASURE", "TEN", "SEAHORSE"],
  ["SEAHORSE", "TREASURE", "NEPTUNE", "MERMAID", "NINE", "FISH"],
  ["TREASURE", "MERMAID", "SEAHORSE", "NEPTUNE", "SHELL", "TURTLE", "A"],
];

/** An Rng that serves the given reel stops, as the round draws them (one `int(len)` per reel). */
function stopsRng(stops: number[]): Rng {
  let i = 0;
  return {
    kind: "seeded",
    nextU32: () => {
      throw new Error("unexpected draw");
    },
    int: () => stops[i++] as number,
  };
}

describe("spinCycle", () => {
  it("classes every window as the round's own spin evaluation does (line pays, MERMAID count, Treasure picks)", () => {
    const cycle = spinCycle(reelLaws(stripIndices(STRIPS), ROWS));
    const reels = reelSetFromIds(STRIPS, SYMBOL_IDS);
    const lengths = STRIPS.map((s) => s.length);
    const expected = new Map<string, number>();
    const stops = [0, 0, 0, 0, 0];
    const total = lengths.reduce((a, b) => a * b, 1);
    for (let i = 0; i < total; i++) {
      let x = i;
      for (let r = 4; r >= 0; r--) {
        stops[r] = x % (lengths[r] as number);
        x = Math.floor(x / (lengths[r] as number));
      }
      const out = spin(reels, MAX_LINES, stopsRng([...stops]));
      const key = `${classOf(out.scatterCount, out.bonusRun)}:${out.linePaySum}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    expect(cycle.combinations).toBe(total);
    expect(cycle.totalWeight).toBe(total);
    const got = new Map<string, number>();
    for (let k = 0; k < cycle.histogram.classes; k++) {
      cycle.histogram.weights(k).forEach((w, coins) => {
        if (w > 0) got.set(`${k}:${coins}`, w);
      });
    }
    expect(got).toEqual(expected);
    // The strips do reach every pick class and several scatter counts.
    for (const k of PICK_CLASSES)
      expect([...got.keys()].some((key) => Number(key.split(":")[0]) % 4 === PICK_CLASSES.indexOf(k))).toBe(true);
  });

  it("refuses a reel set of another shape", () => {
    expect(() => spinCycle(reelLaws(stripIndices(STRIPS.slice(0, 4)), ROWS))).toThrow(/5x3/);
  });
});
