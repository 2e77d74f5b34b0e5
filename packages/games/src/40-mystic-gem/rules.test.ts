/**
 * 40 Mystic Gem, sheet sentence by sentence (shared/rules/40-mystic-gem.txt; DESIGN.md §2):
 * each test names the rule it holds the code to and would fail if the rule broke.
 */
import { defaultContext, FeatureRefusedError, GameInputError, ReplayRng, type RoundContext, Xoshiro128 } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { mysticGem } from "./index.js";
import { FOLD, LINE_PAYS, LINES, PAYLINES, REELS, ROWS, SCATTER_PAYS, STAKES, SYMBOLS, WILD_REELS } from "./model.js";
import { MODES } from "./modes.js";
import { REEL_SETS } from "./reel-sets.js";
import { act, start } from "./round.js";
import { COMPILED_SETS, MOON_INDEX, STAR_INDEX, SYMBOL_IDS, WILD_INDEX } from "./rules.js";
import { CTX, spinDraws, stopShowing } from "./test-kit.js";
import type { MysticBet, MysticConfig, MysticEvent, MysticState } from "./types.js";
import { parseConfig } from "./validate.js";

const id = (s: string) => SYMBOL_IDS.indexOf(s);
const events = <T extends MysticEvent["type"]>(list: MysticEvent[], type: T) =>
  list.filter((e): e is Extract<MysticEvent, { type: T }> => e.type === type);

/** Plays the base spin whose reels stop at `stops`. */
function baseSpin(stops: number[], bet: MysticBet = { stake: 3 }, context: RoundContext<MysticConfig> = CTX) {
  return start(bet, new ReplayRng(spinDraws("base", stops)), context);
}

describe("the window, the lines and the symbols", () => {
  it("5 reels and 40 fixed paylines on 4 rows, all different", () => {
    expect(REELS).toBe(5);
    expect(ROWS).toBe(4);
    expect(PAYLINES).toHaveLength(40);
    expect(new Set(PAYLINES.map((l) => l.join())).size).toBe(40);
    for (const line of PAYLINES) for (const row of line) expect(row >= 0 && row < ROWS).toBe(true);
  });

  it("11 symbols: one expanding WILD, two scatters and 8 regular symbols, each regular one paying", () => {
    expect(SYMBOLS).toHaveLength(11);
    expect(SYMBOLS.filter((s) => s.kind === "wild")).toHaveLength(1);
    expect(SYMBOLS.filter((s) => s.kind === "scatter").map((s) => s.id)).toEqual(["MOON", "STAR"]);
    const regular = SYMBOLS.filter((s) => s.kind === "regular");
    expect(regular).toHaveLength(8);
    for (const s of regular) expect(LINE_PAYS[s.id]?.some((p) => p > 0)).toBe(true);
  });

  it("min./max. bet 0.40 EUR / 50.00 EUR; the line bet is the total bet / 40 in whole cents", () => {
    expect(STAKES[0]).toBe(40);
    expect(STAKES.at(-1)).toBe(5000);
    for (const s of STAKES) expect(s % LINES).toBe(0);
    expect(mysticGem.totalBet(mysticGem.minBet())).toBe(40);
    expect(mysticGem.totalBet(mysticGem.maxBet())).toBe(5000);
  });
});

describe("WILD", () => {
  it("lands only on reels 2, 3 and 4, in every reel set", () => {
    expect(WILD_REELS).toEqual([1, 2, 3]);
    for (const [set, data] of Object.entries(REEL_SETS))
      data.strips.forEach((strip, r) => {
        if (!WILD_REELS.includes(r)) expect(strip.includes("WILD"), `${set} reel ${r + 1}`).toBe(false);
      });
  });

  it("expands over its whole reel before wins are paid", () => {
    const stop = stopShowing("base", 2, WILD_INDEX, 1);
    const { events: ev, state } = baseSpin([0, 0, stop, 0, 0]);
    const expanded = events(ev, "wildsExpanded")[0];
    expect(expanded?.reels).toEqual([2]);
    expect(expanded?.window[2]).toEqual(["WILD", "WILD", "WILD", "WILD"]);
    // Every line win is read off the expanded window: each paying line's cells on reel 3 are WILD.
    const drawn = events(ev, "spin")[0]?.window as string[][];
    expect(drawn[2]?.filter((s) => s === "WILD")).toHaveLength(1);
    const lineWins = events(ev, "lineWin");
    for (const w of lineWins) if (w.count >= 3) expect(expanded?.window[2]?.[w.positions[2]?.[1] as number]).toBe("WILD");
    expect(state.triggered.expandingWild).toBe(1);
  });

  it("replaces every symbol on its reel except the two scatters, which stay", () => {
    // Bought reels are all WILD; a landed WILD keeps scatters (the strips keep them 4 apart, so none shows with it).
    for (const data of Object.values(REEL_SETS))
      data.strips.forEach((strip, r) => {
        const at = (s: string) => strip.flatMap((x, i) => (x === s ? [i] : []));
        for (const w of at("WILD"))
          for (const s of [...at("MOON"), ...at("STAR")]) {
            const d = Math.abs(w - s);
            expect(Math.min(d, strip.length - d), `reel ${r + 1}`).toBeGreaterThanOrEqual(ROWS);
          }
      });
  });

  it("substitutes for every regular symbol but never for a scatter", () => {
    const rule = mysticGem.model() as { wild: { substitutes: string[] } };
    expect(rule.wild.substitutes.sort()).toEqual(
      SYMBOLS.filter((s) => s.kind === "regular")
        .map((s) => s.id)
        .sort(),
    );
  });
});

describe("line and scatter wins", () => {
  it("line wins pay left to right from reel 1 on adjacent reels, x the line bet, only the highest per line", () => {
    const rng = new Xoshiro128(7);
    let checked = 0;
    for (let i = 0; i < 3000 && checked < 200; i++) {
      const { events: ev } = start({ stake: 5 }, rng, CTX);
      const lineBet = (STAKES[5] as number) / LINES;
      const lines = events(ev, "lineWin");
      expect(new Set(lines.map((l) => l.line)).size).toBe(lines.length);
      for (const w of lines) {
        checked++;
        expect(w.positions.map((p) => p[0])).toEqual([...Array(w.count).keys()]);
        expect(w.amount).toBe((LINE_PAYS[w.symbol]?.[w.count - 1] ?? Number.NaN) * lineBet);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(200);
  });

  it("scatters pay x the total bet anywhere and add to the line wins", () => {
    const moon = [0, 1, 2, 3, 4].map((r) => stopShowing("base", r, MOON_INDEX, 0));
    const { events: ev, state } = baseSpin(moon, { stake: 2 });
    const scatter = events(ev, "scatterWin").find((s) => s.symbol === "MOON");
    expect(scatter?.count).toBe(5);
    expect(scatter?.amount).toBe((SCATTER_PAYS.MOON[5] as number) * (STAKES[2] as number));
    const lines = events(ev, "lineWin").reduce((a, l) => a + l.amount, 0);
    expect(state.totalWin).toBe(lines + (scatter?.amount ?? 0));
    expect(state.winBy.baseScatter).toBe(scatter?.amount);
  });

  it("the Shooting Star lands only on reels 1, 3 and 5", () => {
    for (const data of Object.values(REEL_SETS))
      data.strips.forEach((strip, r) => {
        if (![0, 2, 4].includes(r)) expect(strip.includes("STAR")).toBe(false);
      });
  });
});

describe("BUY BONUS", () => {
  const prices: Record<string, number> = { wild1: 4.5, wild2: 15, wild3: 71.5, "wild1-guaranteed": 12, "wild2-guaranteed": 25 };

  it("debits exactly the price: 4.5x, 15x, 71.5x, guaranteed 12x and 25x the total bet, at every stake", () => {
    for (const m of MODES)
      STAKES.forEach((stake, index) => {
        expect(mysticGem.totalBet({ stake: index, mode: m.id })).toBe(stake * (prices[m.id] as number));
      });
  });

  it("puts the bought WILDs on the reels the server draws (1: reel 2, 3 or 4; 2: two of them; 3: reels 2, 3 and 4), by the published weights", () => {
    for (const m of MODES) {
      m.placements.forEach((p, k) => {
        const stops = [0, 1, 2, 3, 4].map((r) => (p.reels.includes(r) ? null : 0));
        const { state, events: ev } = start({ stake: 3, mode: m.id }, new ReplayRng(spinDraws(m.reelSet, stops, m.id, k)), CTX);
        expect(state.bought).toEqual(p.reels);
        const window = events(ev, "spin")[0]?.window as string[][];
        for (const r of p.reels) expect(window[r]).toEqual(["WILD", "WILD", "WILD", "WILD"]);
      });
      expect(m.placements.every((p) => p.reels.length === m.wilds && p.reels.every((r) => WILD_REELS.includes(r)))).toBe(true);
    }
    expect(MODES.find((m) => m.id === "wild3")?.placements).toEqual([{ reels: [1, 2, 3], weight: 1 }]);
  });

  it("pays scatters x the total bet the mode was bought at, not its price", () => {
    const m = MODES.find((x) => x.id === "wild1") as (typeof MODES)[number];
    const rng = new Xoshiro128(11);
    for (let i = 0; i < 20000; i++) {
      const { events: ev } = start({ stake: 4, mode: "wild1" }, rng, CTX);
      const s = events(ev, "scatterWin")[0];
      if (s) {
        expect(s.amount).toBe(s.multiplier * (STAKES[4] as number));
        return;
      }
    }
    throw new Error(`no scatter win in 20,000 bought spins of ${m.id}`);
  });

  it("GUARANTEED PRIZES: every spin has at least one winning line (redrawing only the reels without a bought WILD)", () => {
    for (const mode of ["wild1-guaranteed", "wild2-guaranteed"] as const) {
      const rng = new Xoshiro128(3);
      let redrawn = 0;
      for (let i = 0; i < 3000; i++) {
        const { events: ev } = start({ stake: 3, mode }, rng, CTX);
        expect(events(ev, "lineWin").length, mode).toBeGreaterThan(0);
        const spin = events(ev, "spin")[0];
        if ((spin?.draws ?? 1) > 1) redrawn++;
        for (const r of spin?.bought ?? []) expect(spin?.stops[r]).toBeNull();
      }
      expect(redrawn, `${mode} redraws`).toBeGreaterThan(0);
    }
  });

  it("4 and 5 scatter pays cannot occur in bought modes: a bought reel and reel 5 show no Full Moon", () => {
    for (const m of MODES) {
      const reels = REEL_SETS[m.reelSet].strips;
      // At most three reels can show a Full Moon: reel 5 never does, and one of reels 2–4 is WILD.
      expect(reels[4]?.includes("MOON"), m.id).toBe(false);
      const moonReels = reels.filter((s, r) => s.includes("MOON") && r !== 4).length;
      expect(moonReels - m.wilds).toBeLessThanOrEqual(3);
    }
  });

  it("refuses a bought mode where Buy Bonus is off (the GB profile), and in a granted round", () => {
    const off = defaultContext(CTX.config, { features: { ...CTX.features, buyBonus: false } });
    expect(() => start({ stake: 3, mode: "wild1" }, new Xoshiro128(1), off)).toThrow(FeatureRefusedError);
    expect(() => start({ stake: 3, mode: "wild1" }, new Xoshiro128(1), defaultContext(CTX.config, { granted: true }))).toThrow(
      GameInputError,
    );
    expect(() => start({ stake: 3 }, new Xoshiro128(1), off)).not.toThrow();
  });

  it("reads a mode from untrusted input and refuses an unknown one", () => {
    expect(mysticGem.parseBet({ stake: 3, mode: "wild2-guaranteed" })).toEqual({ stake: 3, mode: "wild2-guaranteed" });
    expect(() => mysticGem.parseBet({ stake: 3, mode: "wild4" })).toThrow(/mode must be one of/);
    expect(() => mysticGem.parseBet({ stake: 10 })).toThrow(/index in 0..9/);
  });
});

describe("FOLD", () => {
  /** Spins at `stake` until a win in (lo, hi]; returns the step. */
  function winBetween(stake: number, lo: number, hi: number, context = CTX) {
    const rng = new Xoshiro128(99);
    for (let i = 0; i < 200_000; i++) {
      const step = start({ stake }, rng, context);
      if (step.state.totalWin > lo && step.state.totalWin <= hi) return { step, rng };
    }
    throw new Error("no such win");
  }

  it("is offered for a win of at most 42.00 EUR, and not above", () => {
    const small = winBetween(9, 0, FOLD.maxStakeMinor);
    expect(small.step.awaiting?.type).toBe("gamble");
    expect(small.step.awaiting?.stake).toBe(small.step.state.totalWin);
    const big = winBetween(9, FOLD.maxStakeMinor, Number.POSITIVE_INFINITY);
    expect(big.step.awaiting).toBeNull();
  });

  it("a right guess doubles the amount, a wrong one loses it and ends the game; collect keeps it", () => {
    const { step } = winBetween(3, 0, 1000);
    const win = step.state.totalWin;
    // Card draws: the standard deck is clubs, diamonds, hearts, spades; 13 is a red card, 0 a black one.
    const right = act(step.state, { type: "gambleRed" }, new ReplayRng([[52, 13]]), CTX);
    expect(right.win).toBe(win);
    expect(right.state.totalWin).toBe(2 * win);
    const wrong = act(step.state, { type: "gambleRed" }, new ReplayRng([[52, 0]]), CTX);
    expect(wrong.win).toBe(-win);
    expect(wrong.state.totalWin).toBe(0);
    expect(wrong.awaiting).toBeNull();
    const collect = act(step.state, { type: "collect" }, new ReplayRng([]), CTX);
    expect(collect.state.totalWin).toBe(win);
    expect(collect.awaiting).toBeNull();
  });

  it("attempts per game are the operator's 1 to 5; the last five cards are shown", () => {
    expect(() => parseConfig({ gamble: { maxAttempts: 6 } })).toThrow(/1..5/);
    expect(() => parseConfig({ gamble: { maxAttempts: 0 } })).toThrow();
    const one = defaultContext(parseConfig({ gamble: { maxAttempts: 1 } }));
    const { step } = winBetween(3, 0, 500, one);
    expect(step.awaiting?.attemptsLeft).toBe(0);
    const after = act(step.state, { type: "gambleRed" }, new ReplayRng([[52, 13]]), one);
    expect(after.awaiting).toBeNull();
    expect(after.state.gamble?.strip).toHaveLength(1);
    expect(CTX.config.gamble.stripLength).toBe(5);
  });

  it("is not offered under autoplay or in Bonus Spin Mode (granted rounds)", () => {
    expect(winBetween(3, 0, 500, defaultContext(CTX.config, { autoplay: true })).step.awaiting).toBeNull();
    expect(winBetween(3, 0, 500, defaultContext(CTX.config, { granted: true })).step.awaiting).toBeNull();
  });

  it("bought spins' wins may be folded", () => {
    const rng = new Xoshiro128(5);
    for (let i = 0; i < 1000; i++) {
      const step = start({ stake: 0, mode: "wild1" }, rng, CTX);
      if (step.state.totalWin > 0 && step.state.totalWin <= FOLD.maxStakeMinor) {
        expect(step.awaiting?.type).toBe("gamble");
        return;
      }
    }
    throw new Error("no foldable bought win");
  });

  it("a player who leaves a Fold open past the deadline collects (never guesses)", () => {
    expect(mysticGem.deadlineAction?.({} as MysticState, {} as never)).toEqual({ type: "collect" });
  });
});

describe("Jackpot Cards and Bonus Spin Mode", () => {
  it("the game includes the platform's Jackpot Cards", () => {
    expect(mysticGem.jackpotCards).toBe(true);
  });

  it("a granted spin plays the same reels at its fixed bet and offers no fold", () => {
    const granted = defaultContext(CTX.config, { granted: true });
    const a = start({ stake: 3 }, new Xoshiro128(21), granted);
    const b = start({ stake: 3 }, new Xoshiro128(21), CTX);
    expect(a.state.totalWin).toBe(b.state.totalWin);
    expect(a.awaiting).toBeNull();
  });
});

describe("reel sets", () => {
  it("each mode has its own reel set, only the paytable is shared; reel 1 carries the stop weights", () => {
    expect(Object.keys(REEL_SETS).sort()).toEqual(["base", ...MODES.map((m) => m.id)].sort());
    for (const [set, compiled] of Object.entries(COMPILED_SETS)) {
      expect(compiled.weights?.[0], set).toBeTruthy();
      expect(compiled.strips.map((s) => s.length).every((n, r) => n > 0 || (set === "wild3" && [1, 2, 3].includes(r)))).toBe(
        true,
      );
    }
  });

  it("a reel shows at most one of each scatter", () => {
    for (const data of Object.values(REEL_SETS))
      for (const strip of data.strips)
        for (const s of [MOON_INDEX, STAR_INDEX]) {
          const at = strip.flatMap((x, i) => (SYMBOL_IDS[s] === x ? [i] : []));
          for (const a of at)
            for (const b of at)
              if (a !== b) expect(Math.min(Math.abs(a - b), strip.length - Math.abs(a - b))).toBeGreaterThanOrEqual(ROWS);
        }
    void id;
  });
});
