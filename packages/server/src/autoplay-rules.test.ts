import { describe, expect, it } from "vitest";
import { afterRoundCancelled, afterSettle, afterSpin, type SpinOutcome, stopByPlayer } from "./autoplay-rules.js";
import type { AutoplayRow } from "./rows.js";

const row = (over: Partial<AutoplayRow> = {}): AutoplayRow => ({
  id: "ap_1",
  player_id: "pl_1",
  game_id: "g",
  bet: "{}",
  spins_total: 10,
  spins_done: 0,
  loss_limit: 1000,
  single_win_limit: null,
  stop_on_jackpot: 0,
  net: 0,
  status: "running",
  stop_reason: null,
  paused_round_id: null,
  created_at: 0,
  updated_at: 0,
  ...over,
});
const spin = (over: Partial<SpinOutcome> = {}): SpinOutcome => ({
  roundId: "rd_1",
  paidBet: 100,
  over: true,
  totalWin: 0,
  awaiting: null,
  jackpot: false,
  ...over,
});
const feature = (autoplay?: "pause" | "stop") => ({
  type: "pick",
  actions: ["pick"],
  feature: true,
  ...(autoplay ? { autoplay } : {}),
});

describe("autoplay transitions", () => {
  it("running -> running while no limit is reached; -> finished on the last spin", () => {
    expect(afterSpin(row(), spin())).toMatchObject({ status: "running", spins_done: 1, net: -100 });
    expect(afterSpin(row({ spins_done: 9 }), spin())).toMatchObject({ status: "finished", stop_reason: "spins", spins_done: 10 });
  });

  it("running -> stopped on the loss limit, the single-win limit, a jackpot (with stopOnJackpot)", () => {
    expect(afterSpin(row({ net: -900 }), spin())).toMatchObject({ status: "stopped", stop_reason: "lossLimit", net: -1000 });
    expect(afterSpin(row({ single_win_limit: 500 }), spin({ totalWin: 500 }))).toMatchObject({ stop_reason: "singleWinLimit" });
    expect(afterSpin(row({ stop_on_jackpot: 1 }), spin({ jackpot: true }))).toMatchObject({ stop_reason: "jackpot" });
    expect(afterSpin(row(), spin({ jackpot: true }))).toMatchObject({ status: "running" });
  });

  it("running -> stopped on a feature that waits for the player; -> paused on one that pauses autoplay", () => {
    expect(afterSpin(row(), spin({ over: false, awaiting: feature() }))).toMatchObject({
      status: "stopped",
      stop_reason: "feature",
    });
    expect(afterSpin(row(), spin({ over: false, awaiting: feature("stop") }))).toMatchObject({ status: "stopped" });
    expect(afterSpin(row(), spin({ over: false, awaiting: feature("pause") }))).toMatchObject({
      status: "paused",
      stop_reason: null,
      paused_round_id: "rd_1",
      spins_done: 1,
      net: -100,
    });
  });

  it("paused -> running when its round settles within the limits, -> stopped or finished when a limit is reached", () => {
    const paused = row({ status: "paused", paused_round_id: "rd_1", spins_done: 3, net: -300 });
    expect(afterSettle(paused, 50, false)).toMatchObject({ status: "running", net: -250, paused_round_id: null });
    expect(afterSettle({ ...paused, single_win_limit: 40 }, 50, false)).toMatchObject({
      status: "stopped",
      stop_reason: "singleWinLimit",
    });
    expect(afterSettle({ ...paused, loss_limit: 300 }, 0, false)).toMatchObject({ status: "stopped", stop_reason: "lossLimit" });
    expect(afterSettle({ ...paused, stop_on_jackpot: 1 }, 0, true)).toMatchObject({ status: "stopped", stop_reason: "jackpot" });
    expect(afterSettle({ ...paused, spins_total: 3 }, 0, false)).toMatchObject({ status: "finished", stop_reason: "spins" });
  });

  it("stopped and finished are final: a settling round only adds its win to the result", () => {
    const stopped = row({ status: "stopped", stop_reason: "feature", net: -100 });
    expect(afterSettle(stopped, 400, true)).toMatchObject({ status: "stopped", stop_reason: "feature", net: 300 });
    expect(stopByPlayer(row({ status: "finished", stop_reason: "spins" }))).toMatchObject({ status: "finished" });
  });

  it("the player stops a running or paused autoplay; the operator's cancel of its round stops a paused one", () => {
    expect(stopByPlayer(row())).toMatchObject({ status: "stopped", stop_reason: "player" });
    expect(stopByPlayer(row({ status: "paused", paused_round_id: "rd_1" }))).toMatchObject({
      status: "stopped",
      paused_round_id: null,
    });
    const paused = row({ status: "paused", paused_round_id: "rd_1" });
    expect(afterRoundCancelled(paused, "rd_1")).toMatchObject({ status: "stopped", stop_reason: "roundCancelled" });
    expect(afterRoundCancelled(paused, "rd_2")).toMatchObject({ status: "paused" });
  });
});
