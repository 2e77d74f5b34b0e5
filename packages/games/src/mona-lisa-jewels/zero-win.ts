/**
 * The probability that spins pay nothing at all, exactly, for the hit frequency. Every
 * combination pays from 3 of a kind and nothing pays 2, so a line pays exactly when its
 * first three cells pay: lines are decided by reels 1–3. SCATTER pays from 3, so the
 * scatter part needs only the count of reels 4–5. The walk: reel 1 x reel 2 trajectories
 * grouped by what reel 3 must avoid (a bit mask of symbols per spin and row), then every
 * reel-3 trajectory, then the reels 4–5 count law.
 */
import { evaluateTuple } from "@reelhouse/engine";
import { FREE_SPINS, PAYLINES, REELS, ROWS } from "./model.js";
import { LINE_RULE, N_SYMBOLS, SCATTER_INDEX } from "./tables.js";
import type { Trajectory } from "./trajectory.js";

/**
 * `payable[x * S + y]`: the reel-3 symbols z (bit z) for which a line starting x, y pays.
 * Throws unless the paytable has the property the walk relies on (nothing pays 2, every 3 pays).
 */
export function payableMasks(): Uint32Array {
  const S = N_SYMBOLS;
  const { pays } = LINE_RULE.paytable;
  pays.forEach((p, s) => {
    if ((p[1] ?? 0) > 0 || (p[2] ?? 0) > 0) throw new Error(`symbol ${s} pays fewer than 3 of a kind`);
    if (s !== SCATTER_INDEX && !((p[3] ?? 0) > 0)) throw new Error(`symbol ${s} does not pay 3 of a kind`);
  });
  const out = new Uint32Array(S * S);
  const tuple = new Uint8Array(REELS).fill(SCATTER_INDEX);
  for (let x = 0; x < S; x++)
    for (let y = 0; y < S; y++)
      for (let z = 0; z < S; z++) {
        tuple[0] = x;
        tuple[1] = y;
        tuple[2] = z;
        if (evaluateTuple(LINE_RULE, tuple).pay > 0) out[x * S + y] = (out[x * S + y] as number) | (1 << z);
      }
  return out;
}

const scattersIn = (column: readonly number[]): number => column.reduce((n, s) => n + (s === SCATTER_INDEX ? 1 : 0), 0);

/**
 * P(every spin of the trajectories pays nothing: no line win on `lines` lines, fewer than 3
 * SCATTER). `reels[r]` are reel r's trajectories over `spins` spins (probabilities multiply
 * across reels; reel 1's may be a sub-probability, e.g. restricted to Jewel triggers).
 */
export function zeroWinProbability(
  reels: readonly (readonly Trajectory[])[],
  spins: number,
  lines: number = PAYLINES.length,
): number {
  const S = N_SYMBOLS;
  const min = FREE_SPINS.minScatters;
  const payable = payableMasks();
  const used = PAYLINES.slice(0, lines);
  const [r1, r2, r3, r4, r5] = reels as [Trajectory[], Trajectory[], Trajectory[], Trajectory[], Trajectory[]];

  // Reels 4–5: P(counts c_k per spin), then H[a] = P(a_k + c_k < min for every spin), a_k < min.
  const side = 2 * ROWS + 1;
  // Each reel's own joint count law first (spin k is digit k, least significant first), then their product.
  const countsOf = (reel: readonly Trajectory[]) => {
    const law = new Map<number, number>();
    for (const t of reel) {
      let key = 0;
      for (let k = spins - 1; k >= 0; k--) key = key * side + scattersIn(t.columns[k] as number[]);
      law.set(key, (law.get(key) ?? 0) + t.p);
    }
    return law;
  };
  const tail = new Map<number, number>();
  for (const [ka, pa] of countsOf(r4)) for (const [kb, pb] of countsOf(r5)) tail.set(ka + kb, (tail.get(ka + kb) ?? 0) + pa * pb);
  const H = new Float64Array(min ** spins);
  for (let aKey = 0; aKey < H.length; aKey++) {
    let h = 0;
    for (const [key, p] of tail) {
      let ok = true;
      let ak = aKey;
      let ck = key;
      for (let k = 0; k < spins && ok; k++) {
        if ((ak % min) + (ck % side) >= min) ok = false;
        ak = Math.floor(ak / min);
        ck = Math.floor(ck / side);
      }
      if (ok) h += p;
    }
    H[aKey] = h;
  }

  // Reels 1–2: what reel 3 must avoid in each spin and row, and the scatters so far.
  const states = new Map<string, { kill: Uint32Array; scatters: number[]; p: number }>();
  for (const a of r1)
    for (const b of r2) {
      const kill = new Uint32Array(spins * ROWS);
      const scatters: number[] = [];
      for (let k = 0; k < spins; k++) {
        const c1 = a.columns[k] as number[];
        const c2 = b.columns[k] as number[];
        for (const line of used) {
          const i = k * ROWS + (line[2] as number);
          kill[i] =
            (kill[i] as number) | (payable[(c1[line[0] as number] as number) * S + (c2[line[1] as number] as number)] as number);
        }
        scatters.push(scattersIn(c1) + scattersIn(c2));
      }
      if (scatters.some((n) => n >= min)) continue;
      const key = `${kill.join(",")}|${scatters.join(",")}`;
      const st = states.get(key);
      if (st) st.p += a.p * b.p;
      else states.set(key, { kill, scatters, p: a.p * b.p });
    }

  // Reel 3 flattened for the inner loop: symbols by (trajectory, spin, row), SCATTER counts by (trajectory, spin).
  const n3 = r3.length;
  const cells3 = new Uint8Array(n3 * spins * ROWS);
  const count3 = new Uint8Array(n3 * spins);
  const p3 = new Float64Array(n3);
  r3.forEach((t, i) => {
    p3[i] = t.p;
    for (let k = 0; k < spins; k++) {
      const col = t.columns[k] as number[];
      count3[i * spins + k] = scattersIn(col);
      for (let row = 0; row < ROWS; row++) cells3[(i * spins + k) * ROWS + row] = col[row] as number;
    }
  });
  let total = 0;
  for (const st of states.values()) {
    const kill = st.kill;
    let sum = 0;
    for (let i = 0; i < n3; i++) {
      let ok = true;
      let aKey = 0;
      let digit = 1;
      for (let k = 0; k < spins && ok; k++) {
        const at = (i * spins + k) * ROWS;
        for (let row = 0; row < ROWS; row++) {
          if (((kill[k * ROWS + row] as number) >>> (cells3[at + row] as number)) & 1) {
            ok = false;
            break;
          }
        }
        const n = (st.scatters[k] as number) + (count3[i * spins + k] as number);
        if (n >= min) ok = false;
        aKey += n * digit;
        digit *= min;
      }
      if (ok) sum += (p3[i] as number) * (H[aKey] as number);
    }
    total += st.p * sum;
  }
  return total;
}

/** Single-spin trajectories of a reel law (one column per trajectory), optionally filtered. */
export function spinTrajectories(
  columns: readonly { cells: number[]; p: number }[],
  keep: (cells: number[]) => boolean = () => true,
): Trajectory[] {
  return columns.filter((c) => keep(c.cells)).map((c) => ({ columns: [c.cells], p: c.p }));
}
