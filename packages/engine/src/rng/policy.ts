import { CryptoRng } from "./crypto.js";
import type { Rng } from "./rng.js";
import { Xoshiro128 } from "./xoshiro.js";

/** Where code runs: only `production` serves real money, and it refuses seeded streams. */
export type RunMode = "production" | "dev" | "test" | "simulation";

/** Raised when a seeded (predictable) RNG is asked for in production. */
export class SeededRngRefusedError extends Error {
  constructor() {
    super("seeded RNG streams are refused in production mode; they exist only for simulation, test and dev");
  }
}

/**
 * The one way to obtain an RNG by policy: production always gets the CSPRNG, and asking
 * for a seed there throws; other modes get a seeded stream when a seed is given.
 */
export function createRng(mode: RunMode, seed?: number, stream = 0): Rng {
  if (seed === undefined) return new CryptoRng();
  if (mode === "production") throw new SeededRngRefusedError();
  return new Xoshiro128(seed, stream);
}
