/**
 * Operator free rounds (Bonus Spin Mode) in real Chromium against the real server: the
 * operator grants rounds through the admin API, the player sees them in the lobby and on the
 * game screen, plays them at the grant's bet without being debited, and the history says
 * which rounds were free. Desktop 1440 x 900 and phone 390 x 844.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientHelpers, DESKTOP, GAME, PHONE, visibleControls } from "./client.js";
import { HAS_CHROMIUM, type RunningServer, shoot, startBrowser, startServer } from "./harness.js";
import { freeSpinTriggerStops, lineWinStops, losingStops, quietFreeSpinStops, type TestBet } from "./outcomes.js";

/** 0.15 EUR: not the game's default bet (1.50), so the bet on screen is visibly the grant's. */
const GRANT_BET: TestBet = { coinValue: 1, coinsPerLine: 1, lines: 15 };
const PHONE_GRANT_BET: TestBet = { coinValue: 2, coinsPerLine: 1, lines: 15 };

if (!HAS_CHROMIUM) console.warn("SKIPPED browser tests: /usr/bin/chromium is not installed.");

/** The main control at rest offering a free round. */
const waitFreeIdle = (p: Page) =>
  p.waitForFunction(() => {
    const spin = document.querySelector<HTMLButtonElement>('[data-test="spin"]');
    return spin?.dataset.state === "idle" && spin.textContent === "PLAY FREE ROUND" && !spin.disabled;
  });

/** Records every balance the screen shows from now on (read back from `window.balances`). */
const recordBalances = (p: Page) =>
  p.evaluate(() => {
    const w = window as unknown as { balances: number[] };
    const el = document.querySelector<HTMLElement>('[data-test="balance"]');
    w.balances = [];
    if (!el) return;
    new MutationObserver(() => w.balances.push(Number(el.dataset.minor))).observe(el, {
      attributes: true,
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
const balancesShown = (p: Page): Promise<number[]> => p.evaluate(() => (window as unknown as { balances: number[] }).balances);

const freeText = (p: Page) => p.textContent('[data-test="free-rounds-text"]');

describe.skipIf(!HAS_CHROMIUM)("operator free rounds (Chromium, real server)", () => {
  let server: RunningServer;
  let browser: Awaited<ReturnType<typeof startBrowser>>;
  const h = clientHelpers(
    {
      get url() {
        return server.url;
      },
      api: (...args) => server.api(...args),
      stop: () => server.stop(),
    },
    () => browser,
  );
  const { newPage, openGame, waitIdle, force, quick, serverSession, token, openPanel, pageErrors } = h;

  beforeAll(async () => {
    server = await startServer();
    browser = await startBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The operator grants the page's player `spins` rounds of the game at `bet` (admin API). */
  async function grant(p: Page, bet: TestBet, spins: number): Promise<void> {
    const session = await serverSession(p);
    await server.api("POST", `/api/v1/admin/players/${session.player.id}/bonus-grants`, {
      admin: true,
      body: { gameId: GAME, bet, spins },
    });
  }

  /**
   * Plays one free round with forced `stops`: the request names the grant and no bet.
   * Resolves with the server's answer to the start.
   */
  async function playFree(p: Page, stops: number[]): Promise<{ win: number; totalBet: number; balance: number }> {
    await force(p, stops);
    const sent = p.waitForRequest((r) => r.method() === "POST" && r.url().endsWith(`/games/${GAME}/rounds`));
    const answered = p.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith(`/games/${GAME}/rounds`));
    await p.click('[data-test="spin"]');
    const body = (await sent).postDataJSON();
    expect(body.grantId).toMatch(/.+/);
    expect(body.bet).toBeUndefined();
    return (await answered).json();
  }

  it("3 granted rounds: lobby mark, bar 3 -> 2 -> 1 -> none, grant's bet, nothing debited, wins paid, reload keeps them, history says FREE ROUND", async () => {
    const p = await newPage(DESKTOP);
    await openGame(p);
    await quick(p);
    const start = (await serverSession(p)).balance;
    await grant(p, GRANT_BET, 3);

    // The lobby marks the game with rounds waiting.
    await p.click('[data-test="lobby"]');
    await p.waitForSelector(`[data-test="free-badge-${GAME}"]`);
    expect(await p.textContent(`[data-test="free-badge-${GAME}"]`)).toBe("3 FREE ROUNDS waiting");
    await shoot(p, "40-lobby-free-rounds");
    await p.click(`[data-test="play-${GAME}"]`);
    await waitFreeIdle(p);

    // The game screen: the bar, the grant's bet locked, no autoplay offered.
    expect(await freeText(p)).toBe("FREE ROUNDS: 3 left at 0.15 EUR — courtesy of the operator");
    expect(await p.textContent('[data-test="bet"]')).toBe("€0.15");
    expect(await p.textContent('[data-test="bet-label"]')).toBe("FREE BET");
    for (const control of ["coin-value-up", "coins-up", "lines-down", "bet-max"])
      expect(await p.isDisabled(`[data-test="${control}"]`), control).toBe(true);
    expect(await p.isVisible('[data-test="autoplay"]')).toBe(false);
    await shoot(p, "41-free-rounds");

    // Round 1 wins: the win is paid, the stake never comes off the balance on screen.
    await recordBalances(p);
    const first = await playFree(p, lineWinStops(GRANT_BET));
    expect(first.totalBet).toBe(15);
    expect(first.win).toBeGreaterThan(0);
    await p.waitForFunction(() => document.querySelector('[data-test="free-rounds-text"]')?.textContent?.includes("2 left"));
    await waitFreeIdle(p);
    expect(Math.min(...(await balancesShown(p)))).toBeGreaterThanOrEqual(start);
    expect(Number(await p.getAttribute('[data-test="balance"]', "data-minor"))).toBe(start + first.win);
    expect((await serverSession(p)).balance).toBe(start + first.win);

    // A reload in the middle: the rounds left are still there, at the grant's bet.
    await p.reload();
    await waitFreeIdle(p);
    expect(await freeText(p)).toBe("FREE ROUNDS: 2 left at 0.15 EUR — courtesy of the operator");
    expect(await p.textContent('[data-test="bet"]')).toBe("€0.15");

    // Rounds 2 and 3 lose: the balance does not move at all.
    await recordBalances(p);
    await playFree(p, losingStops(GRANT_BET));
    await p.waitForFunction(() => document.querySelector('[data-test="free-rounds-text"]')?.textContent?.includes("1 left"));
    await waitFreeIdle(p);
    await playFree(p, losingStops(GRANT_BET));
    await p.waitForSelector('[data-dialog="free-rounds-done"]');
    expect(await p.textContent('[data-dialog="free-rounds-done"]')).toContain("3 free rounds at 0.15 EUR");
    expect(await p.textContent('[data-test="free-rounds-won"]')).toBe(`€${(first.win / 100).toFixed(2)}`);
    await shoot(p, "42-free-rounds-done");
    expect(new Set(await balancesShown(p))).toEqual(new Set([start + first.win]));
    await p.click('[data-test="free-rounds-ok"]');

    // None left: the bar goes, the player's own bet and controls come back.
    await waitIdle(p);
    expect(await p.isVisible('[data-test="free-rounds"]')).toBe(false);
    expect(await p.textContent('[data-test="bet"]')).toBe("€1.50");
    expect(await p.textContent('[data-test="bet-label"]')).toBe("BET");
    expect(await p.isDisabled('[data-test="coin-value-up"]')).toBe(false);
    expect(await p.isVisible('[data-test="autoplay"]')).toBe(true);
    expect(await server.api("GET", "/api/v1/grants", { token: await token(p) })).toEqual({ grants: [] });
    expect((await serverSession(p)).balance).toBe(start + first.win);

    // A paid round after them is debited, and the history tells the two kinds apart.
    await force(p, losingStops({ coinValue: 10, coinsPerLine: 1, lines: 15 }));
    await p.click('[data-test="spin"]');
    await waitIdle(p);
    expect((await serverSession(p)).balance).toBe(start + first.win - 150);
    await openPanel(p, "history");
    await p.waitForSelector('[data-test="history-rounds"] tr[data-round]');
    const rows = await p.$$eval('[data-test="history-rounds"] tr[data-round]', (trs) =>
      trs.map((tr) => ({ granted: tr.getAttribute("data-granted") === "true", text: tr.textContent ?? "" })),
    );
    expect(rows.map((r) => r.granted)).toEqual([false, true, true, true]);
    expect(rows.filter((r) => r.text.includes("FREE ROUND"))).toHaveLength(3);
    await shoot(p, "43-history-free-rounds");
    expect(pageErrors).toEqual([]);
    await p.close();
  });

  it("a granted round that triggers free spins plays its series, reloads mid-series with the grant's count kept, pays the whole win, debits nothing", async () => {
    const p = await newPage(DESKTOP);
    await openGame(p);
    await quick(p);
    const start = (await serverSession(p)).balance;
    await grant(p, GRANT_BET, 2);
    await p.reload();
    await waitFreeIdle(p);
    const trigger = freeSpinTriggerStops(GRANT_BET);
    const quiet = quietFreeSpinStops(trigger.step.state, 10);
    await recordBalances(p);
    await force(p, trigger.stops, ...quiet);
    await p.click('[data-test="spin"]');
    await p.waitForSelector('[data-test="fs-intro"]', { timeout: 20_000 });
    expect(await freeText(p)).toBe("FREE ROUNDS: 1 left at 0.15 EUR — courtesy of the operator");
    expect(await p.textContent('[data-test="bet-label"]')).toBe("FREE BET");
    await p.click('[data-test="fs-intro"] button');
    await p.waitForFunction(() => Number(document.querySelector('[data-test="fs-played"]')?.textContent) >= 2, null, {
      timeout: 20_000,
    });
    expect(Math.min(...(await balancesShown(p)))).toBeGreaterThanOrEqual(start);

    // Reload mid-series: the round resumes, the grant still has one round, nothing was debited.
    await p.reload();
    await p.waitForSelector('[data-test="fs-intro"]', { timeout: 20_000 });
    expect(await freeText(p)).toBe("FREE ROUNDS: 1 left at 0.15 EUR — courtesy of the operator");
    expect(await p.textContent('[data-test="bet"]')).toBe("€0.15");
    expect(Number(await p.getAttribute('[data-test="balance"]', "data-minor"))).toBe(start);
    await recordBalances(p);
    await force(p, ...quiet);
    await p.click('[data-test="fs-intro"] button');
    await p.waitForSelector('[data-test="fs-outro"]', { timeout: 40_000 });
    await waitFreeIdle(p);
    const history = await server.api("GET", "/api/v1/history?limit=1", { token: await token(p) });
    const won = history.rounds[0].totalWin as number;
    expect(history.rounds[0]).toMatchObject({ status: "completed", totalBet: 15 });
    expect(won).toBeGreaterThan(0);
    expect(Math.min(...(await balancesShown(p)))).toBeGreaterThanOrEqual(start);
    expect(Number(await p.getAttribute('[data-test="balance"]', "data-minor"))).toBe(start + won);
    expect((await serverSession(p)).balance).toBe(start + won);
    expect(await freeText(p)).toBe("FREE ROUNDS: 1 left at 0.15 EUR — courtesy of the operator");
    expect(pageErrors).toEqual([]);
    await p.close();
  });

  it("phone 390 x 844: bar and PLAY FREE ROUND fit, tap targets >= 44 px; kept for later, SPIN plays the player's own balance; a grant made meanwhile follows", async () => {
    const p = await newPage(PHONE);
    await openGame(p);
    await quick(p);
    const start = (await serverSession(p)).balance;
    await grant(p, PHONE_GRANT_BET, 2);
    await p.reload();
    await waitFreeIdle(p);
    expect(await freeText(p)).toBe("FREE ROUNDS: 2 left at 0.30 EUR — courtesy of the operator");

    // Nothing wider than the phone, every control reachable and at least 44 x 44 px.
    const fits = async () => {
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      const bar = await p.evaluate(() => {
        const el = document.querySelector<HTMLElement>('[data-test="free-rounds"]');
        const r = el?.getBoundingClientRect();
        return { left: r?.left ?? -1, right: r?.right ?? 999, overflow: (el?.scrollWidth ?? 0) - (el?.clientWidth ?? 0) };
      });
      expect(bar.left).toBeGreaterThanOrEqual(0);
      expect(bar.right).toBeLessThanOrEqual(PHONE.width);
      expect(bar.overflow).toBeLessThanOrEqual(0);
      for (const control of await visibleControls(p, ".game-screen")) {
        expect(control.width, control.name).toBeGreaterThanOrEqual(44);
        expect(control.height, control.name).toBeGreaterThanOrEqual(44);
        expect(control.x, control.name).toBeGreaterThanOrEqual(0);
        expect(control.x + control.width, control.name).toBeLessThanOrEqual(PHONE.width);
        expect(control.y + control.height, control.name).toBeLessThanOrEqual(PHONE.height);
      }
    };
    await fits();
    expect(await p.isVisible('[data-test="free-rounds-toggle"]')).toBe(true);
    await shoot(p, "44-phone-free-rounds");

    // Kept for later: SPIN plays the player's own bet and balance; the rounds wait.
    await p.click('[data-test="free-rounds-toggle"]');
    await waitIdle(p);
    expect(await freeText(p)).toBe("FREE ROUNDS: 2 waiting for you — courtesy of the operator");
    expect(await p.textContent('[data-test="bet"]')).toBe("€1.50");
    await fits();
    await force(p, losingStops({ coinValue: 10, coinsPerLine: 1, lines: 15 }));
    const paid = p.waitForRequest((r) => r.method() === "POST" && r.url().endsWith(`/games/${GAME}/rounds`));
    await p.click('[data-test="spin"]');
    expect((await paid).postDataJSON().grantId).toBeUndefined();
    await waitIdle(p);
    expect((await serverSession(p)).balance).toBe(start - 150);

    // Back to the free rounds: one plays at 0.30 without a debit, one is left.
    await p.click('[data-test="free-rounds-toggle"]');
    await waitFreeIdle(p);
    expect(await p.textContent('[data-test="bet"]')).toBe("€0.30");
    await playFree(p, losingStops(PHONE_GRANT_BET));
    await p.waitForFunction(() => document.querySelector('[data-test="free-rounds-text"]')?.textContent?.includes("1 left"));
    await waitFreeIdle(p);
    expect((await serverSession(p)).balance).toBe(start - 150);
    expect(Number(await p.getAttribute('[data-test="balance"]', "data-minor"))).toBe(start - 150);
    await fits();

    // The operator grants more while the player plays: when the first grant's last round
    // ends, its summary names the next grant, which the bar then counts.
    await grant(p, PHONE_GRANT_BET, 2);
    await playFree(p, losingStops(PHONE_GRANT_BET));
    await p.waitForSelector('[data-dialog="free-rounds-done"]');
    expect(await p.textContent('[data-dialog="free-rounds-done"]')).toContain("Next: 2 free rounds at 0.30 EUR.");
    await p.click('[data-test="free-rounds-ok"]');
    await waitFreeIdle(p);
    expect(await freeText(p)).toBe("FREE ROUNDS: 2 left at 0.30 EUR — courtesy of the operator");
    expect((await serverSession(p)).balance).toBe(start - 150);
    expect(pageErrors).toEqual([]);
    await p.close();
  });
});
