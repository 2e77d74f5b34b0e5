/**
 * The double-up's operator rules and when a gamble may be offered at all. A gamble is
 * refused under autoplay, in granted (Bonus Spin Mode) rounds and where the jurisdiction
 * forbids it ({@link FeatureRefusedError}); a win above the per-double stake cap, or no
 * win, cannot be gambled ({@link GameInputError}).
 */
import { FeatureRefusedError, GameInputError, type RoundContext } from "../round.js";

/** Which cards the double-up deals from; both are half red, half black. */
export type GambleDeck = "standard" | "heartsSpades";

/** The operator's double-up settings (part of a game's configuration). */
export interface GambleRules {
  /** Doubles a player may play in one round, 1..5 (ANZ: at most 5 in a row). */
  readonly maxAttempts: number;
  /** Largest stake one double may put at risk, minor units (40 Mystic Gem: 4200); null = no cap. */
  readonly maxStake: number | null;
  /** Recent cards kept in the strip (latest first), 0..20. */
  readonly stripLength: number;
  /** `standard`: 52 cards; `heartsSpades`: 13 hearts and 13 spades (Bewitched's red heart / black spade). */
  readonly deck: GambleDeck;
}

/** Five doubles, no stake cap, a strip of 5, the 52-card deck. */
export const DEFAULT_GAMBLE_RULES: GambleRules = Object.freeze({
  maxAttempts: 5,
  maxStake: null,
  stripLength: 5,
  deck: "standard",
});

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/**
 * Validates the operator's gamble settings over `defaults`; `undefined` gives the defaults.
 * Throws {@link GameInputError} `BAD_CONFIG` naming the bad field.
 */
export function parseGambleRules(input: unknown, defaults: GambleRules = DEFAULT_GAMBLE_RULES): GambleRules {
  if (input === undefined) return defaults;
  if (!isRecord(input)) throw new GameInputError("BAD_CONFIG", "gamble settings must be an object");
  const extra = Object.keys(input).filter((k) => !["maxAttempts", "maxStake", "stripLength", "deck"].includes(k));
  if (extra.length > 0) throw new GameInputError("BAD_CONFIG", `unknown gamble setting(s): ${extra.join(", ")}`);
  const int = (name: string, value: unknown, min: number, max: number): number => {
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max) {
      throw new GameInputError(
        "BAD_CONFIG",
        `gamble ${name} must be an integer in [${min}, ${max}], got ${JSON.stringify(value)}`,
      );
    }
    return value;
  };
  const maxAttempts = input.maxAttempts === undefined ? defaults.maxAttempts : int("maxAttempts", input.maxAttempts, 1, 5);
  const maxStake =
    input.maxStake === undefined
      ? defaults.maxStake
      : input.maxStake === null
        ? null
        : int("maxStake", input.maxStake, 1, Number.MAX_SAFE_INTEGER);
  const stripLength = input.stripLength === undefined ? defaults.stripLength : int("stripLength", input.stripLength, 0, 20);
  const deck = input.deck === undefined ? defaults.deck : input.deck;
  if (deck !== "standard" && deck !== "heartsSpades") {
    throw new GameInputError("BAD_CONFIG", `gamble deck must be "standard" or "heartsSpades", got ${JSON.stringify(deck)}`);
  }
  return Object.freeze({ maxAttempts, maxStake, stripLength, deck });
}

/**
 * Why `amount` may not be gambled in `context` under `rules`, or null when it may: the
 * error to throw (a refused feature first, then the amount). Games call it to decide
 * whether to offer the gamble at all; `openGamble` throws it.
 */
export function gambleRefusal(amount: number, context: RoundContext<unknown>, rules: GambleRules): GameInputError | null {
  if (!context.features.gamble) return new FeatureRefusedError("gamble", "the jurisdiction does not allow the gamble");
  if (context.autoplay) return new FeatureRefusedError("gamble", "the gamble is not available under autoplay");
  if (context.granted) return new FeatureRefusedError("gamble", "wins of granted free rounds cannot be gambled");
  if (!Number.isSafeInteger(amount) || amount <= 0) return new GameInputError("NOTHING_TO_GAMBLE", "there is no win to gamble");
  if (rules.maxStake !== null && amount > rules.maxStake) {
    return new GameInputError("GAMBLE_STAKE_TOO_HIGH", `a win above ${rules.maxStake} cannot be gambled (got ${amount})`);
  }
  return null;
}

/** True when `amount` may be gambled in `context`: the game may offer the double-up. */
export function canGamble(amount: number, context: RoundContext<unknown>, rules: GambleRules): boolean {
  return gambleRefusal(amount, context, rules) === null;
}
