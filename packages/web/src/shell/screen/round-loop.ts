/**
 * The round loop: starts a round (paid, granted, or an autoplay's; a start whose answer was
 * lost goes again unchanged), has the view play each step, asks the player's choices and
 * sends them (a lost answer waits for the connection), plays Jackpot Cards opened beside it,
 * resumes an unfinished round, and says every failure.
 */
import type { ActionRequest, AutoplayState, Grant, OpenRound, StepResponse } from "@reelhouse/protocol";
import { ApiRequestError, newRequestId } from "../../api.js";
import { describeError, isSessionEnded } from "../../errors.js";
import { takeForce } from "../../qa.js";
import { openDialog } from "../dialog.js";
import { freeRoundsCount } from "../grants.js";
import { escapeHtml } from "../html.js";
import type { HudInfo } from "../hud.js";
import { JACKPOT_CARDS_GAME } from "../jackpot-cards/play.js";
import type { RoundLink, StartBody } from "../round-link.js";
import { playable } from "../types.js";
import type { AutoplayController } from "./autoplay-controller.js";
import type { BetController } from "./bet-controller.js";
import { type Mode, type ScreenContext, sleep } from "./context.js";
import type { JackpotWiring } from "./jackpot-wiring.js";
import type { Meters } from "./meters.js";

/** The parts of the screen a round moves. */
export interface RoundParts {
  bets: BetController;
  meters: Meters;
  autoplay: AutoplayController;
  jackpots: JackpotWiring;
  link: RoundLink;
  hud: HudInfo;
  setMode(mode: Mode): void;
  renderButtons(): void;
}

export class RoundLoop {
  private lastSpinAt = 0;
  private balanceBeforeRound = 0;
  /** The grant the round on the stage plays (null: a paid round). */
  roundGrant: Grant | null = null;

  constructor(
    private readonly ctx: ScreenContext,
    private readonly p: RoundParts,
  ) {}

  /**
   * Plays one round to its end (features included): a granted one while a grant is in use
   * (never in autoplay), otherwise a paid one. Returns the last step, or null on failure.
   */
  async playRound(autoplayId?: string): Promise<StepResponse | null> {
    const { ctx, p } = this;
    if (ctx.mode !== "idle") return null;
    const free = p.bets.free;
    // A start whose answer was lost goes again unchanged (same requestId, bet, grant): one press, one round.
    const lost = p.link.lost.body;
    const grant = lost ? (free.next?.id === lost.grantId ? free.next : null) : autoplayId ? null : free.next;
    const wait = ctx.jurisdiction.minSpinIntervalMs - (performance.now() - this.lastSpinAt);
    if (wait > 0) await sleep(wait);
    p.setMode("playing");
    p.meters.setWin(0);
    p.meters.units.playing(true);
    ctx.view.startSpin(ctx.opts());
    this.lastSpinAt = performance.now();
    this.balanceBeforeRound = p.meters.balance;
    let step: StepResponse;
    try {
      // A granted round names its grant and no bet: the server plays the grant's.
      const body: StartBody = lost ?? {
        ...(grant ? { grantId: grant.id } : { bet: p.bets.model.wire(p.bets.bet) }),
        requestId: newRequestId(),
        ...(autoplayId ? { autoplayId } : {}),
        ...takeForce(),
      };
      step = await p.link.lost.send(body, (b) => ctx.api.startRound(ctx.description.id, b));
      // A lost autoplay spin's answer: that autoplay was closed here, its loop does not start again.
      if (lost?.autoplayId) delete step.autoplay;
    } catch (error) {
      // Nothing was played: the reels go back to the window they showed before.
      ctx.view.cancelSpin();
      p.meters.units.playing(false);
      p.setMode("idle");
      if (grant && error instanceof ApiRequestError && (error.code === "GRANT_USED_UP" || error.code === "GRANT_NOT_FOUND")) {
        // Played out elsewhere (another tab): show what the server holds now.
        ctx.message("Those free rounds are no longer available.", 4000);
        await p.bets.refreshGrants();
        return null;
      }
      if (error instanceof ApiRequestError && error.code === "AUTOPLAY_STOPPED" && error.details.autoplay) {
        // Stopped on the server meanwhile (by the player elsewhere): the loop ends and says why.
        // (A lost autoplay spin sent again after its autoplay stopped: nothing was played.)
        if (autoplayId) p.autoplay.state = error.details.autoplay as AutoplayState;
        return null;
      }
      await this.failed(error);
      return null;
    }
    p.hud.round(step.roundId);
    if (grant) {
      // The server took one round of the grant: the bar counts down now, not after the round.
      this.roundGrant = grant;
      free.started(grant);
      p.renderButtons();
    }
    return this.continueRound(step);
  }

  /**
   * Shows `first` (unless it is already on view, after a resume), then keeps asking the
   * player and the server until the round ends. Returns the last step, or null on failure.
   */
  private async continueRound(first: StepResponse, playFirst = true): Promise<StepResponse | null> {
    const { ctx, p } = this;
    let step = first;
    p.autoplay.adopt(step.autoplay);
    if (p.autoplay.state?.stopReason === "feature") ctx.message("Autoplay stopped: the feature waits for you.", 4000);
    if (p.autoplay.state?.status === "paused") ctx.message("Autoplay paused: it resumes when this round ends.", 4000);
    if (playFirst) await this.present(step);
    while (step.awaiting) {
      p.setMode("feature");
      const action = await ctx.view.decide(step.awaiting, ctx.opts());
      p.setMode("playing");
      // `step` names the decision answered: the server refuses it (409 STALE_STEP) once the round moved on.
      const request: ActionRequest = {
        action: action as ActionRequest["action"],
        step: step.stepIndex,
        requestId: newRequestId(),
        ...takeForce(),
      };
      const roundId = step.roundId;
      try {
        // A lost answer: the round waits where it stands and the same request goes again when the connection is back.
        step = await p.link.deliver(() => ctx.api.act(roundId, request));
      } catch (error) {
        ctx.view.cancelSpin();
        p.setMode("idle");
        await this.failed(error);
        // The round stays open on the server; resume picks it up where it stands.
        if (!isSessionEnded(error)) await this.resume();
        return null;
      }
      p.autoplay.adopt(step.autoplay);
      await this.present(step);
    }
    // The round ended and opened Jackpot Cards beside it: they are played before anything else.
    if (step.jackpotCards) await p.jackpots.play(step.jackpotCards.roundId);
    ctx.view.reset();
    p.setMode("idle");
    await this.afterRound(step);
    // An autoplay no loop here spins (the round was resumed after a reload) resumes or closes now.
    p.autoplay.resumeAdopted();
    return step;
  }

  /**
   * After every round: a granted one is counted for its grant, whose end is said; outside
   * autoplay the grants are read again (the operator may have granted more meanwhile).
   */
  private async afterRound(last: StepResponse): Promise<void> {
    const { ctx, p } = this;
    const free = p.bets.free;
    const grant = this.roundGrant;
    this.roundGrant = null;
    const usedUp = grant ? free.ended(last.totalWin) : null;
    if (p.autoplay.state) {
      p.meters.render();
      return;
    }
    const before = free.left;
    await p.bets.refreshGrants();
    if (usedUp) await free.usedUp(usedUp, ctx.money);
    else if (free.left > before) ctx.message(`The operator gave you ${freeRoundsCount(free.left - before)}.`, 4000);
  }

  /**
   * Plays one step on the stage, counts up its win, says it, then shows the server's
   * balance. During the paid spin the meter shows the balance less the bet, whenever the
   * server credits the win (per step or at the end of the round).
   */
  private async present(step: StepResponse): Promise<void> {
    const { ctx, p } = this;
    // A granted round debits nothing: promotions pays its stake.
    if (step.stepIndex === 0 && !this.roundGrant) p.meters.setBalance(this.balanceBeforeRound - step.totalBet);
    p.setMode("playing");
    await ctx.view.play(playable(step), ctx.opts());
    await p.meters.countUp(step.totalWin, step.totalBet);
    const ended = step.awaiting === null;
    let lead = step.win > 0 ? `You won ${ctx.money(step.win)}.` : ended && step.stepIndex === 0 ? "No win." : "";
    if (ended && step.stepIndex > 0) lead += ` Round total ${ctx.money(step.totalWin)}.`;
    // At rest the balance is said too: the win alone leaves a screen-reader player guessing.
    ctx.live.flush(lead.trim(), ended ? `Balance ${ctx.money(step.balance)}.` : "");
    p.meters.setBalance(step.balance);
    p.meters.units.answer(step);
    if (ended) p.meters.units.playing(false);
    p.setMode(step.awaiting ? "feature" : "idle");
  }

  /** Picks up an unfinished round of this game (after a reload or a lost connection), Jackpot Cards first. */
  async resume(): Promise<void> {
    const { ctx, p } = this;
    let open: OpenRound | undefined;
    try {
      const rounds = await ctx.api.openRounds();
      const cards = rounds.find((r) => (r.gameId as string) === JACKPOT_CARDS_GAME);
      if (cards) {
        ctx.message("Your Jackpot Cards wait for you.");
        await p.jackpots.play(cards.roundId, cards);
        p.setMode("idle");
      }
      open = rounds.find((r) => r.gameId === ctx.description.id);
    } catch (error) {
      await this.failed(error);
      return;
    }
    if (!open) return;
    p.bets.resumed(open.bet);
    p.meters.setWin(open.totalWin);
    p.hud.round(open.roundId);
    ctx.view.restore(open);
    ctx.message("Your unfinished round continues where it stood.");
    const step: StepResponse = {
      roundId: open.roundId,
      gameId: open.gameId,
      status: "open",
      stepIndex: open.stepIndex,
      events: [],
      win: 0,
      totalWin: open.totalWin,
      awaiting: open.awaiting,
      balance: p.meters.balance,
      bet: open.bet,
      totalBet: open.totalBet,
    };
    p.setMode("feature");
    void this.continueRound(step, false);
  }

  /** Says a failure: the session's end to the app, insufficient funds with an affordable bet, any other in a dialog. */
  async failed(error: unknown): Promise<void> {
    const { ctx, p } = this;
    ctx.sound.play("error");
    p.autoplay.lastErrorCode = error instanceof ApiRequestError ? error.code : null;
    if (isSessionEnded(error)) {
      p.autoplay.state = null;
      ctx.host.sessionEnded(error);
      return;
    }
    if (error instanceof ApiRequestError && error.code === "INSUFFICIENT_FUNDS") {
      // The balance moved elsewhere (another tab, the operator): show the server's figure.
      try {
        p.meters.setBalance((await ctx.api.session()).balance);
      } catch {
        // keep the figure on view; the dialog still explains
      }
      await p.bets.insufficientFunds(p.meters.balance);
      return;
    }
    await openDialog({
      name: "error",
      title: "Something went wrong",
      body: `<p>${escapeHtml(describeError(error))}</p>`,
    });
  }
}
