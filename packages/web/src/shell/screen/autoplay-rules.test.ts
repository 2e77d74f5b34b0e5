import type { AutoplayState } from "@reelhouse/protocol";
import { describe, expect, it } from "vitest";
import { autoplayEnd } from "./autoplay-rules.js";

const state = (status: AutoplayState["status"], stopReason: string | null = null): AutoplayState => ({
  id: "a1",
  gameId: "g",
  spinsTotal: 10,
  spinsDone: 4,
  lossLimit: 100,
  singleWinLimit: null,
  stopOnJackpot: false,
  net: -40,
  status,
  stopReason,
  pausedRoundId: null,
});

describe("autoplayEnd: why the summary says it stopped", () => {
  it("the server's reason when it stopped or finished", () => {
    expect(autoplayEnd(state("stopped", "lossLimit"), false, false, null)).toEqual({ reason: "lossLimit", stopOnServer: false });
    expect(autoplayEnd(state("finished", "spins"), false, false, null)).toEqual({ reason: "spins", stopOnServer: false });
  });

  it("the player's STOP when the server gives none", () => {
    expect(autoplayEnd(state("running"), true, false, null)).toEqual({ reason: "player", stopOnServer: false });
    expect(autoplayEnd(state("finished"), false, false, null)).toEqual({ reason: "spins", stopOnServer: false });
  });

  it("a failed spin while it still runs (or waits): funds or error, and the server is told to stop it", () => {
    expect(autoplayEnd(state("running"), false, true, "INSUFFICIENT_FUNDS")).toEqual({ reason: "funds", stopOnServer: true });
    expect(autoplayEnd(state("paused"), false, true, "NETWORK")).toEqual({ reason: "error", stopOnServer: true });
    expect(autoplayEnd(state("running"), true, true, null)).toEqual({ reason: "error", stopOnServer: true });
  });

  it("a failed spin after the server stopped it: the server's reason", () => {
    expect(autoplayEnd(state("stopped", "player"), false, true, "AUTOPLAY_STOPPED")).toEqual({
      reason: "player",
      stopOnServer: false,
    });
  });
});
