/**
 * The round contract (round.ts), checked against every game the platform registers:
 * the simulator, the server, replay and recovery rely on exactly these promises, so any
 * new game in `@reelhouse/games` is held to them here without writing anything new.
 * (The engine itself stays free of game code; only this test imports the games.)
 */
import { GAMES, getGame } from "@reelhouse/games";
import { describe, expect, it } from "vitest";
import { type Draw, RecordingRng, ReplayRng } from "./rng/recording.js";
import type { Rng } from "./rng/rng.js";
import { Xoshiro128 } from "./rng/xoshiro.js";
import {
  type AwaitingBase,
  defaultContext,
  GameInputError,
  type GameModule,
  isPlatformAwaiting,
  type PlatformAction,
  type RoundContext,
  type StateBase,
  type Step,
} from "./round.js";

type AnyGame = GameModule<unknown, StateBase, unknown, unknown, AwaitingBase, unknown>;

/** The platform's answer from the game's own model when the round awaits the platform, else null. */
function platformAnswer(game: AnyGame, awaiting: AwaitingBase): PlatformAction | null {
  if (!isPlatformAwaiting(awaiting)) return null;
  if (!game.platformModel) throw new Error(`${game.id} asks the platform without a platformModel`);
  return { type: "platform", answer: game.platformModel(awaiting.request, ctx(game)) };
}

/** Each game's default context (its default configuration), built once per game. */
const contexts = new Map<string, RoundContext<unknown>>();
function ctx(game: AnyGame): RoundContext<unknown> {
  let context = contexts.get(game.id);
  if (!context) {
    context = defaultContext(game.parseConfig(undefined));
    contexts.set(game.id, context);
  }
  return context;
}
type AnyStep = Step<StateBase, unknown, AwaitingBase>;

const ROUNDS_PER_GAME = 400;
/** No game's round may take more steps than this (Mermaid's bound is 1 + 100 + 5 x 101). */
const STEP_LIMIT = 5000;

interface Played {
  steps: AnyStep[];
  draws: Draw[][];
  actions: unknown[];
}

/** Plays one round with the game's default policy, recording each step's draws. */
function playRound(game: AnyGame, bet: unknown, rng: Rng): Played {
  const played: Played = { steps: [], draws: [], actions: [] };
  let recorder = new RecordingRng(rng);
  let step = game.start(bet, recorder, ctx(game));
  played.steps.push(step);
  played.draws.push(recorder.draws);
  const policy = game.policies.default;
  if (!policy) throw new Error(`${game.id} has no default policy`);
  while (step.awaiting) {
    if (played.steps.length > STEP_LIMIT) throw new Error(`${game.id}: round did not end within ${STEP_LIMIT} steps`);
    // The platform answers its requests from the game's model; the policy's answer must pass
    // the same validation a player's does, after a trip over the wire.
    const action =
      platformAnswer(game, step.awaiting) ??
      game.parseAction(step.state, JSON.parse(JSON.stringify(policy(step.state, step.awaiting))));
    recorder = new RecordingRng(rng);
    step = game.act(step.state, action, recorder, ctx(game));
    played.steps.push(step);
    played.draws.push(recorder.draws);
    played.actions.push(action);
  }
  return played;
}

function expectInputError(run: () => unknown): GameInputError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(GameInputError);
  const error = caught as GameInputError;
  expect(error.code).toMatch(/^[A-Z_]+$/);
  expect(error.message.length).toBeGreaterThan(5);
  return error;
}

describe("GameInputError", () => {
  it("is an Error with a machine-readable code and a clear message", () => {
    const error = new GameInputError("BAD_BET", "coinValue must be one of 1, 2, 5");
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe("BAD_BET");
    expect(error.message).toBe("coinValue must be one of 1, 2, 5");
  });
});

describe("every registered game keeps the round contract", () => {
  it("registers at least one game, each under its own id", () => {
    expect(GAMES.size).toBeGreaterThan(0);
    for (const [id, game] of GAMES) {
      expect(game.id).toBe(id);
      expect(getGame(id)).toBe(game);
    }
    expect(getGame("no-such-game")).toBeUndefined();
  });

  for (const game of GAMES.values() as Iterable<AnyGame>) {
    describe(game.id, () => {
      it("identifies itself and its maths", () => {
        expect(game.name.length).toBeGreaterThan(0);
        expect(game.version).toMatch(/^\d+\.\d+\.\d+/);
        const model = game.model() as { schema: string; id: string; version: string };
        expect(model).toMatchObject({ schema: "reelhouse.model/1", id: game.id, version: game.version });
        expect(JSON.parse(JSON.stringify(model))).toEqual(model);
        const description = game.describe() as { id: string };
        expect(description.id).toBe(game.id);
        expect(JSON.parse(JSON.stringify(description))).toEqual(description);
      });

      it("offers a valid minimum bet with a positive integer total", () => {
        const min = game.minBet();
        expect(game.parseBet(JSON.parse(JSON.stringify(min)))).toEqual(min);
        const total = game.totalBet(min);
        expect(Number.isSafeInteger(total) && total > 0).toBe(true);
      });

      it("lists every bet from the minimum to the maximum, each valid, totals ascending", () => {
        const bets = game.bets();
        expect(bets.length).toBeGreaterThan(0);
        expect(bets[0]).toEqual(game.minBet());
        expect(bets[bets.length - 1]).toEqual(game.maxBet());
        let previous = 0;
        for (const bet of bets) {
          expect(game.parseBet(JSON.parse(JSON.stringify(bet)))).toEqual(bet);
          const total = game.totalBet(bet);
          expect(total).toBeGreaterThanOrEqual(previous);
          previous = total;
        }
      });

      it("parses its operator configuration: undefined is the default, garbage is refused", () => {
        const config = game.parseConfig(undefined);
        expect(JSON.parse(JSON.stringify(config))).toEqual(config);
        for (const input of [null, "config", 42, [], { unknownSetting: 1 }]) expectInputError(() => game.parseConfig(input));
        expect(game.describe(config).id).toBe(game.id);
      });

      it("refuses malformed bets with a GameInputError", () => {
        for (const input of [null, undefined, "bet", 42, [], {}, { ...(game.minBet() as object), unknownField: 1 }]) {
          expectInputError(() => game.parseBet(input));
        }
      });

      it("plays rounds that end, with JSON states, consistent awaiting values and exact accounting", () => {
        const rng = new Xoshiro128(1234);
        const bet = game.minBet();
        // Steps that await something (a feature, a double, the platform): every game has some.
        let decisions = 0;
        for (let round = 0; round < ROUNDS_PER_GAME; round++) {
          const { steps } = playRound(game, bet, rng);
          let total = 0;
          steps.forEach((step, i) => {
            const { state, awaiting } = step;
            expect(JSON.parse(JSON.stringify(state))).toEqual(state);
            // A step's win is signed (a lost gamble takes back what was won); the round's total never goes below 0.
            expect(Number.isSafeInteger(step.win)).toBe(true);
            total += step.win;
            expect(state.totalWin).toBe(total);
            expect(state.totalWin).toBeGreaterThanOrEqual(0);
            expect(state.totalBet).toBe(game.totalBet(bet));
            expect(Object.values(state.winBy).reduce((a, b) => a + b, 0)).toBe(state.totalWin);
            for (const n of Object.values(state.triggered)) expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
            expect(Array.isArray(step.events)).toBe(true);
            if (i < steps.length - 1) {
              expect(awaiting).not.toBeNull();
              expect(typeof awaiting?.type).toBe("string");
              expect(awaiting?.actions.length).toBeGreaterThan(0);
              expect(typeof awaiting?.feature).toBe("boolean");
              decisions++;
            } else expect(awaiting).toBeNull();
          });
          // A finished round refuses every further action and changes nothing.
          const last = steps[steps.length - 1] as AnyStep;
          const snapshot = structuredClone(last.state);
          expectInputError(() => game.parseAction(last.state, { type: "anything" }));
          expect(last.state).toEqual(snapshot);
        }
        expect(decisions).toBeGreaterThan(0);
      });

      it("replays every round exactly from its recorded draws, also from JSON-restored states", () => {
        const rng = new Xoshiro128(99);
        for (let round = 0; round < ROUNDS_PER_GAME / 4; round++) {
          const bet = game.minBet();
          const played = playRound(game, bet, rng);
          const replayed: AnyStep[] = [];
          played.draws.forEach((draws, i) => {
            const replay = new ReplayRng(JSON.parse(JSON.stringify(draws)) as Draw[]);
            const previous = replayed[i - 1];
            const step = previous
              ? game.act(JSON.parse(JSON.stringify(previous.state)), played.actions[i - 1], replay, ctx(game))
              : game.start(bet, replay, ctx(game));
            expect(replay.exhausted).toBe(true);
            replayed.push(step);
          });
          expect(replayed).toEqual(played.steps);
        }
      });

      it("with events: false, a paid spin gives the same numbers and no events", () => {
        for (let seed = 0; seed < 50; seed++) {
          const bet = game.minBet();
          const full = game.start(bet, new Xoshiro128(seed), ctx(game));
          const lean = game.start(bet, new Xoshiro128(seed), ctx(game), { events: false });
          expect(lean.events).toEqual([]);
          expect({ ...lean, events: [] }).toEqual({ ...full, events: [] });
        }
      });

      it("with events: false, whole rounds (every feature step) give the same numbers and no events", () => {
        const policy = game.policies.default as (state: unknown, awaiting: unknown) => unknown;
        let featureSteps = 0;
        for (let seed = 0; seed < 3000; seed++) {
          const bet = game.minBet();
          const fullRng = new Xoshiro128(seed);
          const leanRng = new Xoshiro128(seed);
          let full = game.start(bet, fullRng, ctx(game));
          let lean = game.start(bet, leanRng, ctx(game), { events: false });
          while (full.awaiting) {
            featureSteps++;
            const action = platformAnswer(game, full.awaiting) ?? policy(full.state, full.awaiting);
            full = game.act(full.state, action, fullRng, ctx(game));
            lean = game.act(lean.state, action, leanRng, ctx(game), { events: false });
            expect(lean.events).toEqual([]);
            expect({ ...lean, events: [] }).toEqual({ ...full, events: [] });
          }
          expect(lean.awaiting).toBeNull();
        }
        expect(featureSteps).toBeGreaterThan(0);
      });
    });
  }
});
