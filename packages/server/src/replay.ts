import { type Draw, ReplayRng, type StateBase } from "@reelhouse/engine";
import { GAMES } from "@reelhouse/games";
import { canonicalJson } from "./ids.js";
import type { GameServer } from "./service.js";

export interface ReplayReport {
  roundId: string;
  gameId: string;
  steps: number;
  ok: boolean;
  /** What differed, one line per difference. */
  problems: string[];
}

/**
 * Rebuilds a stored round from its recorded draws with {@link ReplayRng}, running the same
 * game code, and checks every step's events, win, awaiting and state against what was
 * stored, and that each step consumed exactly its recorded draws.
 */
export async function replayRound(server: GameServer, roundId: string): Promise<ReplayReport> {
  const stored = await server.storedRound(roundId);
  if (!stored) return { roundId, gameId: "", steps: 0, ok: false, problems: [`no round '${roundId}'`] };
  const { round, steps } = stored;
  const problems: string[] = [];
  const game = GAMES.get(round.game_id);
  if (!game)
    return { roundId, gameId: round.game_id, steps: steps.length, ok: false, problems: [`unknown game '${round.game_id}'`] };
  if (game.version !== round.game_version) problems.push(`maths version: stored ${round.game_version}, running ${game.version}`);
  const context = await server.replayContext(round);
  let state: StateBase | null = null;
  for (const s of steps) {
    const rng = new ReplayRng(JSON.parse(s.draws) as Draw[]);
    try {
      const step: { events: unknown[]; win: number; awaiting: unknown; state: StateBase } =
        s.idx === 0
          ? game.start(game.parseBet(JSON.parse(round.bet)), rng, context)
          : game.act(state as StateBase, game.parseAction(state as StateBase, JSON.parse(s.action ?? "null")), rng, context);
      if (!rng.exhausted) problems.push(`step ${s.idx}: not every recorded draw was used`);
      const same = (what: string, a: unknown, b: string | null) => {
        if (canonicalJson(a) !== canonicalJson(b === null ? null : JSON.parse(b)))
          problems.push(`step ${s.idx}: ${what} differs`);
      };
      same("events", step.events, s.events);
      same("awaiting", step.awaiting, s.awaiting);
      same("state", step.state, s.state);
      if (step.win !== s.win) problems.push(`step ${s.idx}: win ${step.win} != stored ${s.win}`);
      state = step.state;
    } catch (error) {
      problems.push(`step ${s.idx}: ${error instanceof Error ? error.message : String(error)}`);
      break;
    }
  }
  if (steps.length !== round.step_count) problems.push(`round says ${round.step_count} steps, ${steps.length} stored`);
  if (state && state.totalWin !== round.total_win) problems.push(`total win ${state.totalWin} != stored ${round.total_win}`);
  return { roundId, gameId: round.game_id, steps: steps.length, ok: problems.length === 0, problems };
}
