/**
 * Row shapes of the tables the server reads, and the caller of an authenticated request.
 * Times are epoch milliseconds, amounts integer minor units, JSON documents TEXT.
 */
import type { AutoplayState, RoundStatus } from "@reelhouse/protocol";
import type { JurisdictionProfile } from "./config.js";

export interface PlayerRow {
  id: string;
  name: string;
  currency: string;
  demo: number;
  jurisdiction: string;
}

/** The caller of an authenticated request. */
export interface Caller {
  player: PlayerRow;
  profile: JurisdictionProfile;
  /**
   * The session's last-seen time still to be written (this request's time): written in the
   * request's own transaction by the idempotency layer (no extra transaction on the hot
   * path). Absent when it was already written.
   */
  touch?: SessionTouch;
}

/** A session's last-seen time to store. */
export interface SessionTouch {
  tokenHash: string;
  at: number;
  /** Set once a committed transaction wrote it. */
  done: boolean;
}

export interface RoundRow {
  id: string;
  player_id: string;
  game_id: string;
  game_version: string;
  bet: string;
  total_bet: number;
  paid: number;
  total_win: number;
  settled: number;
  status: RoundStatus;
  state: string;
  awaiting: string | null;
  step_count: number;
  autoplay_id: string | null;
  grant_id: string | null;
  /** The operator's configuration of the game when the round started (JSON; null before contract v2). */
  config: string | null;
  /** 1 for a demo player's round (demo money). */
  demo: number;
  /** 1 when any step had forced draws (dev/test mode): not a random outcome. */
  forced: number;
  started_at: number;
  ended_at: number | null;
}

export interface StepRow {
  round_id: string;
  idx: number;
  action: string | null;
  events: string;
  win: number;
  awaiting: string | null;
  state: string;
  draws: string;
  /** The id of the context the step was played in (`contexts`, content-addressed; null before contract v2). */
  context_id: string | null;
  /** That context's JSON, when the query joined it (history and replay do). */
  context: string | null;
  /** 1 when the step's draws were (partly) forced. */
  forced: number;
  created_at: number;
}

export interface AutoplayRow {
  id: string;
  player_id: string;
  game_id: string;
  bet: string;
  spins_total: number;
  spins_done: number;
  loss_limit: number;
  single_win_limit: number | null;
  stop_on_jackpot: number;
  net: number;
  status: AutoplayState["status"];
  stop_reason: string | null;
  /** While paused: the round the autoplay waits for. */
  paused_round_id: string | null;
  created_at: number;
  updated_at: number;
}

/** What a mutating request answers; stored under its requestId so a retry gets it verbatim. */
export interface Stored<T> {
  status: number;
  body: T;
  /** The body as JSON, exactly as stored for retries (set by the idempotency layer). */
  json?: string;
}
