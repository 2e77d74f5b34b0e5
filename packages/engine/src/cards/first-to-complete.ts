/**
 * Reveal sequences in which a given suit completes first (40 Mystic Gem's Jackpot Cards: the
 * level is drawn at trigger, then the 12 face-down cards — 3 of each suit — are revealed
 * in an order where that suit's third card comes before any other suit's third).
 *
 * The sequence is drawn uniformly among all such sequences with ONE `rng.int(N)`, N being
 * their number, and the draw is turned into the sequence by unranking (a bijection from
 * [0, N) onto the sequences, in lexicographic order of suit indices). Uniformity therefore
 * needs no argument about conditional probabilities: it is tested by unranking every rank.
 */
import type { Rng } from "../rng/rng.js";
import { jackpotCardsDeck, SUITS, type Suit } from "./deck.js";

/** The deck as counts per suit index, how many cards complete a suit, and the suit that must complete first. */
export interface FirstToComplete {
  /** Cards of each suit in the deck (Jackpot Cards: `[3, 3, 3, 3]`). */
  readonly copies: readonly number[];
  /** Cards of one suit that complete it (Jackpot Cards: 3). */
  readonly need: number;
  /** Index of the suit that must complete before every other. */
  readonly target: number;
}

const TWO_32 = 4294967296;

/** Memoised completion counts of one problem, by cards drawn per suit (a mixed-radix index). */
class Counter {
  /** `memo[index(drawn)]`, -1 until computed. */
  private readonly memo: Float64Array;
  private readonly radix: number[];
  private readonly size: number;
  constructor(private readonly p: FirstToComplete) {
    this.size = p.copies.reduce((a, b) => a + b, 0);
    this.radix = [];
    let states = 1;
    for (const c of p.copies) {
      this.radix.push(states);
      states *= c + 1;
    }
    this.memo = new Float64Array(states).fill(-1);
  }

  /** May suit `s` be drawn next after `drawn`, without another suit completing before the target? */
  allowed(drawn: readonly number[], s: number): boolean {
    const { copies, need, target } = this.p;
    if ((drawn[s] as number) >= (copies[s] as number)) return false;
    if ((drawn[target] as number) >= need || s === target) return true;
    return (drawn[s] as number) + 1 < need;
  }

  /** Number of ways to finish the sequence from `drawn` with the target completing first. */
  count(drawn: number[]): number {
    let key = 0;
    let used = 0;
    for (let s = 0; s < drawn.length; s++) {
      key += (drawn[s] as number) * (this.radix[s] as number);
      used += drawn[s] as number;
    }
    const known = this.memo[key] as number;
    if (known >= 0) return known;
    let n = 0;
    if (used === this.size) n = (drawn[this.p.target] as number) >= this.p.need ? 1 : 0;
    else {
      for (let s = 0; s < drawn.length; s++) {
        if (!this.allowed(drawn, s)) continue;
        drawn[s] = (drawn[s] as number) + 1;
        n += this.count(drawn);
        drawn[s] = (drawn[s] as number) - 1;
      }
    }
    this.memo[key] = n;
    return n;
  }
}

function check(p: FirstToComplete): void {
  if (p.copies.length < 1 || !p.copies.every((c) => Number.isInteger(c) && c >= 0)) {
    throw new RangeError("copies must be non-negative integers, one per suit");
  }
  if (!Number.isInteger(p.need) || p.need < 1) throw new RangeError(`need must be a positive integer, got ${p.need}`);
  if (!Number.isInteger(p.target) || p.target < 0 || p.target >= p.copies.length) {
    throw new RangeError(`target must be a suit index in [0, ${p.copies.length - 1}]`);
  }
  if ((p.copies[p.target] as number) < p.need) throw new RangeError("the target suit has fewer cards than complete it");
}

/** A prepared problem: its number of sequences, unranking and drawing (counts computed once). */
export interface FirstToCompleteSampler {
  /** How many distinct suit sequences of the whole deck have the target completing first. */
  readonly total: number;
  /** The `rank`-th (0-based, lexicographic by suit index) such sequence, as suit indices. */
  unrank(rank: number): number[];
  /** A uniformly random such sequence: one `rng.int(total)`, unranked. */
  draw(rng: Rng): number[];
}

/** Prepares a first-to-complete problem (validated; throws a `RangeError`). */
export function firstToCompleteSampler(p: FirstToComplete): FirstToCompleteSampler {
  check(p);
  const counter = new Counter(p);
  const size = p.copies.reduce((a, b) => a + b, 0);
  const total = counter.count(p.copies.map(() => 0));
  const unrank = (rank: number): number[] => {
    if (!Number.isInteger(rank) || rank < 0 || rank >= total) throw new RangeError(`rank must be an integer in [0, ${total})`);
    const drawn = p.copies.map(() => 0);
    const out: number[] = [];
    let r = rank;
    for (let i = 0; i < size; i++) {
      for (let s = 0; s < drawn.length; s++) {
        if (!counter.allowed(drawn, s)) continue;
        drawn[s] = (drawn[s] as number) + 1;
        const c = counter.count(drawn);
        if (r < c) {
          out.push(s);
          break;
        }
        r -= c;
        drawn[s] = (drawn[s] as number) - 1;
      }
    }
    return out;
  };
  return {
    total,
    unrank,
    draw(rng) {
      if (total > TWO_32) throw new RangeError(`too many sequences (${total}) for one draw`);
      return unrank(rng.int(total));
    },
  };
}

/** One prepared sampler per Jackpot Cards suit, built on first use. */
const jackpotSamplers = new Map<Suit, FirstToCompleteSampler>();

/** Jackpot Cards: the 12-card reveal sequence in which `suit` gets its third card before any other suit (one draw). */
export function jackpotCardsSequence(suit: Suit, rng: Rng): Suit[] {
  let sampler = jackpotSamplers.get(suit);
  if (!sampler) {
    const deck = jackpotCardsDeck();
    const copies = SUITS.map((s) => deck.filter((x) => x === s).length);
    sampler = firstToCompleteSampler({ copies, need: 3, target: SUITS.indexOf(suit) });
    jackpotSamplers.set(suit, sampler);
  }
  return sampler.draw(rng).map((i) => SUITS[i] as Suit);
}

/** The suit index that completes first in a sequence (the first to reach `need` cards), or -1. */
export function firstToComplete(sequence: readonly number[], need: number): number {
  const seen = new Map<number, number>();
  for (const s of sequence) {
    const n = (seen.get(s) ?? 0) + 1;
    if (n === need) return s;
    seen.set(s, n);
  }
  return -1;
}
