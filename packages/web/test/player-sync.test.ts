/**
 * No stale balance (issue 17, points 3 and 4), in real Chromium against the real server: a
 * round whose answer is lost with the connection plays out on screen once the connection is
 * back (the same requestId, so the server answers the round it committed), a choice inside a
 * round waits where it stands instead of failing, and a second tab of the same player shows
 * the balance the first one played down to: from the push channel, and on being shown again.
 */
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, GAME, lateClientHelpers } from "./client.js";
import { CHROMIUM, HAS_CHROMIUM, type RunningServer, startServer } from "./harness.js";
import { bonusTriggerStops, lineWinStops, losingStops, PICK_PRIZES, pickDrawFor, type TestBet } from "./outcomes.js";

const BET: TestBet = { coinValue: 10, coinsPerLine: 1, lines: 15 };
const SPIN = '[data-test="spin"]';
const ROUNDS = "**/api/v1/games/*/rounds";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!HAS_CHROMIUM) console.warn("SKIPPED browser tests: /usr/bin/chromium is not installed.");

describe.skipIf(!HAS_CHROMIUM)("no stale balance (Chromium, real server)", () => {
  let server: RunningServer;
  let browser: Browser;
  /** Each test's own context: going offline is per context. */
  let context: BrowserContext;
  const h = lateClientHelpers(
    () => server,
    () => context,
  );
  const { newPage, openGame, waitIdle, force, token, serverSession, shownMinor, quick, pageErrors } = h;

  beforeAll(async () => {
    server = await startServer();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--autoplay-policy=no-user-gesture-required"],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A fresh context (its own offline switch) and a fresh demo player at rest on the game, quick spin on. */
  async function player(): Promise<Page> {
    context = await browser.newContext({ viewport: DESKTOP });
    const p = await newPage();
    await openGame(p);
    await quick(p);
    return p;
  }

  const rounds = async (p: Page): Promise<{ roundId: string; totalWin: number; status: string }[]> =>
    (await server.api("GET", "/api/v1/history?limit=100", { token: await token(p) })).rounds;
  const balanceShown = (p: Page, minor: number, timeout: number) =>
    p.waitForFunction((m) => Number(document.querySelector<HTMLElement>('[data-test="balance"]')?.dataset.minor) === m, minor, {
      timeout,
    });
  /** The browser tells the page it was hidden and is shown again (switching tabs, a phone's screen back on). */
  const showAgain = (p: Page) =>
    p.evaluate(() => {
      for (const state of ["hidden", "visible"]) {
        Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
        document.dispatchEvent(new Event("visibilitychange"));
      }
    });

  it("a spin committed on the server whose answer was lost offline: back online, the round plays out and the balance is the server's, no reload", async () => {
    const p = await player();
    await force(p, lineWinStops(BET));
    const before = (await rounds(p)).length;
    const shown = await shownMinor(p, "balance");
    const ids: string[] = [];
    let lose = true;
    await p.route(ROUNDS, async (route) => {
      ids.push(route.request().postDataJSON().requestId);
      if (!lose) return route.continue();
      await route.fetch(); // the server commits the round…
      await context.setOffline(true); // …and its answer is lost with the connection
      await route.abort("internetdisconnected");
    });
    await p.click(SPIN);
    await p.waitForSelector('[data-dialog="error"]', { timeout: 30_000 });
    expect(await rounds(p)).toHaveLength(before + 1);
    const committed = (await serverSession(p)).balance;
    expect(committed).not.toBe(shown);
    expect(await shownMinor(p, "balance")).toBe(shown);

    lose = false;
    const back = Date.now();
    await context.setOffline(false);
    await balanceShown(p, committed, 8000);
    await waitIdle(p);
    console.log(`balance right ${Date.now() - back} ms after the connection came back`);
    const history = await rounds(p);
    expect(history).toHaveLength(before + 1); // played once
    expect(await shownMinor(p, "win")).toBe(history[0]?.totalWin); // the round played out on screen
    expect(new Set(ids).size).toBe(1); // every try carried the same requestId
    expect(await p.isVisible('[data-dialog="error"]')).toBe(false);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("after a lost answer, the next SPIN sends the lost start again: one round, not two", async () => {
    const p = await player();
    const lose = losingStops(BET);
    await force(p, lose, lose);
    const before = (await rounds(p)).length;
    const ids: string[] = [];
    let drop = true;
    await p.route(ROUNDS, async (route) => {
      ids.push(route.request().postDataJSON().requestId);
      if (!drop) return route.continue();
      await route.fetch();
      await route.abort("connectionreset");
    });
    await p.click(SPIN);
    await p.waitForSelector('[data-dialog="error"]', { timeout: 30_000 });
    await p.keyboard.press("Escape");
    await waitIdle(p);
    drop = false;
    await sleep(300);
    await p.click(SPIN);
    await waitIdle(p);
    await sleep(500);
    expect(await rounds(p)).toHaveLength(before + 1);
    expect(new Set(ids).size).toBe(1);
    expect(await shownMinor(p, "balance")).toBe((await serverSession(p)).balance);
    await context.close();
  });

  it("a pick whose answer is lost offline: the pick screen waits, and the clam opens when the connection is back", async () => {
    const p = await player();
    const prize = PICK_PRIZES[0] as number;
    await force(p, bonusTriggerStops(BET, 3), [pickDrawFor(prize)], [pickDrawFor(prize)], [pickDrawFor(prize)]);
    await p.click(SPIN);
    await p.waitForSelector(".pick-screen.choosing", { timeout: 20_000 });
    let lose = true;
    await p.route("**/api/v1/rounds/*/actions", async (route) => {
      if (!lose) return route.continue();
      await route.fetch();
      await context.setOffline(true);
      await route.abort("internetdisconnected");
    });
    await p.click('.pick-object[data-object="4"]');
    await p.waitForFunction(
      () => document.querySelector('[data-test="message"]')?.textContent?.includes("Connection lost"),
      null,
      {
        timeout: 20_000,
      },
    );
    expect(await p.isVisible(".pick-screen")).toBe(true);
    expect(await p.isVisible('[data-dialog="error"]')).toBe(false);
    lose = false;
    await context.setOffline(false);
    await p.waitForSelector('.pick-object[data-object="4"].open', { timeout: 8000 });
    for (const object of [7, 10]) {
      await p.waitForSelector(".pick-screen.choosing");
      await p.click(`.pick-object[data-object="${object}"]`);
    }
    await waitIdle(p, 20_000);
    const history = await rounds(p);
    expect(history[0]?.status).toBe("completed");
    expect(await shownMinor(p, "win")).toBe(history[0]?.totalWin);
    expect(await shownMinor(p, "balance")).toBe((await serverSession(p)).balance);
    await context.close();
  });

  /** Tab B: the same player as tab A (a duplicated tab keeps the session), at rest on the game. */
  async function secondTab(a: Page, options: { push: boolean }): Promise<Page> {
    const saved = await a.evaluate(() => sessionStorage.getItem("reelhouse.session") as string);
    const b = await newPage();
    await b.addInitScript((s) => sessionStorage.setItem("reelhouse.session", s), saved);
    // Without the push channel, only the re-read on being shown again can tell B.
    if (!options.push) await b.route("**/api/v1/events", (route) => route.abort("connectionrefused"));
    await b.goto(`${server.url}/#/play/${GAME}`);
    await waitIdle(b);
    return b;
  }

  /** Three spins in tab A; resolves with the server's balance after them. */
  async function threeSpins(a: Page): Promise<number> {
    const lose = losingStops(BET);
    await force(a, lose, lineWinStops(BET), lose);
    for (let i = 0; i < 3; i++) {
      await a.click(SPIN);
      await waitIdle(a);
      await sleep(300);
    }
    return (await serverSession(a)).balance;
  }

  it("a second tab shows the balance tab A played down to, without any action (push channel `account`)", async () => {
    const a = await player();
    const b = await secondTab(a, { push: true });
    const start = await shownMinor(b, "balance");
    const after = await threeSpins(a);
    expect(after).not.toBe(start);
    await balanceShown(b, after, 5000);
    await context.close();
  });

  it("a second tab reads the balance again when it is shown, and says when it no longer covers the bet", async () => {
    const a = await player();
    const b = await secondTab(a, { push: false });
    const start = await shownMinor(b, "balance");
    const after = await threeSpins(a);
    expect(await shownMinor(b, "balance")).toBe(start); // nothing told B yet
    await showAgain(b);
    await balanceShown(b, after, 3000);

    // The operator leaves 1.00: B, shown again, says the bet of 1.50 is more than the balance.
    const session = await serverSession(a);
    await server.api("POST", `/api/v1/admin/players/${session.player.id}/adjustments`, {
      admin: true,
      body: { amount: -(session.balance - 100), reason: "browser test: leave 1.00" },
    });
    await showAgain(b);
    await balanceShown(b, 100, 3000);
    expect(await b.textContent('[data-test="message"]')).toContain("does not cover the bet of €1.50");
    await context.close();
  });
});
