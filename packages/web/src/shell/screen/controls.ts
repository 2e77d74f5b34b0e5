/**
 * The game screen's controls: SPIN / STOP / SKIP (its press, the space bar, the press guard),
 * the lobby, AUTO, BET MAX, quick spin, volume, sound, the information panels (their own
 * buttons or the phone's menu), the replay bar, and drawing them all for the screen's state.
 */

import { autoplayNotice } from "../autoplay-loop.js";
import { dialogOpen } from "../dialog.js";
import { ICON_SOUND_OFF, ICON_SOUND_ON } from "../hud.js";
import { openPanel, openPanelMenu, type PanelHost } from "../panels.js";
import { onPress, type PressGuard } from "../press-guard.js";
import type { RoundLink } from "../round-link.js";
import type { AutoplayController } from "./autoplay-controller.js";
import type { BetController } from "./bet-controller.js";
import type { ScreenContext } from "./context.js";
import type { HistoryWiring } from "./history-wiring.js";
import { mainButtonAction, mainButtonLook } from "./main-button.js";

/** The parts of the screen the controls drive. */
export interface ControlParts {
  bets: BetController;
  autoplay: AutoplayController;
  history: HistoryWiring;
  link: RoundLink;
  /** One press, one round. */
  guard: PressGuard;
  playRound(): Promise<unknown>;
}

export class Controls {
  private readonly keyHandler = (event: KeyboardEvent) => this.onKey(event);

  constructor(
    private readonly ctx: ScreenContext,
    private readonly p: ControlParts,
  ) {}

  /** Wires the buttons and the space bar (once the view is built). */
  mount(): void {
    const { ctx, p } = this;
    const on = (test: string, handler: () => void) =>
      ctx.$(test).addEventListener("click", () => {
        ctx.sound.unlock();
        ctx.sound.play("click");
        handler();
      });
    // Presses on SPIN while it is disabled (nothing to skip) still belong to the burst.
    ctx.$("spin").addEventListener("pointerdown", (event) => p.guard.record(event.timeStamp));
    onPress(ctx.$("spin"), (began) => {
      ctx.sound.unlock();
      this.mainButton(began);
    });
    on("lobby", () => {
      if (ctx.mode === "idle" && !p.autoplay.state) ctx.host.leave();
    });
    for (const id of ["paytable", "lines-info", "rules", "history", "settings", "fullscreen", "sound"] as const)
      on(id, () => openPanel(id, this.panels));
    on("menu", () => void openPanelMenu(this.panels));
    const volume = ctx.$<HTMLInputElement>("volume");
    volume.value = String(Math.round(ctx.settings.volume * 100));
    volume.addEventListener("input", () => {
      ctx.settings.volume = Number(volume.value) / 100;
      ctx.sound.setVolume(ctx.settings.volume);
      ctx.settings.save();
    });
    on("quick", () => {
      ctx.settings.quick = !ctx.settings.quick;
      ctx.settings.save();
      this.render();
    });
    on("autoplay", () => void p.autoplay.show());
    on("bet-max", () => void p.bets.betMax(performance.now()));
    on("replay-next", () => void p.history.replay.next());
    on("replay-exit", () => p.history.replay.exit());
    on("autoplay-notice-stop", () => void p.autoplay.stop());
  }

  /** Listens to the space bar (once the screen is drawn). */
  listen(): void {
    document.addEventListener("keydown", this.keyHandler);
  }

  destroy(): void {
    document.removeEventListener("keydown", this.keyHandler);
  }

  /** The information panels and toggles (panels.ts), from their own buttons or the phone's menu. */
  private get panels(): PanelHost {
    const { ctx, p } = this;
    return {
      view: () => ctx.view,
      bet: () => p.bets.bet,
      settings: ctx.settings,
      sound: ctx.sound,
      jurisdiction: ctx.jurisdiction,
      history: () => p.history.show(),
      changed: () => {
        ctx.$<HTMLInputElement>("volume").value = String(Math.round(ctx.settings.volume * 100));
        this.render();
      },
      message: (text) => ctx.message(text),
    };
  }

  private onKey(event: KeyboardEvent): void {
    const { ctx } = this;
    if (event.code !== "Space" && event.key !== " ") return;
    // A held key acts once (the page drops its repeats too: ignoreHeldKeys).
    if (dialogOpen() || event.repeat) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    // A form field keeps its space; a control reached with the keyboard answers Space itself
    // (a pick object, a selector). After a mouse click, Space is the game's SPIN/STOP/SKIP again.
    if (target?.matches("input, textarea, select")) return;
    if (target?.matches("button, summary, [role=button]") && target.matches(":focus-visible") && target.dataset.test !== "spin")
      return;
    event.preventDefault();
    ctx.sound.unlock();
    // A feature's own card (START, COLLECT) answers the space bar while it shows.
    const primary = ctx.view.element.querySelector<HTMLButtonElement>("[data-primary]");
    if (primary && primary.offsetParent !== null) {
      primary.click();
      return;
    }
    if (ctx.mode === "replay") void this.p.history.replay.next();
    else this.mainButton(event.timeStamp);
  }

  /**
   * SPIN when idle; STOP only while reels move (where slam stop is allowed); SKIP while
   * wins, banners or the count-up show; STOP n/N in autoplay. `began`: when the press began
   * (a round starts only on a press that is not the rest of a burst: {@link PressGuard}).
   */
  private mainButton(began: number): void {
    const { ctx, p } = this;
    const fresh = p.guard.press(began);
    const state = {
      mode: ctx.mode,
      reelsMoving: ctx.reelsMoving,
      autoplay: p.autoplay.state,
      slamStop: ctx.jurisdiction.slamStop,
    };
    switch (mainButtonAction(state, fresh, p.link.lost.body !== null)) {
      case "stop-autoplay":
        void p.autoplay.stop();
        return;
      case "slam-stop":
        ctx.view.slamStop();
        return;
      case "skip":
        ctx.skipper.skip();
        return;
      // An unanswered start is sent again instead of a new round.
      case "settle":
        void p.link.settle();
        return;
      case "play":
        void p.playRound();
        return;
      case "none":
        return;
    }
  }

  /** Draws the controls for the screen's state (nothing before the view is built). */
  render(): void {
    const { ctx, p } = this;
    if (!ctx.mounted) return;
    const free = p.bets.free;
    const spin = ctx.$<HTMLButtonElement>("spin");
    const look = mainButtonLook({
      mode: ctx.mode,
      reelsMoving: ctx.reelsMoving,
      autoplay: p.autoplay.state,
      slamStop: ctx.jurisdiction.slamStop,
      skippable: ctx.skipper.active,
      granted: free.next !== null,
    });
    spin.textContent = look.label;
    spin.dataset.state = look.state;
    spin.toggleAttribute("data-free", look.free);
    spin.disabled = look.disabled;
    const editable = p.bets.editable();
    p.bets.setEnabled(editable);
    const auto = ctx.$<HTMLButtonElement>("autoplay");
    // The server refuses autoplay over granted rounds: not offered while free rounds are in use.
    auto.hidden = !ctx.jurisdiction.autoplay || free.next !== null;
    auto.disabled = !editable;
    free.render(ctx.mode === "idle" && !p.autoplay.state);
    const notice = autoplayNotice(p.autoplay.state);
    ctx.$("autoplay-notice").classList.toggle("hidden", notice === null);
    ctx.$("autoplay-notice-text").textContent = notice ?? "";
    const quick = ctx.$<HTMLButtonElement>("quick");
    quick.hidden = !ctx.jurisdiction.turbo;
    quick.setAttribute("aria-pressed", String(ctx.settings.quick));
    ctx.$("sound").innerHTML = ctx.settings.sound ? ICON_SOUND_ON : ICON_SOUND_OFF;
    ctx.$("sound").setAttribute("aria-pressed", String(ctx.settings.sound));
    ctx.$("lobby").toggleAttribute("disabled", ctx.mode !== "idle" || !!p.autoplay.state || p.link.pending);
    ctx.element.classList.toggle("replaying", ctx.mode === "replay");
  }
}
