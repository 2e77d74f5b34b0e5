/**
 * Tuple paytables: a line of N reels (a centre prize line, as on arcade machines) pays by
 * predicates over its symbol tuple rather than left-to-right runs: "three of the same
 * figure", "any 1, 2 or 3 diamonds anywhere", "k BONUS figures pay k Bonuses" (a non-cash
 * unit), fixed patterns, with wildcards. One rule pays per line: the first that matches
 * (rules listed best first, as a paytable is printed) or the highest (by cash plus units
 * valued at `unitValues`; ties go to the earlier rule).
 *
 * {@link compileTuplePaytable} evaluates the rules once for all S^N tuples into flat arrays:
 * the hot path is one index and two array reads, and exact maths enumerates the table.
 */

/** What a rule pays: cash (in the game's unit: coins, cents, x bet) and units (e.g. `{ bonus: 2 }`). */
export interface TuplePrize {
  readonly cash?: number;
  readonly units?: Readonly<Record<string, number>>;
}

/**
 * A rule of a tuple paytable (symbols by id):
 * - `same`: at least `count` (default N) positions show one same figure from `figures`
 *   (default every non-wild symbol); wilds stand in unless `wild: false` (so N wilds match).
 * - `count`: the number of positions showing a member of `set` is one of `counts` (any
 *   order; wilds count only with `wild: true`).
 * - `pattern`: position by position a symbol, a set of symbols or `null` (anything); wilds
 *   stand in for a symbol or set unless `wild: false`.
 * - `test`: any predicate on the tuple of ids.
 */
export type TupleRule = TuplePrize & { readonly name: string } & (
    | { readonly kind: "same"; readonly figures?: readonly string[]; readonly count?: number; readonly wild?: boolean }
    | { readonly kind: "count"; readonly set: readonly string[]; readonly counts: readonly number[]; readonly wild?: boolean }
    | { readonly kind: "pattern"; readonly pattern: readonly (string | readonly string[] | null)[]; readonly wild?: boolean }
    | { readonly kind: "test"; readonly test: (tuple: readonly string[]) => boolean }
  );

/** A tuple paytable as data. */
export interface TuplePaytableSpec {
  /** Symbol ids; a tuple holds indices into this list. */
  readonly symbols: readonly string[];
  /** Number of reels on the line (N). */
  readonly reels: number;
  readonly rules: readonly TupleRule[];
  /** Wildcard symbols (stand in for figures in `same` and `pattern` rules). */
  readonly wilds?: readonly string[];
  /** Which matching rule pays: the first listed (default) or the highest. */
  readonly resolve?: "first" | "highest";
  /** For `highest`: the cash worth of one of each unit (default 0: units rank by cash only). */
  readonly unitValues?: Readonly<Record<string, number>>;
}

/** A rule compiled to symbol indices: a predicate on a tuple of indices. */
interface CompiledRule {
  readonly name: string;
  readonly cash: number;
  readonly units: Float64Array;
  readonly worth: number;
  readonly matches: (tuple: ArrayLike<number>) => boolean;
}

/** A validated tuple paytable: rules as predicates on symbol indices. */
export interface TuplePaytable {
  readonly symbols: readonly string[];
  readonly reels: number;
  readonly resolve: "first" | "highest";
  /** The unit names, in the order of every `units` array (sorted). */
  readonly unitNames: readonly string[];
  readonly rules: readonly CompiledRule[];
}

/** What one line pays. */
export interface TuplePay {
  /** Index of the paying rule, −1 when none. */
  readonly rule: number;
  readonly name: string | null;
  readonly cash: number;
  readonly units: Record<string, number>;
}

function indexOfId(symbols: readonly string[], id: string, where: string): number {
  const i = symbols.indexOf(id);
  if (i < 0) throw new Error(`${where}: unknown symbol ${id}`);
  return i;
}

/** Validates a spec and turns its rules into predicates on symbol indices. */
export function tuplePaytable(spec: TuplePaytableSpec): TuplePaytable {
  const { symbols, reels } = spec;
  if (!Number.isInteger(reels) || reels < 1) throw new Error(`tuplePaytable: ${reels} reels`);
  if (symbols.length < 1 || symbols.length > 255) throw new Error("tuplePaytable: 1..255 symbols");
  const isWild = new Uint8Array(symbols.length);
  for (const w of spec.wilds ?? []) isWild[indexOfId(symbols, w, "wilds")] = 1;
  const unitNames = [...new Set(spec.rules.flatMap((r) => Object.keys(r.units ?? {})))].sort();
  const unitValues = unitNames.map((u) => spec.unitValues?.[u] ?? 0);
  const rules = spec.rules.map((rule, k): CompiledRule => {
    const where = `rule ${k} (${rule.name})`;
    const units = new Float64Array(unitNames.map((u) => rule.units?.[u] ?? 0));
    const cash = rule.cash ?? 0;
    const worth = cash + units.reduce((s, n, u) => s + n * (unitValues[u] as number), 0);
    let matches: (tuple: ArrayLike<number>) => boolean;
    switch (rule.kind) {
      case "same": {
        const figures = rule.figures
          ? rule.figures.map((f) => indexOfId(symbols, f, where))
          : symbols.map((_, i) => i).filter((i) => !isWild[i]);
        const count = rule.count ?? reels;
        if (!Number.isInteger(count) || count < 1 || count > reels) throw new Error(`${where}: count ${count}`);
        const wild = rule.wild !== false;
        matches = (t) => {
          for (const f of figures) {
            let n = 0;
            for (let r = 0; r < reels; r++) {
              const s = t[r] as number;
              if (s === f || (wild && isWild[s])) n++;
            }
            if (n >= count) return true;
          }
          return false;
        };
        break;
      }
      case "count": {
        const inSet = new Uint8Array(symbols.length);
        for (const id of rule.set) inSet[indexOfId(symbols, id, where)] = 1;
        if (rule.wild) for (let i = 0; i < symbols.length; i++) if (isWild[i]) inSet[i] = 1;
        const ok = new Uint8Array(reels + 1);
        for (const c of rule.counts) {
          if (!Number.isInteger(c) || c < 0 || c > reels) throw new Error(`${where}: count ${c}`);
          ok[c] = 1;
        }
        matches = (t) => {
          let n = 0;
          for (let r = 0; r < reels; r++) n += inSet[t[r] as number] as number;
          return ok[n] === 1;
        };
        break;
      }
      case "pattern": {
        if (rule.pattern.length !== reels) throw new Error(`${where}: a pattern of ${rule.pattern.length} for ${reels} reels`);
        const wild = rule.wild !== false;
        const allowed = rule.pattern.map((cell) => {
          if (cell === null) return null;
          const set = new Uint8Array(symbols.length);
          for (const id of typeof cell === "string" ? [cell] : cell) set[indexOfId(symbols, id, where)] = 1;
          if (wild) for (let i = 0; i < symbols.length; i++) if (isWild[i]) set[i] = 1;
          return set;
        });
        matches = (t) => allowed.every((set, r) => set === null || set[t[r] as number] === 1);
        break;
      }
      case "test": {
        const test = rule.test;
        matches = (t) => test(Array.from({ length: reels }, (_, r) => symbols[t[r] as number] as string));
        break;
      }
      default:
        throw new Error(`${where}: unknown kind`);
    }
    return { name: rule.name, cash, units, worth, matches };
  });
  return { symbols, reels, resolve: spec.resolve ?? "first", unitNames, rules };
}

/** The paying rule of a tuple by evaluating the rules (the reference; use the compiled table on hot paths). −1: none. */
export function tupleRuleOf(table: TuplePaytable, tuple: ArrayLike<number>): number {
  if (tuple.length !== table.reels) throw new RangeError(`a tuple of ${tuple.length} for ${table.reels} reels`);
  let best = -1;
  for (let k = 0; k < table.rules.length; k++) {
    const rule = table.rules[k] as CompiledRule;
    if (!rule.matches(tuple)) continue;
    if (table.resolve === "first") return k;
    if (best < 0 || rule.worth > (table.rules[best] as CompiledRule).worth) best = k;
  }
  return best;
}

function payOfRule(table: TuplePaytable, k: number): TuplePay {
  const rule = table.rules[k];
  if (!rule) return { rule: -1, name: null, cash: 0, units: {} };
  const units: Record<string, number> = {};
  table.unitNames.forEach((u, i) => {
    if (rule.units[i] !== 0) units[u] = rule.units[i] as number;
  });
  return { rule: k, name: rule.name, cash: rule.cash, units };
}

/** What a tuple (symbol indices, reel by reel) pays, by evaluating the rules. */
export function tuplePayOf(table: TuplePaytable, tuple: ArrayLike<number>): TuplePay {
  return payOfRule(table, tupleRuleOf(table, tuple));
}

/** A tuple paytable as a lookup table over all S^N tuples. */
export interface CompiledTuplePaytable {
  readonly table: TuplePaytable;
  /** S: symbols per position. */
  readonly symbolCount: number;
  readonly reels: number;
  /** S^N entries; entry of a tuple = Σ tuple[r]·S^(N−1−r) (reel 0 most significant). */
  readonly size: number;
  /** Paying rule per entry (−1: none). */
  readonly rule: Int16Array;
  /** Cash pay per entry. */
  readonly cash: Float64Array;
  /** Units pay per entry: `units[entry * unitNames.length + u]`. */
  readonly units: Float64Array;
  readonly unitNames: readonly string[];
}

/** Largest table compiled: 2^24 entries. */
const MAX_ENTRIES = 1 << 24;

/** Evaluates the rules on every tuple once (S^N entries, at most 2^24). */
export function compileTuplePaytable(table: TuplePaytable): CompiledTuplePaytable {
  const S = table.symbols.length;
  const N = table.reels;
  const size = S ** N;
  if (size > MAX_ENTRIES) throw new Error(`compileTuplePaytable: ${S}^${N} entries is more than ${MAX_ENTRIES}`);
  const U = table.unitNames.length;
  const rule = new Int16Array(size);
  const cash = new Float64Array(size);
  const units = new Float64Array(size * U);
  const tuple = new Uint8Array(N);
  for (let e = 0; e < size; e++) {
    const k = tupleRuleOf(table, tuple);
    rule[e] = k;
    const r = table.rules[k];
    if (r) {
      cash[e] = r.cash;
      units.set(r.units, e * U);
    }
    // Odometer: the last reel turns fastest, matching the entry order.
    for (let p = N - 1; p >= 0; p--) {
      if ((tuple[p] as number) + 1 < S) {
        tuple[p] = (tuple[p] as number) + 1;
        break;
      }
      tuple[p] = 0;
    }
  }
  return { table, symbolCount: S, reels: N, size, rule, cash, units, unitNames: table.unitNames };
}

/** The entry of a tuple of symbol indices (reel 0 most significant). */
export function tupleIndex(compiled: CompiledTuplePaytable, tuple: ArrayLike<number>): number {
  const S = compiled.symbolCount;
  let e = 0;
  for (let r = 0; r < compiled.reels; r++) e = e * S + (tuple[r] as number);
  return e;
}

/** The entry of one row of a column-major window (`window[reel * rows + row]`): the centre line is `row = 1` of 3. */
export function windowLineIndex(compiled: CompiledTuplePaytable, window: ArrayLike<number>, rows: number, row: number): number {
  const S = compiled.symbolCount;
  let e = 0;
  for (let r = 0; r < compiled.reels; r++) e = e * S + (window[r * rows + row] as number);
  return e;
}

/** The tuple of an entry (inverse of {@link tupleIndex}). */
export function tupleAt(compiled: CompiledTuplePaytable, entry: number): number[] {
  const out = new Array<number>(compiled.reels);
  for (let r = compiled.reels - 1; r >= 0; r--) {
    out[r] = entry % compiled.symbolCount;
    entry = Math.floor(entry / compiled.symbolCount);
  }
  return out;
}

/** What an entry pays, as a {@link TuplePay} (allocates; the hot path reads `cash`, `units`, `rule` directly). */
export function tuplePayAt(compiled: CompiledTuplePaytable, entry: number): TuplePay {
  if (!Number.isInteger(entry) || entry < 0 || entry >= compiled.size) throw new RangeError(`entry ${entry} outside the table`);
  return payOfRule(compiled.table, compiled.rule[entry] as number);
}

/** Expected pays of a line whose positions are independent. */
export interface TupleExpectation {
  /** E[cash]. */
  readonly cash: number;
  /** E[units] per unit name. */
  readonly units: Record<string, number>;
  /** P(some rule pays). */
  readonly hit: number;
  /** P(rule k pays), per rule. */
  readonly rules: Float64Array;
}

/**
 * Exact enumeration of the table against independent per-position symbol laws
 * (`laws[r][s]` = P(position r shows symbol s), e.g. `cellLaw` of each reel at the line's
 * row): the expected cash and units, the hit rate and each rule's probability.
 */
export function expectedTuplePay(compiled: CompiledTuplePaytable, laws: readonly ArrayLike<number>[]): TupleExpectation {
  const { reels: N, symbolCount: S, size } = compiled;
  if (laws.length !== N || laws.some((l) => l.length !== S)) throw new Error(`expectedTuplePay: ${N} laws of ${S} symbols`);
  const U = compiled.unitNames.length;
  const units = new Float64Array(U);
  const rules = new Float64Array(compiled.table.rules.length);
  let cash = 0;
  let hit = 0;
  // Probability of each prefix, built reel by reel (a product over the odometer).
  const prefix = new Float64Array(N + 1);
  prefix[0] = 1;
  const tuple = new Int32Array(N);
  for (let r = 0; r < N; r++) prefix[r + 1] = (prefix[r] as number) * ((laws[r] as ArrayLike<number>)[0] as number);
  for (let e = 0; e < size; e++) {
    const p = prefix[N] as number;
    const k = compiled.rule[e] as number;
    if (k >= 0 && p > 0) {
      hit += p;
      rules[k] = (rules[k] as number) + p;
      cash += p * (compiled.cash[e] as number);
      for (let u = 0; u < U; u++) units[u] = (units[u] as number) + p * (compiled.units[e * U + u] as number);
    }
    let r = N - 1;
    while (r >= 0 && (tuple[r] as number) + 1 === S) {
      tuple[r] = 0;
      r--;
    }
    if (r < 0) break;
    tuple[r] = (tuple[r] as number) + 1;
    for (let q = r; q < N; q++)
      prefix[q + 1] = (prefix[q] as number) * ((laws[q] as ArrayLike<number>)[tuple[q] as number] as number);
  }
  const byName: Record<string, number> = {};
  compiled.unitNames.forEach((u, i) => {
    byName[u] = units[i] as number;
  });
  return { cash, units: byName, hit, rules };
}
