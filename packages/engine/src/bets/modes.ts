/**
 * Bet modes: a feature the player buys for a multiple of the total bet (40 Mystic Gem's
 * BUY BONUS). A mode names its price, the reel set its spins use (with stop weights) and an
 * optional guarantee; its pays still use the base total bet, and its RTP is the return over
 * the price. The kit prices a mode in minor units exactly, parses a mode id from untrusted
 * input, refuses a mode where the context forbids it, and draws until a guarantee holds.
 */
import { FeatureRefusedError, GameInputError, type RoundContext } from "../round.js";

/** A price as an exact multiple of the total bet: 4.5x = 9/2. */
export interface PriceMultiple {
  readonly numerator: number;
  readonly denominator: number;
}

/** A bought mode as data. */
export interface BetModeSpec<Id extends string = string> {
  readonly id: Id;
  /** What the player reads ("1 Expanding WILD"). */
  readonly label: string;
  /** What the mode debits, as a multiple of the total bet its pays use. */
  readonly price: PriceMultiple;
  /** The id of the reel set (strips and stop weights) its spins use. */
  readonly reelSet: string;
  /**
   * `lineWin`: every spin of the mode shows at least one winning line (the spin is drawn
   * again until it does; the game says which draws are redrawn). Absent: no guarantee.
   */
  readonly guarantee?: "lineWin";
  /** For a guaranteed mode: the plain mode it is the GUARANTEED PRIZES variant of. */
  readonly guaranteedOf?: Id;
  readonly description?: string;
}

/** The price as a number (4.5), for display and for RTP = return / price. */
export function priceTimes(price: PriceMultiple): number {
  return price.numerator / price.denominator;
}

/**
 * The amount a mode debits at `totalBet` minor units: `totalBet x price`, exact. A total
 * whose price is not a whole number of minor units is refused (games choose stakes for
 * which every price is whole, e.g. multiples of 40 cents for 4.5x and 71.5x).
 */
export function modePrice(totalBet: number, price: PriceMultiple): number {
  const scaled = totalBet * price.numerator;
  if (!Number.isSafeInteger(scaled) || scaled % price.denominator !== 0)
    throw new GameInputError("BAD_BET", `a price of ${priceTimes(price)}x is not a whole amount at a total bet of ${totalBet}`);
  return scaled / price.denominator;
}

/**
 * Reads an optional mode id from untrusted input: `undefined`/`null` is a plain spin
 * (null), a known id its mode; anything else a clear error naming the choices.
 */
export function parseModeId<M extends BetModeSpec>(input: unknown, modes: readonly M[]): M | null {
  if (input === undefined || input === null) return null;
  const mode = typeof input === "string" ? modes.find((m) => m.id === input) : undefined;
  if (!mode) throw new GameInputError("BAD_BET", `mode must be one of ${modes.map((m) => `'${m.id}'`).join(", ")} or absent`);
  return mode;
}

/**
 * Refuses a bought mode where the context forbids it: the jurisdiction switched buy bonus
 * off (403 FEATURE_NOT_ALLOWED), or the round is an operator-granted free round (its bet is
 * fixed). Nothing changes when it throws.
 */
export function checkModeAllowed(mode: BetModeSpec | null, context: RoundContext<unknown>): void {
  if (mode === null) return;
  if (!context.features.buyBonus) throw new FeatureRefusedError("buyBonus", "Buy Bonus is not offered in this jurisdiction");
  if (context.granted) throw new GameInputError("BAD_BET", "a granted round plays at its fixed bet: no bought mode");
}

/** The modes as a client's bet schema lists them (`BuyMode` of the protocol). */
export function buyModesOf(
  modes: readonly BetModeSpec[],
): { id: string; label: string; priceTimesBet: number; guaranteedOf?: string; description?: string }[] {
  return modes.map((m) => ({
    id: m.id,
    label: m.label,
    priceTimesBet: priceTimes(m.price),
    ...(m.guaranteedOf ? { guaranteedOf: m.guaranteedOf } : {}),
    ...(m.description ? { description: m.description } : {}),
  }));
}

/**
 * Draws with `draw` until `accept` holds (a guarantee: redraw the spinning reels until a
 * line wins) and returns the accepted value and how many draws it took. The guarantee's
 * law is the draw's law conditioned on `accept`, exactly. `limit` only fails closed on a
 * broken design (an acceptance probability so low a round could hang).
 */
export function redrawUntil<T>(draw: () => T, accept: (value: T) => boolean, limit = 10_000): { value: T; draws: number } {
  for (let draws = 1; draws <= limit; draws++) {
    const value = draw();
    if (accept(value)) return { value, draws };
  }
  throw new Error(`redrawUntil: no accepted draw in ${limit} tries`);
}
