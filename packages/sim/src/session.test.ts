/**
 * Session mode in process: each round sees the balances the earlier rounds left, the
 * player plays its first affordable bet, and every unit won or staked is accounted for
 * exactly (end balances = start + won − staked, session by session).
 */
import { type GameModule, Xoshiro128 } from "@reelhouse/engine";
import { describe, expect, it } from "vitest";
import { game } from "./fixtures/units-game.js";
import { mergeSessions, SessionPlayer } from "./session.js";
import { simContext } from "./shard.js";
import { Tally } from "./tally.js";

const UPPER = { game: "upper" } as const;
const LOWER = { game: "lower" } as const;
const context = simContext(game, undefined);

/** The fixture wrapped to record the balances each round starts with and what it stakes and wins. */
function recorded() {
  const seen: { balances: Record<string, number>; bet: string; won: number; staked: number }[] = [];
  const wrapped: GameModule<any, any, any, any, any, any> = {
    ...game,
    start(bet, rng, ctx, options) {
      const step = game.start(bet, rng, ctx, options);
      seen.push({
        balances: { ...ctx.balances },
        bet: bet.game,
        won: step.state.winUnits?.bonus ?? 0,
        staked: step.state.stakeUnits?.bonus ?? 0,
      });
      return step;
    },
  };
  return { seen, wrapped };
}

describe("SessionPlayer", () => {
  it("passes each round the balances the earlier rounds left, playing the upper game whenever a Bonus is held", () => {
    const { seen, wrapped } = recorded();
    const player = new SessionPlayer(wrapped, [UPPER, LOWER], game.policies.default!, context, { balances: { bonus: 0 } });
    const tally = new Tally();
    player.play(new Xoshiro128(4), 5000, tally);
    let bonus = 0;
    for (const r of seen) {
      expect(r.balances.bonus ?? 0).toBe(bonus);
      expect(r.bet).toBe(bonus >= 1 ? "upper" : "lower");
      bonus += r.won - r.staked;
    }
    const data = player.finish();
    expect(data).toEqual({
      sessions: 1,
      roundsByBet: [seen.filter((r) => r.bet === "upper").length, seen.filter((r) => r.bet === "lower").length],
      endBalances: { bonus: BigInt(bonus) },
    });
    const t = tally.data();
    expect(t.unitsWon.bonus).toBe(BigInt(seen.reduce((a, r) => a + r.won, 0)));
    expect(t.unitsStaked.bonus).toBe(BigInt(seen.reduce((a, r) => a + r.staked, 0)));
    // Both games are played: Bonuses won below are spent above.
    expect(data.roundsByBet.every((n) => n > 1000)).toBe(true);
  });

  it("starts every session from the given balances; end balances sum to sessions x start + won − staked", () => {
    const { seen, wrapped } = recorded();
    const player = new SessionPlayer(wrapped, [UPPER, LOWER], game.policies.default!, context, {
      balances: { bonus: 2 },
      rounds: 7,
    });
    const tally = new Tally();
    player.play(new Xoshiro128(9), 30, tally);
    player.play(new Xoshiro128(10), 40, tally);
    const data = player.finish();
    expect(data.sessions).toBe(10);
    seen.forEach((r, i) => {
      if (i % 7 === 0) expect(r.balances.bonus).toBe(2);
    });
    const t = tally.data();
    expect(data.endBalances.bonus).toBe(2n * 10n + (t.unitsWon.bonus ?? 0n) - (t.unitsStaked.bonus ?? 0n));
  });

  it("fails clearly when no bet is affordable, or when a round stakes more than the player holds", () => {
    const poor = new SessionPlayer(game, [UPPER], game.policies.default!, context, {});
    expect(() => poor.play(new Xoshiro128(1), 1, new Tally())).toThrow(/no bet is affordable/);
    const greedy: GameModule<any, any, any, any, any, any> = {
      ...game,
      stakeUnits: () => ({}),
      start: (_bet, rng, ctx, options) => {
        const step = game.start(LOWER, rng, ctx, options);
        return { ...step, state: { ...step.state, stakeUnits: { bonus: 5 } } };
      },
    };
    const cheat = new SessionPlayer(greedy, [LOWER], game.policies.default!, context, { balances: { bonus: 1 } });
    expect(() => cheat.play(new Xoshiro128(1), 1, new Tally())).toThrow(/staked 5 bonus with only 1 held/);
    expect(() => new SessionPlayer(game, [], game.policies.default!, context, {})).toThrow(/at least one bet/);
  });

  it("merges shards' session data in order", () => {
    expect(
      mergeSessions([
        { sessions: 1, roundsByBet: [3, 4], endBalances: { bonus: 2n } },
        { sessions: 2, roundsByBet: [1, 0], endBalances: { token: 1n, bonus: 1n } },
      ]),
    ).toEqual({ sessions: 3, roundsByBet: [4, 4], endBalances: { bonus: 3n, token: 1n } });
  });
});
