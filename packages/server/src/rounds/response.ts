/**
 * The answer to a round request: the steps it played, as one StepResponse. A request that
 * answered platform requests played several steps: their events are concatenated in order,
 * their wins summed, and `stepIndex` is the last one (the step the next action names).
 */
import type { AutoplayState, StepResponse } from "@reelhouse/protocol";
import type { PlayedStep } from "./play.js";

export interface RoundFacts {
  roundId: string;
  gameId: string;
  bet: unknown;
  totalBet: number;
}

/** Builds the answer; `balances` are the player's after the request's money moved. */
export function stepResponse(
  round: RoundFacts,
  played: readonly PlayedStep[],
  balances: { cash: number; units: Readonly<Record<string, number>> },
  autoplay: AutoplayState | undefined,
): StepResponse {
  const last = played.at(-1) as PlayedStep;
  const only = played.length === 1;
  const state = last.step.state;
  const response: StepResponse = {
    roundId: round.roundId,
    gameId: round.gameId,
    status: last.step.awaiting === null ? "completed" : "open",
    stepIndex: last.index,
    events: only ? last.step.events : played.flatMap((p) => p.step.events),
    win: only ? last.step.win : played.reduce((sum, p) => sum + p.step.win, 0),
    totalWin: state.totalWin,
    awaiting: last.step.awaiting,
    balance: balances.cash,
    bet: round.bet,
    totalBet: round.totalBet,
  } as StepResponse;
  if (state.winUnits && Object.keys(state.winUnits).length > 0) response.totalWinUnits = state.winUnits;
  if (Object.keys(balances.units).length > 0) response.unitBalances = balances.units;
  if (autoplay) response.autoplay = autoplay;
  return response;
}
