import { describe, expect, it } from "vitest";
import { FreeSpinSeries } from "./free-spins.js";

const money = (minor: number) => `€${(minor / 100).toFixed(2)}`;

describe("FreeSpinSeries: the counter with retriggers queued (sheet 3.4)", () => {
  it("counts the batch in play and queues a retrigger after it", () => {
    const fs = new FreeSpinSeries();
    expect(fs.plain(money)).toBeNull();
    fs.award(15, 15);
    expect(fs.plain(money)).toBe("FREE SPIN 0 OF 15 ×2");
    fs.spinStarted(1, 15);
    fs.award(10, 25);
    fs.won(45);
    expect(fs.plain(money)).toBe("FREE SPIN 1 OF 15 ×2 +10 QUEUED €0.45");
    fs.spinStarted(15, 25);
    expect(fs.position()).toEqual({ spin: 15, of: 15, queued: 10, retrigger: false });
    // The 16th spin is the first of the queued batch.
    fs.spinStarted(16, 25);
    expect(fs.position()).toEqual({ spin: 1, of: 10, queued: 0, retrigger: true });
    expect(fs.plain(money)).toBe("FREE SPIN 1 OF 10 ×2 €0.45");
  });

  it("wins before the first free spin are not the series' own", () => {
    const fs = new FreeSpinSeries();
    fs.award(10, 10);
    fs.won(300);
    fs.spinStarted(1, 10);
    fs.won(20);
    expect(fs.plain(money)).toContain("€0.20");
  });

  it("a total the events did not show (a resumed round) becomes one batch of what is left", () => {
    const fs = new FreeSpinSeries();
    fs.awaiting(4, 20);
    expect(fs.position()).toEqual({ spin: 4, of: 20, queued: 0, retrigger: false });
    fs.award(10, 30);
    expect(fs.position()).toEqual({ spin: 4, of: 20, queued: 10, retrigger: false });
  });
});
