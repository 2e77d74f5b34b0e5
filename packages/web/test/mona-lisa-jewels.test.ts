/**
 * Mona Lisa Jewels in real Chromium against the real server (`reelhouse serve`, test mode,
 * SQLite). Outcomes are forced with draws FOUND on the current strips by the game's own test
 * kit (never hard-coded stops); the client only forwards them. A free spin whose answer the
 * test wants to look at is held back in the browser (`page.route`) until the test has read
 * the screen, so nothing depends on catching an animation in flight.
 *
 * Covered: a Jewel trigger and its two sticky spins (reel 1 locked, held cells); a normal
 * trigger with a multiplied line win; the sheet's two queue examples; a reload mid-queue;
 * the progressive at max bet with the celebration and the ticker's reset; phone portrait.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  BASE,
  type Cell,
  FREE,
  grid,
  JEWEL,
  jewelStops,
  mustStops,
  stopsFor,
} from "../../games/src/mona-lisa-jewels/test-kit.js";
import { browserSuite, DESKTOP, holdAction, PHONE, visibleControls } from "./client.js";
import { HAS_CHROMIUM, shoot } from "./harness.js";
import { realLaunchToken } from "./real-player.js";

const MONA = "mona-lisa-jewels";
/** Neither SCATTER, JEWEL, WILD nor JACKPOT: a cell that adds nothing anywhere. */
const PLAIN: Cell = { not: ["SCATTER", "JEWEL", "WILD", "JACKPOT"] };
const CALM: Cell = { not: ["SCATTER", "JEWEL", "WILD"] };
const plain = (...placements: readonly (readonly [number, number, Cell])[]) => grid(PLAIN, ...placements);

/** A paid spin with 2 JEWEL on reel 1 (rows 0 and 2) and nothing else. */
const JEWEL_TRIGGER = mustStops(BASE, [["JEWEL", CALM, "JEWEL"], ...plain().slice(1)], "a plain Jewel trigger");
/** A quiet Jewel spin (reels 2–5; reel 1 is locked). */
const QUIET_JEWEL = jewelStops(plain().slice(1), "a quiet Jewel spin");
/** A Jewel spin that lands a WILD on reel 3, middle row: a new sticky cell. */
const JEWEL_WITH_WILD = jewelStops(plain([2, 1, "WILD"]).slice(1), "a Jewel spin with a WILD on reel 3");
/** A quiet normal free spin. */
const QUIET_FREE = mustStops(FREE, plain(), "a quiet free spin");

/** `n` SCATTER (one per reel from reel `first`), everything else plain, on `strips` (`skip`: columns to drop in front). */
function scatters(strips: typeof BASE, reels: readonly number[], skip = 0): number[] {
  for (const rows of [
    [0, 1, 2],
    [1, 1, 1],
    [2, 0, 1],
    [0, 0, 0],
    [2, 2, 2],
  ]) {
    const columns = plain(...reels.map((r, i) => [r, rows[i] as number, "SCATTER"] as const)).slice(skip);
    const stops = stopsFor(strips, columns);
    if (stops) return stops;
  }
  throw new Error(`the strips cannot show SCATTER on reels ${reels.join(", ")}`);
}
/** 3 SCATTER on a paid spin: 10 free spins. */
const SCATTER_TRIGGER = scatters(BASE, [1, 2, 3]);
/** 3 SCATTER in a Jewel spin (reels 2–4): 10 more free spins. */
const JEWEL_SCATTERS = scatters(JEWEL, [1, 2, 3], 1);
/** A normal free spin with 2 JEWEL on reel 1: Jewel spins. */
const FREE_JEWEL = (() => {
  for (const col of [
    ["JEWEL", "JEWEL", CALM],
    [CALM, "JEWEL", "JEWEL"],
    ["JEWEL", CALM, "JEWEL"],
  ] as Cell[][]) {
    const stops = stopsFor(FREE, [col, ...plain().slice(1)]);
    if (stops) return stops;
  }
  throw new Error("the free-spin strips cannot show a Jewel trigger");
})();
/** A normal free spin with one WILD inside a 3-symbol combination on the middle row: a x2 line win. */
const FREE_X2 = (() => {
  for (const x of ["GONDOLA", "PALETTE", "LUTE", "MASK", "A", "K", "Q", "J", "TEN"]) {
    const spec = grid(
      { not: ["SCATTER", "JEWEL", "WILD", "JACKPOT", x] },
      ...([x, "WILD", x, { not: [x, "WILD", "SCATTER", "JACKPOT"] }] as Cell[]).map((c, r) => [r, 1, c] as const),
    );
    const stops = stopsFor(FREE, spec);
    if (stops) return stops;
  }
  throw new Error("the free-spin strips cannot show a x2 line");
})();
/** 5 JACKPOT along the top row at max bet: the progressive. */
const JACKPOT_STOPS = mustStops(
  BASE,
  grid(PLAIN, ...Array.from({ length: 5 }, (_, r) => [r, 0, "JACKPOT"] as const), [2, 1, CALM]),
  "5 JACKPOT on the top row",
);

if (!HAS_CHROMIUM) console.warn("SKIPPED browser tests: /usr/bin/chromium is not installed.");

describe.skipIf(!HAS_CHROMIUM)("Mona Lisa Jewels in the browser (Chromium, real server)", () => {
  const { server, newPage, waitIdle, token, serverSession, shownMinor, force, quick, pageErrors, openPanel } = browserSuite();

  /** Opens the game as a fresh demo player, or as the real player of a launch token. */
  const open = async (p: Page, launchToken?: string) => {
    await p.goto(`${server.url}/${launchToken ? `?launch=${launchToken}` : ""}#/play/${MONA}`);
    await waitIdle(p);
    await quick(p);
  };
  const stageState = async (p: Page) =>
    JSON.parse((await p.getAttribute(".ml-stage .reel-canvas", "data-state")) ?? "{}") as {
      held: [string, string][];
      wins: { line: number | null; label: string }[];
    };
  const queueText = async (p: Page) => ((await p.textContent('[data-test="fs-queue"]')) ?? "").replace(/\s+/g, " ").trim();
  /** Every event of the player's last round, from the history API. */
  async function lastRoundEvents(p: Page): Promise<{ type: string; kind?: string; amount?: number }[]> {
    const list = await server.api("GET", "/api/v1/history?limit=1", { token: await token(p) });
    const round = await server.api("GET", `/api/v1/history/${list.rounds[0].roundId}`, { token: await token(p) });
    return round.steps.flatMap((s: { events: unknown[] }) => s.events);
  }
  /** The round ends: the outro is collected, the screen idles, and money agrees with the server. */
  async function settles(p: Page): Promise<void> {
    const outro = p.locator('[data-test="fs-outro"] button');
    await outro.waitFor({ state: "visible", timeout: 60_000 });
    await outro.click();
    await waitIdle(p, 30_000);
    const history = await server.api("GET", "/api/v1/history?limit=1", { token: await token(p) });
    expect(history.rounds[0].status).toBe("completed");
    expect(await shownMinor(p, "win")).toBe(history.rounds[0].totalWin);
    expect(await shownMinor(p, "balance")).toBe((await serverSession(p)).balance);
  }

  it("Jewel trigger: reel 1 locked, JEWEL and WILD held through both Jewel spins, a new WILD joins the hold", async () => {
    const p = await newPage();
    await open(p);
    await force(p, JEWEL_TRIGGER, JEWEL_WITH_WILD, QUIET_JEWEL);
    await p.click('[data-test="spin"]');
    await p.waitForSelector('[data-test="fs-intro"]', { timeout: 20_000 });
    expect(await p.textContent('[data-test="fs-intro"]')).toContain("2 JEWEL SPINS");
    const atTrigger = (await stageState(p)).held.map(([cell]) => cell);
    expect(atTrigger).toEqual(expect.arrayContaining(["0:0", "0:1", "0:2"]));
    expect(await p.isVisible('[data-test="reel1-locked"]')).toBe(true);
    expect(await queueText(p)).toContain("JEWEL SPINS 2");
    await shoot(p, "mona-01-jewel-trigger");

    const second = await holdAction(p, 2);
    await p.click('[data-test="fs-intro"] button');
    await second.reached;
    await p.waitForFunction(() => document.querySelector('[data-test="jewel-played"]')?.textContent === "1");
    const held = await stageState(p);
    expect(held.held.map(([cell]) => cell)).toEqual(expect.arrayContaining(["0:0", "0:1", "0:2", "2:1"]));
    expect(held.held.find(([cell]) => cell === "2:1")?.[1]).toBe("WILD");
    expect(await p.isVisible('[data-test="reel1-locked"]')).toBe(true);
    expect(await queueText(p)).toContain("JEWEL 1/2");
    await shoot(p, "mona-02-jewel-spin-held");
    second.release();
    await settles(p);
    // The series is over: nothing is held any more.
    expect((await stageState(p)).held).toEqual([]);
    expect(await p.isVisible('[data-test="reel1-locked"]')).toBe(false);
    await p.close();
  });

  it("normal free spins: a winning line with one WILD shows x2, the queue counts the spins", async () => {
    const p = await newPage();
    await open(p);
    await force(p, SCATTER_TRIGGER, FREE_X2, ...Array.from({ length: 9 }, () => QUIET_FREE));
    await p.click('[data-test="spin"]');
    await p.waitForSelector('[data-test="fs-intro"]', { timeout: 20_000 });
    expect(await p.textContent('[data-test="fs-intro"]')).toContain("10 FREE SPINS");
    const second = await holdAction(p, 2);
    await p.click('[data-test="fs-intro"] button');
    await second.reached;
    await p.waitForFunction(() => document.querySelector('[data-test="fs-played"]')?.textContent === "1");
    const wins = (await stageState(p)).wins;
    expect(wins.some((w) => w.line !== null && w.label.endsWith("×2"))).toBe(true);
    expect(await queueText(p)).toContain("FREE SPIN 1/10");
    await shoot(p, "mona-03-free-spin-x2");
    second.release();
    await settles(p);
    await p.close();
  });

  it('queue example 1: "the 4th spin triggers Jewel free spins; the next two are Jewel spins, then the 6 remaining normal free spins"', async () => {
    const p = await newPage();
    await open(p);
    await force(
      p,
      SCATTER_TRIGGER,
      QUIET_FREE,
      QUIET_FREE,
      QUIET_FREE,
      FREE_JEWEL,
      QUIET_JEWEL,
      QUIET_JEWEL,
      ...Array.from({ length: 6 }, () => QUIET_FREE),
    );
    await p.click('[data-test="spin"]');
    await p.waitForSelector('[data-test="fs-intro"]', { timeout: 20_000 });
    // Actions: free spins 1–4, then Jewel spin 1, then (held here) Jewel spin 2.
    const jewelTwo = await holdAction(p, 6);
    await p.click('[data-test="fs-intro"] button');
    await jewelTwo.reached;
    await p.waitForFunction(() => document.querySelector('[data-test="jewel-played"]')?.textContent === "1");
    expect(await queueText(p)).toMatch(/JEWEL 1\/2 — then 6 free spins/);
    await shoot(p, "mona-04-queue-example-1");
    jewelTwo.release();
    await settles(p);
    const kinds = (await lastRoundEvents(p)).filter((e) => e.type === "freeSpinStarted").map((e) => e.kind);
    expect(kinds).toEqual(["normal", "normal", "normal", "normal", "jewel", "jewel", ...Array(6).fill("normal")]);

    // History and replay of every step: the round replayed shows the queue and the held cells again.
    const list = await server.api("GET", "/api/v1/history?limit=1", { token: await token(p) });
    const roundId = list.rounds[0].roundId as string;
    await p.click('[data-test="history"]');
    await p.click(`[data-replay="${roundId}"]`);
    await p.waitForSelector('[data-test="replay-ribbon"]', { state: "visible" });
    // Step 1 is the paid spin; steps 2–5 the first four free spins; step 6 the first Jewel spin.
    for (let n = 2; n <= 6; n++) {
      await p.waitForSelector('[data-test="replay-next"]:not([disabled])', { timeout: 20_000 });
      await p.click('[data-test="replay-next"]');
      await p.waitForFunction(
        (k) => document.querySelector('[data-test="replay-step"]')?.textContent?.startsWith(`Step ${k} of`),
        n,
      );
    }
    await p.waitForFunction(() => document.querySelector('[data-test="jewel-played"]')?.textContent === "1", null, {
      timeout: 20_000,
    });
    expect(await queueText(p)).toMatch(/JEWEL 1\/2 — then 6 free spins/);
    expect((await stageState(p)).held.map(([cell]) => cell)).toEqual(expect.arrayContaining(["0:0", "0:1", "0:2"]));
    await shoot(p, "mona-10-replay-jewel-spin");
    await p.close();
  });

  it('queue example 2: "the 1st Jewel spin triggers 10 normal free spins; the next is a Jewel spin, then the 10" — and a reload mid-queue resumes', async () => {
    const p = await newPage();
    await open(p);
    await force(p, JEWEL_TRIGGER, JEWEL_SCATTERS);
    await p.click('[data-test="spin"]');
    await p.waitForSelector('[data-test="fs-intro"]', { timeout: 20_000 });
    const jewelTwo = await holdAction(p, 2);
    await p.click('[data-test="fs-intro"] button');
    await jewelTwo.reached;
    await p.waitForFunction(() => document.querySelector('[data-test="jewel-played"]')?.textContent === "1");
    expect(await queueText(p)).toMatch(/JEWEL 1\/2 — then 10 free spins/);
    await shoot(p, "mona-05-queue-example-2");

    // The player leaves mid-queue (the held request never reaches the server) and comes back.
    await p.reload();
    jewelTwo.release();
    await p.waitForSelector('[data-test="fs-intro"]', { timeout: 20_000 });
    expect(await p.textContent('[data-test="fs-intro"]')).toContain("FREE SPINS IN PROGRESS");
    const openRounds = await server.api("GET", "/api/v1/rounds/open", { token: await token(p) });
    expect(openRounds.rounds[0].awaiting).toMatchObject({ kind: "jewel", jewelLeft: 1, played: 0, awarded: 10 });
    expect(await queueText(p)).toMatch(/JEWEL 1\/2 — then 10 free spins/);
    expect((await stageState(p)).held.map(([cell]) => cell)).toEqual(expect.arrayContaining(["0:0", "0:2"]));
    expect(await p.isVisible('[data-test="reel1-locked"]')).toBe(true);
    await shoot(p, "mona-06-reload-mid-queue");
    await force(p, QUIET_JEWEL, ...Array.from({ length: 10 }, () => QUIET_FREE));
    await p.click('[data-test="fs-intro"] button');
    await settles(p);
    await p.close();
  });

  it("the progressive at max bet: the jackpot card, the player's celebration and the ticker back near its seed", async () => {
    const p = await newPage();
    // A real-money player: the real pool, its celebration and ticker (demo play has pools of its own, announced to no one).
    await open(p, await realLaunchToken(server));
    const ticker = p.locator('[data-role="jackpot-ticker-value"][data-pool="progressive"]');
    await ticker.waitFor({ state: "visible", timeout: 10_000 });
    await p.click('[data-test="bet-max"]');
    await p.waitForSelector('[data-dialog="bet-max"]');
    expect(await p.textContent('[data-test="bet-max-total"]')).toContain("2.50");
    // An operator top-up of 10,000 EUR puts the pool above its seed, so its reset shows.
    const seedShare = 50_000; // 500,000 EUR x 0.01 / 10, in cents
    await server.api("POST", "/api/v1/admin/jackpots/adjustments", {
      admin: true,
      body: {
        gameId: MONA,
        pool: "progressive",
        currency: "EUR",
        key: "",
        amountMicro: 10_000 * 1_000_000,
        reason: "browser test",
      },
    });
    await p.waitForFunction(
      (seed) => Number(document.querySelector('[data-role="jackpot-ticker-value"]')?.getAttribute("data-amount")) >= seed + 1_000,
      seedShare,
    );
    const before = Number(await ticker.getAttribute("data-amount"));
    await force(p, JACKPOT_STOPS);
    // A deliberate press: one under 250 ms after BET MAX's is the same burst (press guard) and plays nothing.
    await p.waitForTimeout(300);
    await p.click('[data-test="bet-max-spin"]');
    const card = p.locator('[data-test="jackpot-won"]');
    await card.waitFor({ state: "visible", timeout: 20_000 });
    const won = (await lastRoundEvents(p)).find((e) => e.type === "jackpotWon") as { amount: number };
    // The pool at 0.01 EUR per coin is pool x 0.01 / 10: the seed's 500.00 EUR and the top-up's 10.00 EUR.
    expect(won.amount).toBeGreaterThanOrEqual(seedShare + 1_000);
    expect(won.amount).toBeGreaterThanOrEqual(before - 1);
    await shoot(p, "mona-07-jackpot-card");
    await card.locator("button").click();
    await p.locator('[data-role="jackpot-celebration"]').waitFor({ state: "visible", timeout: 60_000 });
    await shoot(p, "mona-08-jackpot-celebration");
    await p.waitForFunction(
      (was) => Number(document.querySelector('[data-role="jackpot-ticker-value"]')?.getAttribute("data-amount")) < was,
      before,
      { timeout: 5_000 },
    );
    const after = Number(await ticker.getAttribute("data-amount"));
    expect(after).toBeLessThan(won.amount);
    expect(after).toBeGreaterThanOrEqual(seedShare);
    await p.close();
  });

  it("phone portrait: reels, queue, ticker and every control fit on the screen", async () => {
    const p = await newPage(PHONE);
    await open(p);
    await force(p, JEWEL_TRIGGER, QUIET_JEWEL, QUIET_JEWEL);
    await p.click('[data-test="spin"]');
    await p.waitForSelector('[data-test="fs-intro"]', { timeout: 20_000 });
    await p.click('[data-test="fs-intro"] button');
    await settles(p);
    const boxes = await visibleControls(p);
    for (const b of boxes) {
      expect(b.x, b.name).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, b.name).toBeLessThanOrEqual(PHONE.width + 1);
      expect(b.y + b.height, b.name).toBeLessThanOrEqual(PHONE.height + 1);
    }
    const reels = await p.locator(".ml-stage .reel-canvas").boundingBox();
    expect(reels).not.toBeNull();
    expect((reels?.x ?? -1) >= 0 && (reels?.x ?? 0) + (reels?.width ?? 0) <= PHONE.width + 1).toBe(true);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shoot(p, "mona-09-phone-portrait");
    expect(pageErrors).toEqual([]);
    await p.close();
  });

  it("desktop: the paytable in currency at the bet and the rules with both RTPs", async () => {
    const p = await newPage(DESKTOP);
    await open(p);
    await openPanel(p, "paytable");
    const table = (await p.textContent('[data-dialog="paytable"]')) ?? "";
    expect(table).toContain("Mona Lisa (wild)");
    expect(table).toMatch(/×2 \/ ×4 \/ ×8/);
    await p.keyboard.press("Escape");
    await openPanel(p, "rules");
    const rules = (await p.textContent('[data-dialog="rules"]')) ?? "";
    expect(rules).toContain("94.30%");
    expect(rules).toContain("94.60%");
    expect(rules).toContain("first win recorded pays");
    await p.close();
  });
});
