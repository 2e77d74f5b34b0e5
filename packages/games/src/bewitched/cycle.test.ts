import { reelLaws } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { CLASSES, classOf, classParts, LINE_COUNTS, spinCycle } from "./cycle.js";
import { MERLIN, ROWS } from "./model.js";
import { stripIndices } from "./rtp.js";
import { evaluateWindow } from "./spin.js";

/** Short strips dense in features: WITCH 0–5 and MERLIN 0–5 in a window, wild runs, every line count paying differently. */
const STRIPS = [
  "BOOK WITCH MERLIN OWL BOOK CAT MERLIN",
  "OWL BOOK MERLIN WITCH Q BOOK",
  "MERLIN BOOK WITCH OWL CAT A",
  "WITCH OWL MERLIN BOOK K Q BOOK",
  "MERLIN WITCH BOOK OWL J TEN",
];

describe("spinCycle (the engine's lineCycle on Bewitched's lines, rule and classes)", () => {
  it("gives, at every line count, the law of the summed line pays by (WITCH count, 3+ MERLIN) the round's own evaluator reads", () => {
    const strips = stripIndices(STRIPS);
    const cycle = spinCycle(reelLaws(strips, ROWS));
    expect(cycle.lineCounts).toEqual(LINE_COUNTS);
    const expected = new Map<string, number>();
    const lengths = strips.map((s) => s.length);
    const total = lengths.reduce((a, b) => a * b, 1);
    const window = new Uint8Array(5 * ROWS);
    for (let i = 0; i < total; i++) {
      let x = i;
      for (let r = 4; r >= 0; r--) {
        const strip = strips[r] as Uint8Array;
        const stop = x % strip.length;
        x = Math.floor(x / strip.length);
        for (let row = 0; row < ROWS; row++) window[r * ROWS + row] = strip[(stop + row) % strip.length] as number;
      }
      for (const lines of LINE_COUNTS) {
        const out = evaluateWindow(window, lines);
        const klass = classOf(out.witches.length, out.merlins.length >= MERLIN.minSymbols ? 1 : 0);
        const key = `${lines}:${klass}:${out.linePaySum}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
      }
    }
    const got = new Map<string, number>();
    cycle.histograms.forEach((h, i) => {
      for (let k = 0; k < h.classes; k++)
        h.weights(k).forEach((w, pays) => {
          if (w > 0) got.set(`${cycle.lineCounts[i]}:${k}:${pays}`, w);
        });
    });
    expect(got).toEqual(expected);
    expect(cycle.totalWeight).toBe(total);
    // The strips reach several WITCH counts, both Merlin classes and a 5-WITCH window.
    const classes = new Set([...got.keys()].map((k) => Number(k.split(":")[1])));
    expect([...classes].map((k) => classParts(k).merlin)).toContain(1);
    expect([...classes].some((k) => classParts(k).witches === 5)).toBe(true);
    expect(Math.max(...classes)).toBeLessThan(CLASSES);
  });

  it("decodes its classes and refuses a reel set of another shape", () => {
    for (let w = 0; w <= 15; w++) for (const m of [0, 1]) expect(classParts(classOf(w, m))).toEqual({ witches: w, merlin: m });
    expect(() => spinCycle(reelLaws(stripIndices(STRIPS.slice(0, 4)), ROWS))).toThrow(/5x3/);
  });
});
