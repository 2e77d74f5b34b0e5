/**
 * Platform answerers: a round asks the platform for a value it cannot know (a jackpot
 * pool's value, a claim on a pool) by awaiting a `PlatformAwaiting`. The round runner
 * answers it in the same transaction with the answerer registered for the request's kind
 * and records the answer as the next step's action. A kind with no answerer fails closed:
 * the whole request is refused and nothing is written.
 */
import type { PlatformAnswer, PlatformRequest, RoundContext } from "@reelhouse/engine";
import type { Sql } from "../db/database.js";
import { ApiProblem } from "../errors.js";

/** What an answerer may use: the request's transaction (to move pool money in the same commit) and the round. */
export interface PlatformCall {
  sql: Sql;
  playerId: string;
  roundId: string;
  gameId: string;
  gameVersion: string;
  /** A demo player's round: it may reach demo play's own pools only, never a real one. */
  demo: boolean;
  /**
   * The game may hide a claim from its player for a while (`GameModule.hidesClaim`): its
   * claims are recorded unannounced, and the runner announces them when the round shows them.
   */
  holdClaims?: boolean;
  context: RoundContext<unknown>;
  /** Index of the step that asked. */
  stepIndex: number;
  at: number;
}

type Kind = PlatformRequest["kind"];
type RequestOf<K extends Kind> = Extract<PlatformRequest, { kind: K }>;
type AnswerOf<K extends Kind> = Extract<PlatformAnswer, { kind: K }>;

/** Answers one kind of platform request. */
export type PlatformAnswerer<K extends Kind = Kind> = (request: RequestOf<K>, call: PlatformCall) => Promise<AnswerOf<K>>;

/** How many platform answers one request may chain before the server gives up (a game that never stops asking). */
export const MAX_PLATFORM_ANSWERS = 64;

export class PlatformAnswerers {
  private readonly byKind = new Map<string, PlatformAnswerer<any>>();

  /** Registers (or replaces) the answerer of a request kind. */
  register<K extends Kind>(kind: K, answerer: PlatformAnswerer<K>): this {
    this.byKind.set(kind, answerer);
    return this;
  }

  /** The kinds this server answers. */
  kinds(): string[] {
    return [...this.byKind.keys()];
  }

  /**
   * Answers `request`. 501 PLATFORM_REQUEST_UNANSWERED when no answerer is registered for
   * its kind (the request is refused: nothing of it is written).
   */
  async answer(request: PlatformRequest, call: PlatformCall): Promise<PlatformAnswer> {
    const answerer = this.byKind.get(request.kind);
    if (!answerer) {
      throw new ApiProblem(
        501,
        "PLATFORM_REQUEST_UNANSWERED",
        `the round asks the platform for '${request.kind}', which this server does not answer; nothing was played`,
        { kind: request.kind, gameId: call.gameId },
      );
    }
    const answer = await answerer(request, call);
    if (answer.kind !== request.kind) throw new Error(`platform answerer for '${request.kind}' answered '${answer.kind}'`);
    return answer;
  }
}
