/**
 * Session mode: one simulated player plays round after round and carries non-cash
 * balances between them (Gnomos Mix's Bonuses won in the lower game pay the upper game's
 * stake). Each round sees the balances in `RoundContext.balances` and moves them by its
 * `winUnits − stakeUnits`; the player plays the first bet of a preference list that the
 * balances can stake.
 */
import type { Amounts, GameModule, Rng, RoundContext, StateBase } from "@reelhouse/engine";
import { platformAction } from "./platform.js";
import type { Tally } from "./tally.js";

/** How a session is played (plain data, so it can cross into a worker). */
export interface SessionOptions {
  /** Non-cash balances at the start of each session (default none: `{}`). */
  readonly balances?: Amounts;
  /**
   * Bets in order of preference, as the game's bet objects: each round plays the first whose
   * non-cash stake the balances cover (default: the run's bet alone).
   */
  readonly bets?: readonly unknown[];
  /** Rounds per session; balances go back to their start after this many (default: one session per shard). */
  readonly rounds?: number;
}

/** What sessions did, beyond the tally (merged over shards). */
export interface SessionData {
  /** Sessions played (a shard's unfinished last session counts). */
  sessions: number;
  /** Rounds played at each preferred bet, in the order of the preference list. */
  roundsByBet: number[];
  /** Σ over sessions of the balances each ended with, by unit. */
  endBalances: Record<string, bigint>;
}

const LEAN = { events: false } as const;

/** Merges shards' session data in the order given. */
export function mergeSessions(parts: readonly SessionData[]): SessionData {
  const out: SessionData = { sessions: 0, roundsByBet: [], endBalances: {} };
  for (const p of parts) {
    out.sessions += p.sessions;
    p.roundsByBet.forEach((n, i) => {
      out.roundsByBet[i] = (out.roundsByBet[i] ?? 0) + n;
    });
    for (const [u, v] of Object.entries(p.endBalances)) out.endBalances[u] = (out.endBalances[u] ?? 0n) + v;
  }
  out.endBalances = Object.fromEntries(Object.entries(out.endBalances).sort(([a], [b]) => a.localeCompare(b)));
  return out;
}

/**
 * A simulated player: holds the balances between rounds, picks each round's bet, plays
 * it to the end and tallies it. Throws when no bet is affordable or a round spends more
 * than the balances held (the game broke its contract).
 */
export class SessionPlayer {
  private balances: Record<string, number>;
  private inSession = 0;
  private readonly roundsByBet: number[];
  private sessions = 0;
  private readonly endBalances: Record<string, bigint> = {};
  private readonly stakes: Amounts[];

  constructor(
    private readonly game: GameModule<any, any, any, any, any, any>,
    /** Parsed bets, in order of preference. */
    private readonly bets: readonly unknown[],
    private readonly policy: (state: any, awaiting: any) => unknown,
    private readonly context: RoundContext<unknown>,
    private readonly options: SessionOptions,
  ) {
    if (bets.length === 0) throw new Error("a session needs at least one bet");
    this.balances = { ...(options.balances ?? {}) };
    this.roundsByBet = bets.map(() => 0);
    this.stakes = bets.map((b) => game.stakeUnits?.(b) ?? {});
  }

  /** Plays `rounds` rounds into `tally`, carrying the balances. */
  play(rng: Rng, rounds: number, tally: Tally): void {
    const perSession = this.options.rounds;
    for (let i = 0; i < rounds; i++) {
      const b = this.pick();
      const context: RoundContext<unknown> = { ...this.context, balances: Object.freeze({ ...this.balances }) };
      let step = this.game.start(this.bets[b], rng, context, LEAN);
      while (step.awaiting !== null) {
        const action = platformAction(this.game, step.awaiting, context) ?? this.policy(step.state, step.awaiting);
        step = this.game.act(step.state, action, rng, context, LEAN);
      }
      const state: StateBase = step.state;
      tally.add(state);
      this.roundsByBet[b] = (this.roundsByBet[b] as number) + 1;
      this.settle(state);
      this.inSession++;
      if (perSession !== undefined && this.inSession === perSession) this.endSession();
    }
  }

  /** The session data so far, counting an unfinished session as ended (call once, at the end). */
  finish(): SessionData {
    if (this.inSession > 0) this.endSession();
    return { sessions: this.sessions, roundsByBet: [...this.roundsByBet], endBalances: { ...this.endBalances } };
  }

  /** Index of the first bet whose non-cash stake the balances cover. */
  private pick(): number {
    for (let b = 0; b < this.stakes.length; b++) {
      const stake = this.stakes[b] as Amounts;
      let ok = true;
      for (const unit in stake) if ((stake[unit] as number) > (this.balances[unit] ?? 0)) ok = false;
      if (ok) return b;
    }
    throw new Error(`session: no bet is affordable with balances ${JSON.stringify(this.balances)}`);
  }

  /** Moves the balances by the round's non-cash winnings minus its non-cash stake. */
  private settle(state: StateBase): void {
    const balances = this.balances;
    const staked = state.stakeUnits;
    if (staked) {
      for (const unit in staked) {
        // A round may stake only what the player held when it started.
        if ((staked[unit] as number) > (balances[unit] ?? 0)) {
          throw new Error(`session: a round staked ${staked[unit]} ${unit} with only ${balances[unit] ?? 0} held`);
        }
      }
      for (const unit in staked) balances[unit] = (balances[unit] ?? 0) - (staked[unit] as number);
    }
    const won = state.winUnits;
    if (won) for (const unit in won) balances[unit] = (balances[unit] ?? 0) + (won[unit] as number);
  }

  private endSession(): void {
    for (const [unit, amount] of Object.entries(this.balances)) {
      this.endBalances[unit] = (this.endBalances[unit] ?? 0n) + BigInt(amount);
    }
    this.sessions++;
    this.inSession = 0;
    this.balances = { ...(this.options.balances ?? {}) };
  }
}
