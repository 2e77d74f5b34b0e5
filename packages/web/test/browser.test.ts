/**
 * The browser client in real Chromium against the real server (`reelhouse serve`,
 * test mode, temporary SQLite). Forced outcomes come from searching the current strips
 * with the real game code (see outcomes.ts). Screenshots of every screen are saved under
 * `.artifacts/screenshots/`.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAS_CHROMIUM, type RunningServer, shoot, startBrowser, startServer } from "./harness.js";
import {
  bonusTriggerStops,
  freeSpinTriggerStops,
  lineWinStops,
  losingStops,
  PICK_PRIZES,
  pickDrawFor,
  quietFreeSpinStops,
  type TestBet,
} from "./outcomes.js";

const GAME = "mermaid-treasure";
const BET: TestBet = { coinValue: 10, coinsPerLine: 1, lines: 15 };
const TOTAL_BET = BET.coinValue * BET.coinsPerLine * BET.lines;

if (!HAS_CHROMIUM) {
  console.warn("SKIPPED browser tests: /usr/bin/chromium is not installed (apt-get install chromium; CI installs it).");
}

describe.skipIf(!HAS_CHROMIUM)("browser client (Chromium, real server)", () => {
  let server: RunningServer;
  let browser: Awaited<ReturnType<typeof startBrowser>>;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await startBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A fresh tab: its own sessionStorage, so a fresh demo player. */
  async function newPage(viewport = { width: 1366, height: 768 }): Promise<Page> {
    const p = await browser.context.newPage();
    await p.setViewportSize(viewport);
    p.on("pageerror", (e) => pageErrors.push(e.message));
    return p;
  }

  async function openGame(p: Page, path = "/"): Promise<void> {
    await p.goto(`${server.url}${path}`);
    if (!path.includes("#/play/")) await p.click(`[data-test="play-${GAME}"]`);
    await waitIdle(p);
  }

  const waitIdle = (p: Page, timeout = 30_000) =>
    p.waitForFunction(
      () => {
        const spin = document.querySelector<HTMLButtonElement>('[data-test="spin"]');
        return spin?.dataset.state === "idle" && spin.textContent === "SPIN" && !spin.disabled;
      },
      null,
      { timeout },
    );

  const token = (p: Page) => p.evaluate(() => JSON.parse(sessionStorage.getItem("reelhouse.session") ?? "{}").token as string);
  const serverSession = async (p: Page) => server.api("GET", "/api/v1/session", { token: await token(p) });
  const shownMinor = async (p: Page, test: "balance" | "win") =>
    Number(await p.getAttribute(`[data-test="${test}"]`, "data-minor"));
  const force = (p: Page, ...draws: number[][]) => p.evaluate((d) => (window as any).reelhouseQA.forceNext(...d), draws);
  const quick = async (p: Page) => {
    if ((await p.getAttribute('[data-test="quick"]', "aria-pressed")) !== "true") await p.click('[data-test="quick"]');
  };

  it("lobby, one-click demo play, a spin with a line win, balance equal to the server's, 60 fps reels", async () => {
    page = await newPage();
    await page.goto(server.url);
    await page.waitForSelector(`[data-test="play-${GAME}"]`);
    expect(await page.textContent(`[data-game="${GAME}"] h2`)).toBe("Mermaid Treasure");
    await shoot(page, "01-lobby");
    await page.click(`[data-test="play-${GAME}"]`);
    await waitIdle(page);
    await shoot(page, "02-game");

    const start = (await serverSession(page)).balance as number;
    expect(await shownMinor(page, "balance")).toBe(start);
    expect(await page.textContent('[data-test="bet"]')).toBe("€1.50");
    expect(await page.textContent('[data-test="bet-coins"]')).toBe("15 coins");

    await force(page, lineWinStops(BET));
    await page.click('[data-test="spin"]');
    await page.waitForFunction(() => document.querySelector('[data-test="spin"]')?.textContent === "STOP");
    // Frame rate while the reels spin (requestAnimationFrame callbacks in one second).
    const fps = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let frames = 0;
          const started = performance.now();
          const tick = (now: number) => {
            frames++;
            if (now - started < 1000) requestAnimationFrame(tick);
            else resolve((frames * 1000) / (now - started));
          };
          requestAnimationFrame(tick);
        }),
    );
    console.log(`reel spin: ${fps.toFixed(1)} frames/s`);
    expect(fps).toBeGreaterThan(30);
    await waitIdle(page);
    await page.waitForTimeout(250);
    await shoot(page, "03-line-win");

    const after = (await serverSession(page)).balance as number;
    const win = await shownMinor(page, "win");
    expect(win).toBeGreaterThan(0);
    expect(await shownMinor(page, "balance")).toBe(after);
    expect(after).toBe(start - TOTAL_BET + win);
    expect(await page.textContent('[data-test="win-coins"]')).toBe(`${(win / BET.coinValue).toLocaleString("en")} coins`);
  });

  it("space spins and STOP slams the reels; the count-up SKIP ends at the exact win", async () => {
    const lose = losingStops(BET);
    /** Seconds from STOP on view to the reels at rest, with or without a slam. */
    const spinTime = async (slam: boolean) => {
      await force(page, lose);
      await page.keyboard.press("Space");
      await page.waitForFunction(() => document.querySelector('[data-test="spin"]')?.textContent === "STOP");
      const started = Date.now();
      if (slam) await page.keyboard.press("Space");
      await waitIdle(page);
      return Date.now() - started;
    };
    const before = await shownMinor(page, "balance");
    const normal = await spinTime(false);
    const slammed = await spinTime(true);
    console.log(`spin to rest: ${normal} ms normal, ${slammed} ms slammed`);
    expect(slammed).toBeLessThan(normal);
    expect(await shownMinor(page, "balance")).toBe(before - 2 * TOTAL_BET);
    expect((await serverSession(page)).balance).toBe(before - 2 * TOTAL_BET);
    await force(page, lineWinStops(BET));

    // A win: slam, then SKIP the count-up; the meter lands on the server's amount.
    await page.click('[data-test="spin"]');
    await page.waitForFunction(() => document.querySelector('[data-test="spin"]')?.textContent === "STOP");
    await page.click('[data-test="spin"]');
    await page.waitForFunction(() => document.querySelector('[data-test="spin"]')?.textContent === "SKIP", null, {
      timeout: 10_000,
    });
    await page.click('[data-test="spin"]');
    await waitIdle(page);
    const history = await server.api("GET", "/api/v1/history?limit=1", { token: await token(page) });
    expect(await shownMinor(page, "win")).toBe(history.rounds[0].totalWin);
    expect(await shownMinor(page, "balance")).toBe((await serverSession(page)).balance);
  });

  it("paytable in coins and currency at the current bet, game lines, rules and settings", async () => {
    const description = await server.api("GET", `/api/v1/games/${GAME}`);
    await page.click('[data-test="coins-up"]'); // 2 coins per line
    expect(await page.textContent('[data-test="bet"]')).toBe("€3.00");
    await page.click('[data-test="paytable"]');
    await page.waitForSelector('[data-dialog="paytable"]');
    const neptune5 = description.paytable.lines.NEPTUNE[4] * 2;
    const cardText = await page.textContent('[data-dialog="paytable"] [data-symbol="NEPTUNE"]');
    expect(cardText).toContain(`${neptune5.toLocaleString("en")} coins`);
    const euros = (neptune5 * BET.coinValue) / 100;
    expect(cardText).toContain(`€${euros.toLocaleString("en", { minimumFractionDigits: 2 })}`);
    expect(await page.textContent('[data-dialog="paytable"] [data-symbol="MERMAID"]')).toContain("× total bet");
    await shoot(page, "04-paytable");
    await page.click('[data-test="dialog-close"]');

    await page.click('[data-test="lines-info"]');
    await page.waitForSelector('[data-dialog="lines"]');
    expect(await page.locator('[data-dialog="lines"] figure').count()).toBe(description.lines.length);
    await shoot(page, "05-lines");
    await page.click('[data-test="dialog-close"]');

    await page.click('[data-test="rules"]');
    await page.waitForSelector('[data-dialog="rules"]');
    expect(await page.textContent('[data-dialog="rules"]')).toContain("96.56%");
    await shoot(page, "06-rules");
    await page.keyboard.press("Escape");

    // Sound: the toggle mutes, the volume is kept.
    await page.click('[data-test="sound"]');
    expect(await page.getAttribute('[data-test="sound"]', "aria-pressed")).toBe("false");
    await page.click('[data-test="sound"]');
    expect(await page.getAttribute('[data-test="sound"]', "aria-pressed")).toBe("true");
    await page.fill('[data-test="volume"]', "35");
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("reelhouse.settings") ?? "{}").volume)).toBe(0.35);
    expect(await page.evaluate(() => typeof AudioContext)).toBe("function");

    await page.click('[data-test="settings"]');
    await page.waitForSelector('[data-dialog="settings"]');
    await shoot(page, "07-settings");
    await page.keyboard.press("Escape");
    await page.click('[data-test="coins-down"]');
    expect(await page.textContent('[data-test="bet"]')).toBe("€1.50");
  });

  it("history lists rounds with bet, win and balance after; a round replays step by step, marked REPLAY", async () => {
    await page.click('[data-test="history"]');
    await page.waitForSelector('[data-test="history-rounds"] tr[data-round]');
    const history = await server.api("GET", "/api/v1/history?limit=50", { token: await token(page) });
    const rows = page.locator('[data-test="history-rounds"] tr[data-round]');
    expect(await rows.count()).toBe(history.rounds.length);
    const first = history.rounds[0];
    const firstRow = await rows.first().textContent();
    expect(firstRow).toContain(`€${(first.balanceAfter / 100).toLocaleString("en", { minimumFractionDigits: 2 })}`);
    await shoot(page, "08-history");

    const winning = history.rounds.find((r: { totalWin: number }) => r.totalWin > 0);
    await page.click(`[data-replay="${winning.roundId}"]`);
    await page.waitForSelector('[data-test="replay-ribbon"]', { state: "visible" });
    expect(await page.textContent('[data-test="replay-ribbon"]')).toBe("REPLAY");
    await page.waitForFunction(
      () => !(document.querySelector('[data-test="replay-next"]') as HTMLButtonElement).disabled || true,
    );
    await page.waitForTimeout(2500);
    await shoot(page, "09-replay");
    expect(await page.textContent('[data-test="replay-step"]')).toContain("Step 1 of");
    expect(await shownMinor(page, "win")).toBe(winning.totalWin);
    await page.click('[data-test="replay-exit"]');
    await waitIdle(page);
  });

  it("autoplay needs a loss limit, shows STOP n/N, stops on the exact spin the loss limit is reached, and never plays a feature", async () => {
    const p = await newPage();
    await openGame(p);
    await quick(p);
    const lose = losingStops(BET);
    await force(p, lose, lose, lose, lose, lose);
    await p.click('[data-test="autoplay"]');
    await p.waitForSelector('[data-dialog="autoplay"]');
    await p.click('[data-test="ap-start"]');
    expect(await p.textContent('[data-test="ap-error"]')).toContain("loss limit");
    await p.selectOption('[data-test="ap-spins"]', "10");
    await p.fill('[data-test="ap-loss"]', ((3 * TOTAL_BET) / 100).toFixed(2));
    await shoot(p, "10-autoplay-dialog");
    await p.click('[data-test="ap-start"]');
    await p.waitForFunction(() => /^STOP \d+\/10$/.test(document.querySelector('[data-test="spin"]')?.textContent ?? ""));
    await shoot(p, "11-autoplay-running");
    await p.waitForSelector('[data-dialog="autoplay-stopped"]', { timeout: 30_000 });
    expect(await p.getAttribute('[data-test="ap-reason"]', "data-reason")).toBe("lossLimit");
    expect(await p.textContent('[data-dialog="autoplay-stopped"]')).toContain("3 of 10");
    expect(await p.textContent('[data-test="ap-result"]')).toBe(`-€${((3 * TOTAL_BET) / 100).toFixed(2)}`);
    await shoot(p, "12-autoplay-stopped");
    await p.keyboard.press("Escape");
    await waitIdle(p);
    expect(await shownMinor(p, "balance")).toBe((await serverSession(p)).balance);

    // A feature stops autoplay and waits: the pick screen does not pick by itself.
    await p.evaluate(() => (window as any).reelhouseQA.clear()); // 2 losing spins were left unused
    await force(p, lose, bonusTriggerStops(BET, 3), [0], [0], [0]);
    await p.click('[data-test="autoplay"]');
    await p.fill('[data-test="ap-loss"]', "100");
    await p.click('[data-test="ap-start"]');
    await p.waitForSelector(".pick-screen.choosing", { timeout: 20_000 });
    await p.waitForTimeout(1500);
    expect(await p.locator(".pick-object.open").count()).toBe(0);
    for (const object of [1, 2, 3]) {
      await p.waitForSelector(".pick-screen.choosing");
      await p.click(`.pick-object[data-object="${object}"]`);
      await p.waitForSelector(`.pick-object[data-object="${object}"].open`);
    }
    await p.waitForSelector('[data-dialog="autoplay-stopped"]', { timeout: 20_000 });
    expect(await p.getAttribute('[data-test="ap-reason"]', "data-reason")).toBe("feature");
    expect(await p.textContent('[data-dialog="autoplay-stopped"]')).toContain("2 of 10");
    await p.keyboard.press("Escape");
    await waitIdle(p);
    expect(await shownMinor(p, "balance")).toBe((await serverSession(p)).balance);
    await p.close();
  });

  it("free spins: intro, counter with ×3, reload mid-series resumes where it stood, outro, balance settled", async () => {
    const p = await newPage();
    await openGame(p);
    await quick(p);
    const trigger = freeSpinTriggerStops(BET);
    const quiet = quietFreeSpinStops(trigger.step.state, 10);
    await force(p, trigger.stops, ...quiet);
    await p.click('[data-test="spin"]');
    await p.waitForSelector('[data-test="fs-intro"]', { timeout: 20_000 });
    expect(await p.textContent('[data-test="fs-intro"]')).toContain("10 FREE SPINS");
    await shoot(p, "13-free-spins-intro");
    await p.click('[data-test="fs-intro"] button');
    await p.waitForFunction(() => Number(document.querySelector('[data-test="fs-played"]')?.textContent) >= 2, null, {
      timeout: 20_000,
    });
    expect(await p.textContent('[data-test="fs-counter"]')).toContain("×3");
    await shoot(p, "14-free-spins-counter");

    await p.reload();
    await p.waitForSelector('[data-test="fs-intro"]', { timeout: 20_000 });
    expect(await p.textContent('[data-test="fs-intro"]')).toContain("FREE SPINS IN PROGRESS");
    const open = await server.api("GET", "/api/v1/rounds/open", { token: await token(p) });
    expect(open.rounds).toHaveLength(1);
    expect(Number(await p.textContent('[data-test="fs-played"]'))).toBe(open.rounds[0].awaiting.played);
    expect(Number(await p.textContent('[data-test="fs-awarded"]'))).toBe(10);
    expect(await shownMinor(p, "win")).toBe(open.rounds[0].totalWin);
    await shoot(p, "15-free-spins-resumed");

    await force(p, ...quiet);
    await p.click('[data-test="fs-intro"] button');
    await p.waitForSelector('[data-test="fs-outro"]', { timeout: 40_000 });
    // The counter's running free-spin win agrees with the server's series total in the outro.
    const outroWin = /€[\d,.]+/.exec((await p.textContent('[data-test="fs-outro"]')) ?? "")?.[0];
    expect(await p.textContent('[data-test="fs-counter"] .fs-win')).toBe(outroWin);
    await shoot(p, "16-free-spins-outro");
    await waitIdle(p, 20_000);
    const history = await server.api("GET", "/api/v1/history?limit=1", { token: await token(p) });
    expect(history.rounds[0].status).toBe("completed");
    expect(await shownMinor(p, "win")).toBe(history.rounds[0].totalWin);
    expect(await shownMinor(p, "balance")).toBe((await serverSession(p)).balance);
    await p.close();
  });

  it("Treasure pick: 12 clams, prizes from the server, reload mid-pick resumes with the opened clam, bonus paid", async () => {
    const p = await newPage();
    await openGame(p);
    await quick(p);
    const [small, second, top] = [PICK_PRIZES[0], PICK_PRIZES[1], PICK_PRIZES[PICK_PRIZES.length - 1]] as [
      number,
      number,
      number,
    ];
    await force(p, bonusTriggerStops(BET, 3), [pickDrawFor(top)]);
    await p.click('[data-test="spin"]');
    await p.waitForSelector(".pick-screen.choosing", { timeout: 20_000 });
    expect(await p.locator(".pick-object").count()).toBe(12);
    expect(await p.textContent('[data-test="pick-status"]')).toContain("PICK 3");
    await shoot(p, "17-pick");
    await p.click('.pick-object[data-object="4"]');
    await p.waitForSelector('.pick-object[data-object="4"].open');
    const coinsPerCoin = top;
    expect(await p.textContent('.pick-object[data-object="4"] .pick-prize')).toBe(
      `€${((coinsPerCoin * BET.coinsPerLine * BET.coinValue) / 100).toFixed(2)}`,
    );
    // No unopened clam carries a prize: the server never sent one.
    expect(await p.locator(".pick-object:not(.open) .pick-prize:not(:empty)").count()).toBe(0);

    await p.reload();
    await p.waitForSelector(".pick-screen.choosing", { timeout: 20_000 });
    expect(await p.locator(".pick-object.open").count()).toBe(1);
    expect(await p.getAttribute(".pick-object.open", "data-object")).toBe("4");
    expect(await p.textContent('[data-test="pick-status"]')).toContain("PICK 2");
    await shoot(p, "18-pick-resumed");

    await force(p, [pickDrawFor(small)], [pickDrawFor(second)]);
    // The connection drops after the server committed this pick: the client retries with the
    // same requestId and gets the committed answer, so the prize is shown and paid once.
    let dropped = 0;
    await p.route("**/api/v1/rounds/*/actions", async (route) => {
      if (dropped > 0) return route.continue();
      dropped++;
      await route.fetch();
      await route.abort("connectionreset");
    });
    await p.click('.pick-object[data-object="0"]');
    await p.waitForSelector('.pick-object[data-object="0"].open');
    expect(dropped).toBe(1);
    await p.unroute("**/api/v1/rounds/*/actions");
    await p.waitForSelector(".pick-screen.choosing");
    await p.click('.pick-object[data-object="11"]');
    await p.waitForFunction(() => document.querySelector('[data-test="pick-status"]')?.textContent?.includes("BONUS COMPLETE"));
    await shoot(p, "19-pick-complete");
    await waitIdle(p, 20_000);
    const history = await server.api("GET", "/api/v1/history?limit=1", { token: await token(p) });
    const round = history.rounds[0];
    expect(round.status).toBe("completed");
    expect(await shownMinor(p, "win")).toBe(round.totalWin);
    const bonus = (top + small + second) * BET.coinsPerLine * BET.coinValue;
    expect(await p.textContent('[data-test="pick-total"]')).toContain(`€${(bonus / 100).toFixed(2)}`);
    expect(round.totalWin).toBeGreaterThanOrEqual(bonus);
    expect(await shownMinor(p, "balance")).toBe((await serverSession(p)).balance);

    // The same round replayed step by step: the spin, then each pick opening its clam.
    await p.click('[data-test="history"]');
    await p.click(`[data-replay="${round.roundId}"]`);
    await p.waitForSelector('[data-test="replay-ribbon"]', { state: "visible" });
    await p.waitForSelector(".mt-stage.replay .pick-screen:not(.hidden)", { timeout: 15_000 });
    for (const step of [2, 3, 4]) {
      await p.waitForSelector('[data-test="replay-next"]:not([disabled])', { timeout: 15_000 });
      await p.click('[data-test="replay-next"]');
      await p.waitForFunction(
        (n) => document.querySelector('[data-test="replay-step"]')?.textContent?.startsWith(`Step ${n} of 4`),
        step,
      );
      if (step === 3) {
        await p.waitForSelector(".pick-object.open >> nth=1");
        await shoot(p, "24-replay-pick");
      }
    }
    await p.waitForFunction(
      () => document.querySelector('[data-test="replay-step"]')?.textContent?.endsWith("end of round"),
      null,
      {
        timeout: 15_000,
      },
    );
    expect(await shownMinor(p, "win")).toBe(round.totalWin);
    expect(await p.isHidden(".pick-screen")).toBe(true); // the bonus screen closed at its end
    await p.click('[data-test="replay-exit"]');
    await waitIdle(p);
    await p.close();
  });

  it("phone portrait layout: stage, HUD and spin button fit the screen", async () => {
    const p = await newPage({ width: 390, height: 844 });
    await openGame(p);
    const spin = await p.locator('[data-test="spin"]').boundingBox();
    const canvas = await p.locator(".reel-canvas").boundingBox();
    expect(spin && spin.y + spin.height).toBeLessThanOrEqual(844);
    expect(canvas && canvas.x >= 0 && canvas.x + canvas.width <= 390).toBe(true);
    await shoot(p, "21-phone-portrait");
    await force(p, bonusTriggerStops(BET, 3));
    await quick(p);
    await p.click('[data-test="spin"]');
    await p.waitForSelector(".pick-screen.choosing", { timeout: 20_000 });
    await shoot(p, "22-phone-pick");
    await p.close();
  });

  it("GB profile: no autoplay, no quick spin, no slam stop", async () => {
    const player = await server.api("POST", "/api/v1/admin/players", {
      admin: true,
      body: { name: "GB player", jurisdiction: "GB" },
    });
    await server.api("POST", `/api/v1/admin/players/${player.id}/adjustments`, {
      admin: true,
      body: { amount: 5000, reason: "test funds" },
    });
    const { launchToken } = await server.api("POST", `/api/v1/admin/players/${player.id}/launch-tokens`, {
      admin: true,
      body: {},
    });
    const p = await newPage();
    await openGame(p, `/?launch=${launchToken}#/play/${GAME}`);
    expect(await p.isHidden('[data-test="autoplay"]')).toBe(true);
    expect(await p.isHidden('[data-test="quick"]')).toBe(true);
    await force(p, losingStops(BET));
    await p.click('[data-test="spin"]');
    await p.waitForFunction(() => document.querySelector<HTMLButtonElement>('[data-test="spin"]')?.disabled === true);
    expect(await p.textContent('[data-test="spin"]')).toBe("SPIN");
    await shoot(p, "23-gb-profile");
    await waitIdle(p);
    expect(await shownMinor(p, "balance")).toBe(5000 - TOTAL_BET);
    await p.close();
  });

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([]);
  });
});
