/**
 * The client's autoplay loop against the server's autoplay states. No game served by
 * `reelhouse serve` pauses autoplay yet (40 Mystic Gem's Jackpot Cards will), so the paused
 * path is held here at the level of the loop's decisions rather than in the browser.
 */
import type { AutoplayState } from "@reelhouse/protocol";
import { describe, expect, it } from "vitest";
import { autoplayNext, autoplayNotice } from "./autoplay-loop.js";

const state = (status: AutoplayState["status"], stopReason: string | null = null): AutoplayState => ({
  id: "ap1",
  gameId: "40-mystic-gem",
  spinsTotal: 10,
  spinsDone: 3,
  lossLimit: 1000,
  singleWinLimit: null,
  stopOnJackpot: false,
  net: -45,
  status,
  stopReason,
  pausedRoundId: status === "paused" ? "r1" : null,
});

describe("autoplay loop decisions", () => {
  it("spins while running, waits while paused, resumes when the server says running again", () => {
    const seen = [state("running"), state("paused"), state("running")].map((s) => autoplayNext(s, false));
    expect(seen).toEqual(["spin", "wait", "spin"]);
  });

  it("ends when stopped or finished, when the player asked to stop, and without an autoplay", () => {
    expect(autoplayNext(state("stopped", "lossLimit"), false)).toBe("end");
    expect(autoplayNext(state("finished", "spins"), false)).toBe("end");
    expect(autoplayNext(state("running"), true)).toBe("end");
    expect(autoplayNext(state("paused"), true)).toBe("end");
    expect(autoplayNext(null, false)).toBe("end");
  });

  it("shows the paused notice only while paused", () => {
    expect(autoplayNotice(state("paused"))).toBe("Autoplay paused — resumes after this round");
    expect(autoplayNotice(state("running"))).toBeNull();
    expect(autoplayNotice(state("stopped", "player"))).toBeNull();
    expect(autoplayNotice(null)).toBeNull();
  });
});
