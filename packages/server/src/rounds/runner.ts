/**
 * The round runner: the authority loop of a round, one request at a time, as a pipeline.
 *
 *   start:  validate -> [lock wallet, idempotency] -> grant -> autoplay -> admission ->
 *           context -> first step -> platform answers -> held claims shown -> stake + settlement ->
 *           rows -> autoplay count
 *   act:    validate -> [lock wallet, idempotency] -> load round -> stale-step check -> version ->
 *           action -> context -> step -> platform answers -> held claims shown -> settlement ->
 *           rows -> autoplay settle
 *
 * Everything between the brackets' lock and the commit is one transaction: a refusal at any
 * point writes nothing; the answer leaves only after the commit is durable.
 */
import type { StateBase } from "@reelhouse/engine";
import type { StepResponse } from "@reelhouse/protocol";
import { admit } from "../admission.js";
import type { Autoplays } from "../autoplay.js";
import type { ServerConfig } from "../config.js";
import { ContextCache } from "../context.js";
import { crashPoint } from "../crash.js";
import type { Sql } from "../db/database.js";
import { ApiProblem, badRequest } from "../errors.js";
import type { GameConfigs } from "../game-config.js";
import type { AnyGame, GameRegistry } from "../games.js";
import { takeGrantedSpin } from "../grants.js";
import type { Idempotency, RequestCounters } from "../idempotency.js";
import { fingerprint, newId } from "../ids.js";
import { allowOnly, bodyOf, forceOf, ID_PREFIXES, isRecord, optionalId, parsedWhole, requestIdOf } from "../input.js";
import type { JackpotCardsTrigger } from "../jackpots/cards.js";
import type { Jackpots } from "../jackpots/pools.js";
import type { Caller, Stored } from "../rows.js";
import { afterStake, type Wallet } from "../wallet.js";
import { announceShown, claimHidden } from "./held-claims.js";
import { moveRoundMoney } from "./money.js";
import type { PlayedStep, StepPlayer } from "./play.js";
import { stepResponse } from "./response.js";
import { insertRound, insertSteps, loadRound, stepJson, updateRound } from "./store.js";

export interface RunnerDeps {
  config: ServerConfig;
  games: GameRegistry;
  configs: GameConfigs;
  idempotency: Idempotency;
  autoplays: Autoplays;
  player: StepPlayer;
  counters: RequestCounters;
  now: () => number;
  /** Shared jackpot pools: a paid round's contributions are taken when it starts. */
  jackpots?: Jackpots;
  /** Jackpot Cards: a qualifying paid round that ends may open a card round. */
  cards?: JackpotCardsTrigger | null;
}

/** What a finished round needs to know to open Jackpot Cards beside it. */
interface FinishedRound {
  game: AnyGame;
  paid: boolean;
  totalBet: number;
  roundId: string;
  autoplayId: string | null;
  demo: boolean;
  at: number;
}

const START_FIELDS = ["bet", "requestId", "autoplayId", "grantId", "force"] as const;
const ACT_FIELDS = ["action", "step", "requestId", "force"] as const;

const jackpotHit = (state: StateBase) => (state.triggered.jackpot ?? 0) > 0;

interface StartRequest {
  sentBet: unknown;
  grantId: string | null;
  autoplayId: string | null;
  force: number[] | null;
}

export class RoundRunner {
  private readonly contexts = new ContextCache();

  constructor(private readonly d: RunnerDeps) {}

  /** POST /games/:gameId/rounds: stakes the bet and plays the first step (and any platform answers), durably, once. */
  async start(caller: Caller, gameId: string, input: unknown): Promise<Stored<StepResponse>> {
    const body = bodyOf(input);
    allowOnly(body, START_FIELDS);
    const requestId = requestIdOf(body);
    // A known game, on offer or not: whether it is on offer is checked inside the transaction,
    // after the stored answer of a retry (a game disabled since still answers its retries).
    const game = this.d.games.known(gameId);
    const force = forceOf(body, this.d.config.mode);
    const grantId = optionalId(body, "grantId", ID_PREFIXES.grant);
    const autoplayId = optionalId(body, "autoplayId", ID_PREFIXES.autoplay);
    if (grantId && autoplayId) throw badRequest("BAD_REQUEST", "a granted round cannot be part of an autoplay");
    const sentBet = grantId && body.bet === undefined ? null : parsedWhole("bet", body.bet, () => game.parseBet(body.bet));
    const print = fingerprint(`start:${gameId}`, body);
    let steps = 0;
    let contextIds: string[] = [];
    const { result, replayed } = await this.d.idempotency.once<StepResponse>(caller, requestId, print, async (sql, wallet) => {
      this.d.games.offered(gameId);
      const answer = await this.startWork(sql, wallet, caller, game, { sentBet, grantId, autoplayId, force });
      steps = answer.steps;
      contextIds = answer.contextIds;
      return answer.stored;
    });
    if (!replayed) {
      this.contexts.markCommitted(contextIds);
      const c = this.d.counters;
      c.rounds++;
      c.steps += steps;
      // The money counters (/metrics) count real money only: demo stakes and wins are not bets and wins.
      if (caller.player.demo !== 1) {
        c.betAmount += result.body.totalBet;
        if (result.body.status !== "open") c.winAmount += result.body.totalWin;
      }
    }
    crashPoint(this.d.config.crashAt, "after-debit");
    return result;
  }

  private async startWork(sql: Sql, wallet: Wallet, caller: Caller, game: AnyGame, r: StartRequest) {
    const at = this.d.now();
    const playerId = caller.player.id;
    // The bet: the player's, or the grant's fixed bet (a granted round is paid by promotions).
    const bet = r.grantId ? await takeGrantedSpin(sql, playerId, r.grantId, game, r.sentBet) : r.sentBet;
    const paid = r.grantId === null;
    // A bet the operator disabled is refused (paid, autoplay and granted rounds alike): 400 BET_DISABLED.
    this.d.games.bets.check(game, bet);
    const totalBet = game.totalBet(bet);
    const stakeUnits = game.stakeUnits?.(bet);
    // Admission: the autoplay it belongs to, then the jurisdiction's and the platform's rules.
    const autoplay = r.autoplayId ? await this.d.autoplays.checkSpin(sql, caller, r.autoplayId, game.id, bet) : null;
    await this.d.cards?.refuseWhileOpen(sql, playerId);
    await admit(sql, { caller, game, totalBet, stakeUnits, paid, wallet, at, minBet: this.d.games.bets.minBet(game) });
    // Context: the operator's configuration now (stored on the round for its later steps).
    const config = this.d.configs.forNewRound(game);
    const { currency } = caller.player;
    const parts = { balances: wallet.units, autoplay: autoplay !== null, granted: !paid };
    const context = this.contexts.get(currency, caller.profile, config, parts);
    // Steps after the first (platform answers) see the unit balances after the stake.
    const later =
      paid && stakeUnits
        ? this.contexts.get(currency, caller.profile, config, { ...parts, balances: afterStake(wallet.units, stakeUnits) })
        : context;
    // The steps.
    const roundId = newId("rd");
    const demo = caller.player.demo === 1;
    const source = this.d.player.source(r.force);
    const first = this.d.player.one(0, null, context, source, (rng) => game.start(bet, rng, context));
    const holdClaims = game.hidesClaim !== undefined;
    const call = { sql, playerId, roundId, gameId: game.id, gameVersion: game.version, demo, at, holdClaims };
    const played = await this.d.player.play(game, first, later, source, call);
    crashPoint(this.d.config.crashAt, "before-debit");
    const last = played.at(-1) as PlayedStep;
    const over = last.step.awaiting === null;
    const state = last.step.state;
    const hidden = claimHidden(game, last);
    await announceShown(sql, { jackpots: this.d.jackpots, game, roundId, before: null, played, demo, at });
    // Money first (it needs the updated balances), then the held writes: round, steps, autoplay, stored answer.
    const balances = await moveRoundMoney(
      sql,
      {
        playerId,
        roundId,
        currency: caller.player.currency,
        demo,
        at,
        stake: { cash: totalBet, units: stakeUnits, granted: !paid },
        ...(over ? { settle: { cash: state.totalWin, units: state.winUnits } } : {}),
      },
      wallet,
    );
    // Jackpot contributions of a paid round: after its steps (and any claim of its own) and its stake; a demo round's to demo pools.
    await this.d.jackpots?.contribute(sql, { game, bet, totalBet, paid, playerId, roundId, currency, demo, at });
    const jsons = played.map(stepJson);
    const round = {
      id: roundId,
      playerId,
      gameId: game.id,
      version: game.version,
      bet,
      totalBet,
      paid,
      config: config.json,
      autoplayId: r.autoplayId,
      grantId: r.grantId,
      demo,
      at,
    };
    await insertRound(sql, round, played, jsons.at(-1)!);
    const contextIds = await insertSteps(sql, roundId, played, jsons, at, this.contexts);
    const autoplayState = autoplay
      ? await this.d.autoplays.countSpin(
          sql,
          autoplay,
          {
            roundId,
            paidBet: totalBet,
            over,
            totalWin: state.totalWin,
            awaiting: last.step.awaiting,
            // A jackpot the round still hides must not show as the reason the autoplay stopped.
            jackpot: jackpotHit(state) && !hidden,
          },
          at,
        )
      : undefined;
    const finished = { game, paid, totalBet, roundId, autoplayId: r.autoplayId, demo, at };
    const cards = over ? await this.openJackpotCards(sql, wallet, caller, finished) : null;
    const autoplayNow =
      cards && autoplayState ? await this.d.autoplays.pauseFor(sql, autoplayState, cards.roundId, at) : autoplayState;
    const body = stepResponse({ roundId, gameId: game.id, bet, totalBet }, played, balances, autoplayNow);
    if (cards) body.jackpotCards = { roundId: cards.roundId };
    return { stored: { status: 201, body }, steps: played.length, contextIds: [...contextIds, ...(cards?.contextIds ?? [])] };
  }

  /** POST /rounds/:roundId/actions: plays the next step of the caller's open round (and any platform answers), durably, once. */
  async act(caller: Caller, roundId: string, input: unknown): Promise<Stored<StepResponse>> {
    const body = bodyOf(input);
    allowOnly(body, ACT_FIELDS);
    const requestId = requestIdOf(body);
    const force = forceOf(body, this.d.config.mode);
    if (body.action === undefined)
      throw badRequest("BAD_ACTION", "action is required: an object whose type is one of the round's awaiting.actions");
    if (isRecord(body.action) && body.action.type === "platform") {
      throw badRequest("BAD_ACTION", "platform answers come from the server, never from a player");
    }
    const step = body.step;
    if (typeof step !== "number" || !Number.isSafeInteger(step) || step < 0) {
      throw badRequest(
        "BAD_STEP",
        "step is required: the index of the step whose decision this action answers (stepIndex of the last answer)",
      );
    }
    const print = fingerprint(`act:${roundId}`, body);
    let steps = 0;
    let contextIds: string[] = [];
    const { result, replayed } = await this.d.idempotency.once<StepResponse>(caller, requestId, print, async (sql, wallet) => {
      const answer = await this.actWork(sql, wallet, caller, roundId, body.action, step, force);
      steps = answer.steps;
      contextIds = answer.contextIds;
      return answer.stored;
    });
    if (!replayed) {
      this.contexts.markCommitted(contextIds);
      this.d.counters.steps += steps;
      if (result.body.status !== "open" && caller.player.demo !== 1) this.d.counters.winAmount += result.body.totalWin;
    }
    crashPoint(this.d.config.crashAt, "after-step");
    return result;
  }

  private async actWork(
    sql: Sql,
    wallet: Wallet,
    caller: Caller,
    roundId: string,
    input: unknown,
    step: number,
    force: number[] | null,
  ) {
    const at = this.d.now();
    const playerId = caller.player.id;
    const round = await loadRound(sql, roundId, playerId);
    if (round.status !== "open") throw new ApiProblem(409, "ROUND_NOT_OPEN", `round ${roundId} is ${round.status}`);
    // The stale-state check: an action answers the step it names; once that step is no longer the
    // current one (a double click, a second tab, a retry with a new requestId) it changes nothing.
    const current = round.step_count - 1;
    if (step !== current) {
      throw new ApiProblem(409, "STALE_STEP", `this action answers step ${step}, but the round is at step ${current}`, {
        roundId,
        step: current,
      });
    }
    const game = this.d.games.forRound(round.game_id, round.game_version);
    const state = JSON.parse(round.state) as StateBase;
    const action = parsedWhole("action", input, () => game.parseAction(state, input));
    const config = this.d.configs.forRound(game, round.config);
    const context = this.contexts.get(caller.player.currency, caller.profile, config, {
      balances: wallet.units,
      autoplay: round.autoplay_id !== null,
      granted: round.grant_id !== null,
    });
    const source = this.d.player.source(force);
    const first = this.d.player.one(current + 1, action, context, source, (rng) => game.act(state, action, rng, context));
    // The round's own flag (a card round opened by a demo round is demo too) decides which pools it may reach.
    const demo = round.demo === 1;
    const holdClaims = game.hidesClaim !== undefined;
    const call = { sql, playerId, roundId, gameId: game.id, gameVersion: game.version, demo, at, holdClaims };
    const played = await this.d.player.play(game, first, context, source, call);
    crashPoint(this.d.config.crashAt, "before-step");
    const last = played.at(-1) as PlayedStep;
    const over = last.step.awaiting === null;
    const end = last.step.state;
    await announceShown(sql, { jackpots: this.d.jackpots, game, roundId, before: state, played, demo, at });
    const balances = over
      ? await moveRoundMoney(
          sql,
          {
            playerId,
            roundId,
            currency: caller.player.currency,
            demo,
            at,
            settle: { cash: end.totalWin, units: end.winUnits },
          },
          wallet,
        )
      : wallet;
    const jsons = played.map(stepJson);
    await updateRound(sql, round, played, jsons.at(-1)!, at);
    const contextIds = await insertSteps(sql, roundId, played, jsons, at, this.contexts);
    // An autoplay round that waited for the player settles here: its win joins the autoplay's result.
    const autoplayState =
      over && round.autoplay_id !== null
        ? await this.d.autoplays.settle(sql, round.autoplay_id, end.totalWin, jackpotHit(end), at)
        : undefined;
    const bet = JSON.parse(round.bet) as unknown;
    const finished = {
      game,
      paid: round.paid === 1,
      totalBet: round.total_bet,
      roundId,
      autoplayId: round.autoplay_id,
      demo,
      at,
    };
    const cards = over ? await this.openJackpotCards(sql, balances, caller, finished) : null;
    const autoplayNow =
      cards && autoplayState ? await this.d.autoplays.pauseFor(sql, autoplayState, cards.roundId, at) : autoplayState;
    const body = stepResponse(
      { roundId, gameId: round.game_id, bet, totalBet: round.total_bet },
      played,
      balances,
      autoplayNow ?? undefined,
    );
    if (cards) body.jackpotCards = { roundId: cards.roundId };
    return { stored: { status: 200, body }, steps: played.length, contextIds: [...contextIds, ...(cards?.contextIds ?? [])] };
  }

  /**
   * Jackpot Cards: when a qualifying paid round has just ended, one draw decides whether a
   * card round opens beside it (its level and reveal sequence drawn as it opens, from the
   * production RNG), in the same transaction. At most one card round is open per player.
   */
  private async openJackpotCards(
    sql: Sql,
    wallet: { units: Readonly<Record<string, number>> },
    caller: Caller,
    parent: FinishedRound,
  ): Promise<{ roundId: string; contextIds: string[] } | null> {
    const cards = this.d.cards;
    if (!cards?.qualifies(parent.game, parent.paid, parent.totalBet) || !cards.drawn(parent.totalBet)) return null;
    const open = await sql.one("SELECT id FROM rounds WHERE player_id = $1 AND game_id = $2 AND status = 'open'", [
      caller.player.id,
      cards.module.id,
    ]);
    if (open) return null;
    const game = cards.module;
    const config = this.d.configs.forNewRound(game);
    const context = this.contexts.get(caller.player.currency, caller.profile, config, {
      balances: wallet.units,
      autoplay: parent.autoplayId !== null,
      granted: false,
    });
    const roundId = newId("rd");
    const bet = game.parseBet({});
    const first = this.d.player.one(0, null, context, this.d.player.source(null), (rng) => game.start(bet, rng, context));
    const played = [first];
    const jsons = played.map(stepJson);
    await insertRound(
      sql,
      {
        id: roundId,
        playerId: caller.player.id,
        gameId: game.id,
        version: game.version,
        bet,
        totalBet: 0,
        paid: false,
        config: config.json,
        autoplayId: parent.autoplayId,
        grantId: null,
        demo: parent.demo,
        at: parent.at,
      },
      played,
      jsons[0] as ReturnType<typeof stepJson>,
    );
    await sql.write("UPDATE rounds SET parent_round_id = $1 WHERE id = $2", [parent.roundId, roundId]);
    const contextIds = await insertSteps(sql, roundId, played, jsons, parent.at, this.contexts);
    return { roundId, contextIds };
  }
}
