/**
 * Playing a request's steps: the pure step with a recording RNG, then — while the round
 * awaits the platform — the platform's answer played as the next step, all before anything
 * is written. Every step keeps its draws, its action and its context, which is all a
 * replay needs.
 */
import {
  type AwaitingBase,
  type Draw,
  ForcedRng,
  isPlatformAwaiting,
  type PlatformAction,
  RecordingRng,
  type Rng,
  type RoundContext,
  type StateBase,
  type Step,
} from "@reelhouse/engine";
import { crashPoint } from "../crash.js";
import { badRequest } from "../errors.js";
import type { AnyGame } from "../games.js";
import { gameInput } from "../input.js";
import { MAX_PLATFORM_ANSWERS, type PlatformAnswerers, type PlatformCall } from "./platform.js";

export type AnyStep = Step<StateBase, unknown, AwaitingBase>;

/** One step played by this request, ready to be written. */
export interface PlayedStep {
  index: number;
  /** The action it answered: null for a round's first step, `{type:'platform', answer}` for a platform answer. */
  action: unknown;
  step: AnyStep;
  draws: Draw[];
  context: RoundContext<unknown>;
  /** Some of its draws were forced (dev/test mode), not drawn by the CSPRNG: the round is marked forced. */
  forced: boolean;
}

/** Where a request's draws come from: forced draws first (dev/test), then the CSPRNG. */
export interface DrawSource {
  rng: Rng;
  /** The forcing RNG, when the request forces draws. */
  forced: ForcedRng | null;
}

/** The platform-call fields that stay the same over a request's steps. */
export type RoundCall = Omit<PlatformCall, "context" | "stepIndex">;

export class StepPlayer {
  constructor(
    /** One CSPRNG for every step: it reads the OS generator in blocks, so a draw costs no system call. */
    private readonly csprng: Rng,
    private readonly platform: PlatformAnswerers,
    private readonly crashAt: string | null,
  ) {}

  /** The draw source of one request; forced draws carry over from a step to the platform steps after it. */
  source(force: number[] | null): DrawSource {
    if (!force) return { rng: this.csprng, forced: null };
    const rng = new ForcedRng(force, this.csprng);
    return { rng, forced: rng };
  }

  /** Plays one pure step with a recording RNG; a forced value out of range is the caller's error (400 BAD_FORCE). */
  one(
    index: number,
    action: unknown,
    context: RoundContext<unknown>,
    source: DrawSource,
    run: (rng: Rng) => AnyStep,
  ): PlayedStep {
    const rng = new RecordingRng(source.rng);
    const unforced = source.forced?.remaining ?? 0;
    try {
      const step = gameInput(() => run(rng));
      const forced = source.forced !== null && source.forced.remaining < unforced;
      return { index, action, step, draws: rng.draws, context, forced };
    } catch (error) {
      if (error instanceof RangeError && source.forced !== null) throw badRequest("BAD_FORCE", error.message);
      throw error;
    }
  }

  /**
   * Plays `first`, then answers every platform request the round makes (each answer its own
   * step, played with `next` as context) until the round awaits the player or ends.
   */
  async play(
    game: AnyGame,
    first: PlayedStep,
    next: RoundContext<unknown>,
    source: DrawSource,
    call: RoundCall,
  ): Promise<PlayedStep[]> {
    const played = [first];
    let last = first;
    while (isPlatformAwaiting(last.step.awaiting)) {
      if (played.length > MAX_PLATFORM_ANSWERS) {
        throw new Error(`${game.id}@${game.version}: more than ${MAX_PLATFORM_ANSWERS} platform requests in one request`);
      }
      const request = last.step.awaiting.request;
      const answer = await this.platform.answer(request, { ...call, context: next, stepIndex: last.index });
      // A crash here loses nothing: no step of this request is committed yet.
      crashPoint(this.crashAt, "mid-round");
      const action: PlatformAction = { type: "platform", answer };
      const state = last.step.state;
      last = this.one(last.index + 1, action, next, source, (rng) => game.act(state, action, rng, next));
      played.push(last);
    }
    return played;
  }
}
