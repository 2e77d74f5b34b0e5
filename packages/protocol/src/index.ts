/**
 * Wire types shared by the server and the browser client (`/api/v1`, JSON).
 * Every amount is an integer in currency minor units (EUR cents): `100000` is 1,000.00 EUR.
 * Game events, awaiting decisions and states are the game modules' own types; on the wire
 * they travel as the JSON the pure round machine produced.
 */

/** Errors: every 4xx/5xx answer has this body. */
export interface ApiError {
  error: {
    /** Stable machine-readable code, e.g. `BAD_BET`, `INSUFFICIENT_FUNDS`, `ROUND_OPEN`. */
    code: string;
    /** A sentence a person can read. */
    message: string;
    /** Extra data, e.g. `{ minBet }` with INSUFFICIENT_FUNDS. */
    details?: Record<string, unknown>;
  };
}

export interface Money {
  /** Minor units. */
  amount: number;
  currency: string;
}

export interface PlayerInfo {
  id: string;
  name: string;
  currency: string;
  demo: boolean;
}

/** POST /api/v1/sessions */
export type CreateSessionRequest = { demo: true } | { launchToken: string };
export interface CreateSessionResponse {
  token: string;
  player: PlayerInfo;
  balance: number;
  currency: string;
  /** The jurisdiction profile in force for this session (what the client may show). */
  jurisdiction: JurisdictionInfo;
}

export interface JurisdictionInfo {
  id: string;
  autoplay: boolean;
  turbo: boolean;
  slamStop: boolean;
  gamble: boolean;
  buyBonus: boolean;
  /** Minimum milliseconds between spin starts enforced by the server (0 = none). */
  minSpinIntervalMs: number;
  /** Maximum total bet per spin, minor units (null = none). */
  maxStake: number | null;
}

/** GET /api/v1/games -> { games: GameSummary[] } */
export interface GameSummary {
  id: string;
  name: string;
  /** Minimum and maximum total bet, minor units. */
  minBet: number;
  maxBet: number;
  rtp: number;
}

/** A round's status on the wire. */
export type RoundStatus = "open" | "completed" | "cancelled";

/** The answer to starting a round or acting in it. */
export interface StepResponse<Event = unknown, Awaiting = unknown> {
  roundId: string;
  gameId: string;
  status: RoundStatus;
  /** 0-based index of this step within the round (0 = the paid spin). */
  stepIndex: number;
  events: Event[];
  /** What this step won, minor units. */
  win: number;
  /** Sum of the round's wins so far, minor units. */
  totalWin: number;
  /** The next decision, or null when the round is over. */
  awaiting: Awaiting | null;
  /** Player's balance after this step was committed, minor units. */
  balance: number;
  /** The bet of the round, as sent when it started. */
  bet: unknown;
  totalBet: number;
  /** When autoplay is running: its state after this spin. */
  autoplay?: AutoplayState | null;
}

/** POST /api/v1/games/:gameId/rounds */
export interface StartRoundRequest {
  bet: unknown;
  /** Idempotency key chosen by the client (e.g. a UUID); a retry returns the same answer. */
  requestId: string;
  /** Autoplay session this spin belongs to, if any. */
  autoplayId?: string;
  /** Dev/test mode only: forced reel stops per spin, refused in production. */
  force?: unknown;
}

/** POST /api/v1/rounds/:roundId/actions */
export interface ActionRequest {
  action: unknown;
  requestId: string;
  force?: unknown;
}

/** GET /api/v1/rounds/open -> { rounds: OpenRound[] } */
export interface OpenRound {
  roundId: string;
  gameId: string;
  bet: unknown;
  totalBet: number;
  totalWin: number;
  stepIndex: number;
  awaiting: unknown;
  /** The events of every committed step, so a client can redraw where the round stands. */
  steps: { index: number; events: unknown[]; win: number }[];
}

/** POST /api/v1/autoplay */
export interface AutoplayRequest {
  gameId: string;
  bet: unknown;
  /** 1..100 */
  spins: number;
  /** Mandatory: stop when net loss since start reaches this, minor units (> 0). */
  lossLimit: number;
  /** Optional: stop when a single round wins at least this, minor units. */
  singleWinLimit?: number | null;
  stopOnJackpot?: boolean;
  requestId: string;
}

export interface AutoplayState {
  id: string;
  gameId: string;
  spinsTotal: number;
  spinsDone: number;
  lossLimit: number;
  singleWinLimit: number | null;
  stopOnJackpot: boolean;
  /** Net result since the autoplay started (wins - bets), minor units. */
  net: number;
  status: "running" | "stopped" | "finished";
  /** Why it stopped: `spins`, `lossLimit`, `singleWinLimit`, `jackpot`, `feature`, `player`, `funds`. */
  stopReason: string | null;
}

/** GET /api/v1/history -> HistoryResponse */
export interface HistoryResponse {
  rounds: HistoryRound[];
  transactions: Transaction[];
}

export interface HistoryRound {
  roundId: string;
  gameId: string;
  startedAt: string;
  endedAt: string | null;
  status: RoundStatus;
  totalBet: number;
  totalWin: number;
  /** Balance after the round settled (or after the debit while it is open). */
  balanceAfter: number;
}

export interface Transaction {
  id: string;
  at: string;
  /** `bet`, `win`, `refund`, `credit`, `debit`, `jackpot`… */
  kind: string;
  /** Signed, from the player's point of view, minor units. */
  amount: number;
  balanceAfter: number;
  roundId: string | null;
}

/** GET /api/v1/history/:roundId */
export interface RoundDetail extends HistoryRound {
  bet: unknown;
  steps: { index: number; action: unknown; events: unknown[]; win: number; at: string }[];
}

/**
 * How a game's bet is chosen, for a client to build its bet panel from data (a game's
 * description may carry it as `betSchema`). Every amount is in minor units.
 * - `lines`: coin value x coins per line x lines (one `lines` value: fixed lines);
 * - `fixed`: a list of total stakes (0.40–50.00 EUR), each with an optional non-cash part
 *   ("0.20 EUR + 1 Bonus").
 * Either may offer buy modes: a feature bought for a multiple of the total bet.
 */
export type BetSchema = LineBetSchema | FixedBetSchema;

export interface LineBetSchema {
  kind: "lines";
  coinValues: number[];
  coinsPerLine: number[];
  lines: number[];
  default: { coinValue: number; coinsPerLine: number; lines: number };
  buyModes?: BuyMode[];
}

export interface FixedBetSchema {
  kind: "fixed";
  stakes: Stake[];
  /** Index of the default stake. */
  default: number;
  buyModes?: BuyMode[];
}

/** One selectable total stake: cash, plus an optional stake in another unit (e.g. 1 Bonus). */
export interface Stake {
  cash: number;
  extra?: { amount: number; unit: string };
}

/** A feature the player may buy instead of a plain spin. */
export interface BuyMode {
  id: string;
  label: string;
  /** The price as a multiple of the total bet (4.5, 15, 71.5); the server debits the exact amount. */
  priceTimesBet: number;
  description?: string;
}

/**
 * The bet a client sends for a `BetSchema`: `{coinValue, coinsPerLine, lines}` for line
 * games, `{stake}` (the index in `stakes`) for fixed stakes; `mode` names a bought buy mode.
 */
export type WireBet =
  | { coinValue: number; coinsPerLine: number; lines: number; mode?: string }
  | { stake: number; mode?: string };
