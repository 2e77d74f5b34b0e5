/**
 * Wire types shared by the server and the browser client (`/api/v1`, JSON).
 * Every amount is an integer in currency minor units (EUR cents): `100000` is 1,000.00 EUR.
 * Game events, awaiting decisions, actions and bets are the game modules' own types
 * (type-only re-exports from `@reelhouse/games`, erased from any bundle); on the wire they
 * travel as the JSON the pure round machine produced. Answers are generic over the game id.
 */
import type {
  BewitchedAction,
  BewitchedAwaiting,
  BewitchedBet,
  BewitchedEvent,
  MermaidAction,
  MermaidAwaiting,
  MermaidBet,
  MermaidEvent,
  MonaAction,
  MonaAwaiting,
  MonaBet,
  MonaEvent,
} from "@reelhouse/games";

export type {
  BewitchedAction,
  BewitchedAwaiting,
  BewitchedBet,
  BewitchedEvent,
  MermaidAction,
  MermaidAwaiting,
  MermaidBet,
  MermaidEvent,
  MonaAction,
  MonaAwaiting,
  MonaBet,
  MonaEvent,
} from "@reelhouse/games";

// ---------------------------------------------------------------------------------
// Each game's wire types, by game id (one line per game).

/** A game's bet, events, awaiting decisions and player actions, as they travel on the wire. */
export interface GameWireTypes {
  "mermaid-treasure": { bet: MermaidBet; event: MermaidEvent; awaiting: MermaidAwaiting; action: MermaidAction };
  "mona-lisa-jewels": { bet: MonaBet; event: MonaEvent; awaiting: MonaAwaiting; action: MonaAction };
  bewitched: { bet: BewitchedBet; event: BewitchedEvent; awaiting: BewitchedAwaiting; action: BewitchedAction };
}

/** The id of a game the protocol knows. */
export type GameId = keyof GameWireTypes;
/** Each game's event union by game id. */
export type GameEvents = { [G in GameId]: GameWireTypes[G]["event"] };
/** Each game's awaiting union by game id. */
export type GameAwaitings = { [G in GameId]: GameWireTypes[G]["awaiting"] };
/** Each game's player-action union by game id. */
export type GameActions = { [G in GameId]: GameWireTypes[G]["action"] };
/** Each game's bet by game id. */
export type GameBets = { [G in GameId]: GameWireTypes[G]["bet"] };

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
  /**
   * The player's non-cash balances by unit (Gnomos Mix's Bonuses: `{bonus: 12}`): every unit
   * the player holds an account of, 0 included; `{}` when none. The same record as a round
   * answer's `unitBalances` and the `account` event's.
   */
  units: Record<string, number>;
  currency: string;
  /** The jurisdiction profile in force for this session (what the client may show). */
  jurisdiction: JurisdictionInfo;
}

/** GET /api/v1/session: the session's player, balances and jurisdiction profile (after a reload). */
export interface SessionResponse extends Omit<CreateSessionResponse, "token"> {
  /** The session ends after this long without a request. */
  idleTimeoutMs: number;
  /** After a dropped session, a new one is refused this long. */
  reconnectLockoutMs: number;
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
  /** Minimum and maximum total bet, minor units, over the bets the operator left enabled. */
  minBet: number;
  maxBet: number;
  rtp: number;
}

/** A round's status on the wire. */
export type RoundStatus = "open" | "completed" | "cancelled";

/**
 * The answer to starting a round or acting in it. A request may play several steps (the
 * server answers a round's platform requests, such as a jackpot claim, in the same
 * request): `events` are all their events in order, `win` their summed win, and
 * `stepIndex` the last one's index, the step the next action names.
 */
export interface StepResponse<G extends GameId = GameId> {
  roundId: string;
  gameId: G;
  status: RoundStatus;
  /** 0-based index of the last step this request played (0 = the paid spin). */
  stepIndex: number;
  events: GameEvents[G][];
  /** What this request's steps won, minor units; negative when a gamble lost winnings. */
  win: number;
  /** Sum of the round's wins so far, minor units. */
  totalWin: number;
  /** The next decision, or null when the round is over. */
  awaiting: GameAwaitings[G] | null;
  /** Player's balance after this step was committed, minor units. */
  balance: number;
  /** The bet of the round, as sent when it started (a granted round: the grant's bet). */
  bet: GameBets[G];
  totalBet: number;
  /** The round's non-cash winnings so far by unit (e.g. `{bonus: 3}`); absent when none. */
  totalWinUnits?: Record<string, number>;
  /**
   * The player's non-cash balances after this request's steps (their money moved), by unit;
   * absent when the player holds no non-cash account (then every unit is 0).
   */
  unitBalances?: Record<string, number>;
  /** On an autoplay spin, and when an autoplay round settles: the autoplay after it. */
  autoplay?: AutoplayState | null;
  /** The round just ended opened a Jackpot Cards round beside it: play it next (GET /rounds/open). */
  jackpotCards?: { roundId: string };
}

/** POST /api/v1/games/:gameId/rounds */
export interface StartRoundRequest<G extends GameId = GameId> {
  /** The bet; may be left out with a grantId (the grant's bet is played). */
  bet?: GameBets[G];
  /** Idempotency key chosen by the client (e.g. a UUID); a retry returns the same answer. */
  requestId: string;
  /** Autoplay session this spin belongs to, if any. */
  autoplayId?: string;
  /** An operator grant (Bonus Spin Mode) this round plays: nothing is debited. */
  grantId?: string;
  /** Dev/test mode only: forced reel stops per spin, refused in production. */
  force?: unknown;
}

/** POST /api/v1/rounds/:roundId/actions */
export interface ActionRequest<G extends GameId = GameId> {
  action: GameActions[G];
  /**
   * The step this action answers: the `stepIndex` of the last answer (or of the open
   * round). An action for a step that is no longer current is 409 STALE_STEP and changes
   * nothing, so a double click never plays twice.
   */
  step: number;
  requestId: string;
  force?: unknown;
}

/** GET /api/v1/rounds/open -> { rounds: OpenRound[] } */
export interface OpenRound<G extends GameId = GameId> {
  roundId: string;
  gameId: G;
  bet: GameBets[G];
  totalBet: number;
  totalWin: number;
  /** The current step: what the next action names. */
  stepIndex: number;
  awaiting: GameAwaitings[G] | null;
  /** The events of every committed step, so a client can redraw where the round stands. */
  steps: { index: number; events: GameEvents[G][]; win: number }[];
  /** The grant this round plays (an operator free round), or null for a paid round. */
  grantId: string | null;
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
  /**
   * `running`; `paused` while a round that pauses autoplay (a jackpot round) waits for the
   * player, resuming when it ends; `stopped` and `finished` (all spins played) are final.
   */
  status: "running" | "paused" | "stopped" | "finished";
  /** Why it stopped: `spins`, `lossLimit`, `singleWinLimit`, `jackpot`, `feature`, `player`, `replaced`, `roundCancelled`. */
  stopReason: string | null;
  /** While paused: the round it waits for. */
  pausedRoundId: string | null;
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
  /** An operator-granted free round (Bonus Spin Mode): its stake was paid by the operator's promotions account. */
  granted: boolean;
  /** A demo round: played with demo money (the demo bank's), never real money. */
  demo: boolean;
  /**
   * A forced round (dev and test mode only): some of its draws were chosen by the client
   * (`force`), not drawn by the CSPRNG. Never true on a production server.
   */
  forced: boolean;
}

export interface Transaction {
  id: string;
  at: string;
  /** `bet`, `win`, `refund`, `credit`, `debit`, `jackpot`… */
  kind: string;
  /** `cash` (minor units of the currency) or a game's non-cash unit (e.g. `bonus`). */
  unit: string;
  /** Signed, from the player's point of view, in `unit`. */
  amount: number;
  /** The player's balance in `unit` after it. */
  balanceAfter: number;
  roundId: string | null;
}

/** GET /api/v1/history/:roundId */
export interface RoundDetail<G extends GameId = GameId> extends HistoryRound {
  gameId: G;
  bet: GameBets[G];
  /** Every step; `action` is the player's action, or `{type: "platform", answer}` for a platform answer. */
  steps: {
    index: number;
    action: GameActions[G] | PlatformStepAction | null;
    events: GameEvents[G][];
    win: number;
    at: string;
    /** This step's draws were (partly) forced. */
    forced: boolean;
  }[];
}

/** A step that carried the platform's answer to a round's request (a jackpot claim…). */
export interface PlatformStepAction {
  type: "platform";
  answer: { kind: string; [field: string]: unknown };
}

/** GET /api/v1/grants -> { grants: Grant[] }: operator free rounds (Bonus Spin Mode) the player can still play. */
export interface Grant<G extends GameId = GameId> {
  id: string;
  gameId: G;
  /** The fixed bet of every granted round. */
  bet: GameBets[G];
  spinsTotal: number;
  spinsLeft: number;
}

/**
 * GET/PUT /api/v1/preferences/:gameId: a small JSON object the server keeps per player and
 * game (e.g. Bewitched's chosen witch, 40 Mystic Gem's active buy mode). At most 2 KB as
 * JSON, 3 levels deep, 32 keys per object, keys `[A-Za-z][A-Za-z0-9_-]{0,39}`.
 */
export interface Preferences {
  gameId: string;
  preferences: Record<string, unknown>;
  /** ISO time of the last change, null when never set. */
  updatedAt: string | null;
}

/** A double-up card the player has seen: rank 1 (ace) to 13 (king), its suit, and the round that turned it. */
export interface GambleCard {
  rank: number;
  suit: "clubs" | "diamonds" | "hearts" | "spades";
  roundId: string;
}

/**
 * GET /api/v1/gamble-cards/:gameId?limit=5 (1..20): the double-up cards turned over in the
 * game during the player's current login session, latest first (only cards already
 * revealed). `openRoundId` is the game's round still in play, if any: its cards are also in
 * its own awaiting, so a client showing "this round's cards, then earlier ones" leaves them out.
 */
export interface GambleCardsResponse {
  gameId: string;
  cards: GambleCard[];
  openRoundId: string | null;
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
  /**
   * The operator disabled this stake: not offered, and a round at it is 400 BET_DISABLED.
   * It keeps its place in `stakes` (a bet names its stake by index).
   */
  disabled?: true;
}

/**
 * What `GET /api/v1/games/:id` adds to a game's description when the operator disabled some
 * of its bets (`PUT /api/v1/admin/games/:id/bets`); absent when every bet is enabled. The
 * description's bet schema is narrowed too: a line schema keeps the values some enabled bet
 * uses, a fixed schema marks disabled stakes `disabled: true`, a default on a disabled bet
 * moves to the nearest enabled one below it.
 */
export interface DisabledBetsInfo<G extends GameId = GameId> {
  /** Smallest and largest total bet the operator left enabled, minor units. */
  minBet: number;
  maxBet: number;
  /** The disabled bets, as the game's bets (a line game: `{coinValue, coinsPerLine, lines}`; fixed stakes: `{stake}`). */
  disabledBets: GameBets[G][];
}

/** Admin `PUT /api/v1/admin/games/:id/bets`: the bets to disable, or the only bets to enable (each one of the game's bets). */
export type BetSettingRequest = { disabled: unknown[] } | { enabled: unknown[] };

/** Admin `GET`/`PUT /api/v1/admin/games/:id/bets`. */
export interface BetSettingView {
  gameId: string;
  version: string;
  /** The operator's setting as stored (normalised to the game's order), or null when never set. */
  setting: BetSettingRequest | null;
  updatedAt: string | null;
  updatedBy: string | null;
  /** Smallest and largest enabled total bet, minor units (the lobby's range). */
  minBet: number;
  maxBet: number;
  /** Every bet of the game (`GameModule.bets()`, smallest total first) and whether it is enabled. */
  bets: { bet: unknown; totalBet: number; enabled: boolean }[];
}

/** A feature the player may buy instead of a plain spin. */
export interface BuyMode {
  id: string;
  label: string;
  /** The price as a multiple of the total bet (4.5, 15, 71.5); the server debits the exact amount. */
  priceTimesBet: number;
  /**
   * Set on a mode that is another mode with GUARANTEED PRIZES switched on: the id of that
   * plain mode (40 Mystic Gem's `wild1-guaranteed` guarantees `wild1`). A bet panel shows
   * the pair as one choice plus the switch.
   */
  guaranteedOf?: string;
  description?: string;
}

/**
 * The bet a client sends for a `BetSchema`: `{coinValue, coinsPerLine, lines}` for line
 * games, `{stake}` (the index in `stakes`) for fixed stakes; `mode` names a bought buy mode.
 */
export type WireBet =
  | { coinValue: number; coinsPerLine: number; lines: number; mode?: string }
  | { stake: number; mode?: string };

// --- Jackpots: push channel (GET /api/v1/events, docs/jackpots.md §7) ---------------------

/** A pool a game declares, as `GET /api/v1/games/:id` lists it in `jackpots` (absent: none). */
export interface JackpotInfo {
  id: string;
  name: string;
}

/** `ready`: the stream is open; `streamId` names it in `PUT /api/v1/events/view`. */
export interface EventsReady {
  streamId: string;
  /** Seconds between `pool` snapshots. */
  poolEverySeconds: number;
}

/** `pool`: what the player's screen shows of a game's pools at the viewed bet. */
export interface PoolEvent {
  gameId: string;
  currency: string;
  pools: {
    pool: string;
    key: string;
    name: string;
    /** What a win at the viewed bet would pay now, minor units, rounded down like a claim. */
    amount: number;
  }[];
}

/** `jackpotWin`: a pool was won, by anyone; event id = the win's commit-ordered number. */
export interface JackpotWinEvent {
  id: number;
  gameId: string;
  gameName: string;
  pool: string;
  poolName: string;
  key: string;
  currency: string;
  /** Paid, minor units. */
  amount: number;
  /** The winner's name, masked ("D***r"). */
  player: string;
  /** True for the winner's own streams. */
  mine: boolean;
  /** The round that won: only on the winner's own streams. */
  roundId?: string;
  /** ISO time of the win. */
  at: string;
}

/**
 * What moved a player's account: `round` a round's step moved money (bet, win, a jackpot
 * paid, a step the server played at a deadline), `adjustment` an operator's credit or debit
 * (cash or Bonuses), `cancel` a round cancelled by the operator, `grant` a grant made, used by
 * a round or given back by a cancel (the balances may be unchanged).
 */
export type AccountChange = "round" | "adjustment" | "grant" | "cancel";

/**
 * `account`: the player's own account changed. Sent only on that player's streams (every tab
 * and process), after the change committed; the balances are read at send time, so the
 * latest event is the current state. Changes close together are coalesced into one event
 * (its `cause` the one asking the most: `grant`, then `cancel`, `adjustment`, `round`). A tab
 * shows the balances at once and re-reads the player's grants when `cause` is `"grant"` (also
 * sent after the server may have missed changes). No event on connect: read the balance then.
 */
export interface AccountEvent {
  /** Cash balance, minor units. */
  balance: number;
  currency: string;
  /** Non-cash balances by unit (Bonuses), as the session's `units`; absent when the player holds no non-cash account. */
  unitBalances?: Record<string, number>;
  cause: AccountChange;
}

/** `PUT /api/v1/events/view`: what the stream's screen shows (204; `gameId: null` shows nothing). */
export interface EventsViewRequest {
  streamId: string;
  gameId: string | null;
  bet?: unknown;
}
