/**
 * `reelhouse replay`: a stored round rebuilt from its record alone — each step's draws, its
 * context and its action (a player's, or the platform's answer) — through the same game
 * code, on the maths version the round was played on.
 */
import { type Draw, type PlatformAction, ReplayRng, type RoundContext, type StateBase } from "@reelhouse/engine";
import { roundContext } from "./context.js";
import { canonicalJson } from "./ids.js";
import type { RoundRow } from "./rows.js";
import type { GameServer } from "./service.js";

export interface ReplayReport {
  roundId: string;
  gameId: string;
  steps: number;
  ok: boolean;
  /** The round had forced draws (dev/test mode): replayable, but not a random outcome. */
  forced: boolean;
  /** The steps whose draws were (partly) forced. */
  forcedSteps: number[];
  /** A demo round (demo money). */
  demo: boolean;
  /** What differed, one line per difference. */
  problems: string[];
}

const isPlatformAction = (action: unknown): action is PlatformAction =>
  typeof action === "object" && action !== null && (action as { type?: unknown }).type === "platform";

/**
 * Rebuilds a stored round from its recorded draws with {@link ReplayRng}, running the game
 * version it was played on with each step's stored context and action, and checks every
 * step's events, win, units, awaiting and state against what was stored, and that each step
 * consumed exactly its recorded draws.
 */
export async function replayRound(server: GameServer, roundId: string): Promise<ReplayReport> {
  const stored = await server.storedRound(roundId);
  if (!stored)
    return {
      roundId,
      gameId: "",
      steps: 0,
      ok: false,
      forced: false,
      forcedSteps: [],
      demo: false,
      problems: [`no round '${roundId}'`],
    };
  const { round, steps } = stored;
  const marks = {
    forced: round.forced === 1,
    forcedSteps: steps.filter((s) => s.forced === 1).map((s) => s.idx),
    demo: round.demo === 1,
  };
  const fail = (problem: string): ReplayReport => ({
    roundId,
    gameId: round.game_id,
    steps: steps.length,
    ok: false,
    ...marks,
    problems: [problem],
  });
  const game = server.games.find(round.game_id, round.game_version);
  if (!game) return fail(`maths version ${round.game_id}@${round.game_version} is not registered on this server`);
  const problems: string[] = [];
  let state: StateBase | null = null;
  for (const s of steps) {
    const rng = new ReplayRng(JSON.parse(s.draws) as Draw[]);
    try {
      const context = s.context === null ? await legacyContext(server, round) : (JSON.parse(s.context) as RoundContext<unknown>);
      const action: unknown = s.action === null ? null : JSON.parse(s.action);
      const step: { events: unknown[]; win: number; units?: unknown; awaiting: unknown; state: StateBase } =
        s.idx === 0
          ? game.start(game.parseBet(JSON.parse(round.bet)), rng, context)
          : game.act(
              state as StateBase,
              isPlatformAction(action) ? action : game.parseAction(state as StateBase, action),
              rng,
              context,
            );
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
  if (marks.forcedSteps.length > 0 && !marks.forced) problems.push("steps are marked forced but the round is not");
  return { roundId, gameId: round.game_id, steps: steps.length, ok: problems.length === 0, ...marks, problems };
}

/** Steps stored before contexts were: rebuilt from the player's profile and the round (cash-only games of that time). */
async function legacyContext(server: GameServer, round: RoundRow): Promise<RoundContext<unknown>> {
  const player = await server.db.read((sql) =>
    sql.one<{ currency: string; jurisdiction: string }>("SELECT currency, jurisdiction FROM players WHERE id = $1", [
      round.player_id,
    ]),
  );
  const game = server.games.find(round.game_id, round.game_version);
  if (!player || !game) throw new Error(`round ${round.id}: no player or game to rebuild its context`);
  return roundContext(player.currency, server.profileOf(player.jurisdiction), {
    config: game.parseConfig(round.config === null ? undefined : JSON.parse(round.config)),
    balances: {},
    autoplay: round.autoplay_id !== null,
    granted: round.grant_id !== null,
  });
}
