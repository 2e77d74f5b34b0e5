import type { AutoplayState } from "@reelhouse/protocol";
import { describe, expect, it } from "vitest";
import { type MainButtonState, mainButtonAction, mainButtonLook } from "./main-button.js";

const autoplay = (status: AutoplayState["status"]): AutoplayState => ({
  id: "a1",
  gameId: "g",
  spinsTotal: 10,
  spinsDone: 3,
  lossLimit: 100,
  singleWinLimit: null,
  stopOnJackpot: false,
  net: 0,
  status,
  stopReason: null,
  pausedRoundId: null,
});

const idle: MainButtonState = {
  mode: "idle",
  reelsMoving: false,
  autoplay: null,
  slamStop: true,
  skippable: false,
  granted: false,
};

describe("mainButtonLook: what SPIN shows", () => {
  it("SPIN at rest, PLAY FREE ROUND with a grant in use", () => {
    expect(mainButtonLook(idle)).toEqual({ label: "SPIN", state: "idle", disabled: false, free: false });
    expect(mainButtonLook({ ...idle, granted: true })).toEqual({
      label: "PLAY FREE ROUND",
      state: "idle",
      disabled: false,
      free: true,
    });
  });

  it("STOP n/N while an autoplay runs, whatever the stage shows", () => {
    const look = mainButtonLook({ ...idle, mode: "playing", reelsMoving: true, autoplay: autoplay("running") });
    expect(look).toEqual({ label: "STOP 3/10", state: "autoplay", disabled: false, free: false });
  });

  it("a paused autoplay does not take the control", () => {
    expect(mainButtonLook({ ...idle, autoplay: autoplay("paused") }).label).toBe("SPIN");
  });

  it("STOP while reels move where slam stop is allowed; a disabled SPIN where not", () => {
    const moving = { ...idle, mode: "playing", reelsMoving: true } as const;
    expect(mainButtonLook(moving)).toEqual({ label: "STOP", state: "spinning", disabled: false, free: false });
    expect(mainButtonLook({ ...moving, slamStop: false })).toEqual({
      label: "SPIN",
      state: "spinning",
      disabled: true,
      free: false,
    });
  });

  it("SKIP while wins show (disabled when nothing can be skipped) and while the WIN meter counts", () => {
    expect(mainButtonLook({ ...idle, mode: "playing", skippable: true })).toMatchObject({
      label: "SKIP",
      state: "presenting",
      disabled: false,
    });
    expect(mainButtonLook({ ...idle, mode: "playing" })).toMatchObject({ label: "SKIP", disabled: true });
    expect(mainButtonLook({ ...idle, mode: "counting" })).toMatchObject({ label: "SKIP", state: "counting", disabled: false });
  });

  it("disabled while a feature waits or a replay is on the stage (never a free round there)", () => {
    expect(mainButtonLook({ ...idle, mode: "feature", granted: true })).toEqual({
      label: "SPIN",
      state: "feature",
      disabled: true,
      free: false,
    });
    expect(mainButtonLook({ ...idle, mode: "replay" })).toMatchObject({ state: "replay", disabled: true });
  });
});

describe("mainButtonAction: what a press does", () => {
  it("a fresh press at rest plays; the rest of a burst does nothing", () => {
    expect(mainButtonAction(idle, true, false)).toBe("play");
    expect(mainButtonAction(idle, false, false)).toBe("none");
  });

  it("a lost start is sent again instead of a new round", () => {
    expect(mainButtonAction(idle, true, true)).toBe("settle");
  });

  it("stops a running autoplay, fresh or not", () => {
    expect(mainButtonAction({ ...idle, mode: "playing", autoplay: autoplay("running") }, false, false)).toBe("stop-autoplay");
    expect(mainButtonAction({ ...idle, autoplay: autoplay("paused") }, true, false)).toBe("play");
  });

  it("slam stop while reels move where allowed, nothing where not", () => {
    const moving = { ...idle, mode: "playing", reelsMoving: true } as const;
    expect(mainButtonAction(moving, false, false)).toBe("slam-stop");
    expect(mainButtonAction({ ...moving, slamStop: false }, true, false)).toBe("none");
  });

  it("skips while wins show or the meter counts; nothing in a feature or a replay", () => {
    expect(mainButtonAction({ ...idle, mode: "playing" }, false, false)).toBe("skip");
    expect(mainButtonAction({ ...idle, mode: "counting" }, true, false)).toBe("skip");
    expect(mainButtonAction({ ...idle, mode: "feature" }, true, false)).toBe("none");
    expect(mainButtonAction({ ...idle, mode: "replay" }, true, false)).toBe("none");
  });
});
