/**
 * The game screen's main control, pure (no DOM): what SPIN / STOP / SKIP shows for the
 * screen's state, and what a press on it (or the space bar) does.
 */
import type { AutoplayState } from "@reelhouse/protocol";
import type { Mode } from "./context.js";

export interface MainButtonState {
  mode: Mode;
  /** The reels are moving. */
  reelsMoving: boolean;
  autoplay: AutoplayState | null;
  /** The jurisdiction allows slam stop. */
  slamStop: boolean;
  /** A banner, pause or count-up is under way that SKIP ends. */
  skippable: boolean;
  /** A grant is in use (at rest the control plays a free round). */
  granted: boolean;
}

export interface MainButtonLook {
  label: string;
  /** `data-state`: the mode, or `autoplay`, `spinning`, `presenting`. */
  state: string;
  disabled: boolean;
  /** `data-free`: the press plays a free round. */
  free: boolean;
}

/**
 * SPIN when idle (PLAY FREE ROUND with a grant in use); STOP n/N in autoplay; STOP while reels
 * move where slam stop is allowed (a disabled SPIN where not); SKIP while wins, banners or the
 * count-up show; disabled while a feature waits or a replay is on the stage.
 */
export function mainButtonLook(s: MainButtonState): MainButtonLook {
  let label = "SPIN";
  let state: string = s.mode;
  let disabled = false;
  if (s.autoplay?.status === "running") {
    label = `STOP ${s.autoplay.spinsDone}/${s.autoplay.spinsTotal}`;
    state = "autoplay";
  } else if (s.mode === "playing" && s.reelsMoving) {
    state = "spinning";
    label = s.slamStop ? "STOP" : "SPIN";
    disabled = !s.slamStop;
  } else if (s.mode === "playing") {
    // Nothing spins: wins or a banner on view. SKIP where there is something to skip.
    state = "presenting";
    label = "SKIP";
    disabled = !s.skippable;
  } else if (s.mode === "counting") label = "SKIP";
  else if (s.mode === "feature" || s.mode === "replay") disabled = true;
  // At rest with a grant in use, the main control plays a free round.
  const free = state === "idle" && s.granted;
  if (free) label = "PLAY FREE ROUND";
  return { label, state, disabled, free };
}

/** What a press does: stop the autoplay, slam stop, skip, send a lost start again, play a round, or nothing. */
export type MainAction = "stop-autoplay" | "slam-stop" | "skip" | "settle" | "play" | "none";

/**
 * `fresh`: the press is not the rest of a burst (only such a press starts a round);
 * `lostStart`: a round start whose answer was lost waits (it is sent again instead of a new round).
 */
export function mainButtonAction(
  s: Pick<MainButtonState, "mode" | "reelsMoving" | "autoplay" | "slamStop">,
  fresh: boolean,
  lostStart: boolean,
): MainAction {
  if (s.autoplay && s.autoplay.status === "running") return "stop-autoplay";
  if (s.mode === "playing" && s.reelsMoving) return s.slamStop ? "slam-stop" : "none";
  if (s.mode === "playing" || s.mode === "counting") return "skip";
  if (s.mode === "idle" && fresh) return lostStart ? "settle" : "play";
  return "none";
}
