/**
 * One press, one round (issue 17, points 1 and 2), in real Chromium against the real server:
 * a nervous burst of mouse clicks, of taps on a touch screen, of Enter or Space presses, and a
 * Space held down each play exactly one paid round, counted on the server (its history), not
 * on the screen. The same for BET MAX's confirmation and the gamble's RED / BLACK.
 */
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, lateClientHelpers, PHONE } from "./client.js";
import { CHROMIUM, HAS_CHROMIUM, type RunningServer, startServer } from "./harness.js";
import { losingStops, type TestBet } from "./outcomes.js";

/** The game's default bet (1.50 EUR). */
const BET: TestBet = { coinValue: 10, coinsPerLine: 1, lines: 15 };
const SPIN = '[data-test="spin"]';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (!HAS_CHROMIUM) console.warn("SKIPPED browser tests: /usr/bin/chromium is not installed.");

describe.skipIf(!HAS_CHROMIUM)("one press, one round (Chromium, real server)", () => {
  let server: RunningServer;
  let browser: Browser;
  let desktop: BrowserContext;
  let touch: BrowserContext;
  const h = lateClientHelpers(
    () => server,
    () => desktop,
  );
  const { newPage, openGame, waitIdle, force, token, serverSession, pageErrors } = h;

  beforeAll(async () => {
    server = await startServer();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--autoplay-policy=no-user-gesture-required"],
    });
    desktop = await browser.newContext({ viewport: DESKTOP });
    touch = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The rounds the server holds for the page's player (every round, paid or not). */
  const rounds = async (p: Page): Promise<number> =>
    (await server.api("GET", "/api/v1/history?limit=100", { token: await token(p) })).rounds.length;

  /** Counts the round starts the page sends from now on. */
  function countStarts(p: Page): () => number {
    let starts = 0;
    p.on("request", (r) => {
      if (r.method() === "POST" && /\/api\/v1\/games\/[^/]+\/rounds$/.test(r.url())) starts++;
    });
    return () => starts;
  }

  /**
   * Runs `press` (one click, tap or key) 5 times about 110 ms apart, then waits until the
   * screen rests and a little more (a second round would have started by then), and checks
   * the server played exactly one round and debited exactly one bet.
   */
  async function oneRound(p: Page, press: () => Promise<void>, times = 5, gapMs = 110): Promise<void> {
    const lose = losingStops(BET);
    // Every round it might start loses: a second one would show as a second debit.
    await force(p, lose, lose, lose);
    const before = await rounds(p);
    const balance = (await serverSession(p)).balance;
    const starts = countStarts(p);
    for (let i = 0; i < times; i++) {
      await press();
      await sleep(gapMs);
    }
    await waitIdle(p);
    await sleep(1500);
    await waitIdle(p);
    expect(starts(), "round starts sent").toBe(1);
    expect(await rounds(p), "rounds on the server").toBe(before + 1);
    expect((await serverSession(p)).balance, "one bet debited").toBe(balance - 150);
    await p.evaluate(() => (window as any).reelhouseQA.clear());
  }

  /** A fresh player at rest on the game, quick spin on (the fast slam of the issue). */
  async function ready(p: Page): Promise<void> {
    await openGame(p);
    if ((await p.getAttribute('[data-test="quick"]', "aria-pressed")) !== "true") await p.click('[data-test="quick"]');
  }

  it("a burst of 5 mouse clicks over ~500 ms on SPIN: one round, one bet", async () => {
    const p = await newPage();
    await ready(p);
    const box = (await p.locator(SPIN).boundingBox())!;
    await oneRound(p, () => p.mouse.click(box.x + box.width / 2, box.y + box.height / 2));
    // And again: the guard lets the next deliberate press play.
    await oneRound(p, () => p.mouse.click(box.x + box.width / 2, box.y + box.height / 2), 1);
    expect(pageErrors).toEqual([]);
    await p.close();
  });

  it("5 taps on a touch screen: one round, one bet", async () => {
    const p = await touch.newPage();
    p.setDefaultTimeout(15_000);
    await ready(p);
    const box = (await p.locator(SPIN).boundingBox())!;
    await oneRound(p, () => p.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2));
    await p.close();
  });

  it("5 Enter presses and 5 Space presses: one round each, one bet each", async () => {
    const p = await newPage();
    await ready(p);
    // Each press (key down and up) takes its own round trip to the browser: a short pause keeps
    // the burst's presses well within 250 ms of each other on a loaded machine too.
    await p.focus(SPIN);
    await oneRound(p, () => p.keyboard.press("Enter"), 5, 30);
    await p.focus(SPIN);
    await oneRound(p, () => p.keyboard.press("Space"), 5, 30);
    await p.close();
  });

  it("Space held down for 3 s (31 auto-repeats): one round, one bet", async () => {
    const p = await newPage();
    await ready(p);
    // The first down is the press; each further down while held is an auto-repeat (event.repeat).
    await oneRound(p, () => p.keyboard.down("Space"), 31, 97);
    await p.keyboard.up("Space");
    await p.close();
  });

  it("BET MAX with a held or doubled Enter names the stake and does not spin it", async () => {
    const p = await newPage();
    await ready(p);
    const starts = countStarts(p);
    const before = await rounds(p);
    // Held: BET MAX opens its dialog on the first down; the repeats must not press its SPIN.
    await p.focus('[data-test="bet-max"]');
    await p.keyboard.down("Enter");
    for (let i = 0; i < 8; i++) {
      await sleep(60);
      await p.keyboard.down("Enter");
    }
    await p.keyboard.up("Enter");
    expect(await p.isVisible('[data-dialog="bet-max"]')).toBe(true);
    await p.keyboard.press("Escape");
    // Doubled: a second Enter 100 ms after the first is the same burst.
    await p.focus('[data-test="bet-max"]');
    await p.keyboard.press("Enter");
    await sleep(100);
    await p.keyboard.press("Enter");
    await sleep(1500);
    expect(starts()).toBe(0);
    expect(await rounds(p)).toBe(before);
    expect(await p.textContent('[data-test="bet"]')).toContain("7.50");
    // Read and confirmed: it spins once.
    await p.click('[data-test="bet-max"]');
    await p.waitForSelector('[data-dialog="bet-max"]');
    await sleep(500);
    await p.click('[data-test="bet-max-spin"]');
    await waitIdle(p);
    expect(starts()).toBe(1);
    expect(await rounds(p)).toBe(before + 1);
    await p.close();
  });

  it("gamble: a burst of 5 clicks on RED makes one guess, even when the answer comes within the burst", async () => {
    const p = await newPage();
    await p.goto(`${server.url}/kit.html`);
    await p.evaluate(() => (window as any).kits.ready);
    // The kit's table, with a stand-in for the server that answers each guess in 50 ms.
    await p.evaluate(() => {
      const w = window as any;
      const g = w.kits.gamble;
      w.guesses = [];
      g.open({ stake: 200, attemptsLeft: 5, history: [] });
      void (async () => {
        for (;;) {
          w.guesses.push(await g.pick());
          await new Promise((r) => setTimeout(r, 50));
          g.reveal({ suit: "hearts", rank: "Q" }, true, 400, 4);
        }
      })();
    });
    await p.locator('[data-kit="gamble"]').scrollIntoViewIfNeeded();
    await sleep(500);
    const box = (await p.locator('[data-kit="gamble"] [data-test="gamble-red"]').boundingBox())!;
    for (let i = 0; i < 5; i++) {
      await p.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await sleep(110);
    }
    await sleep(600);
    expect(await p.evaluate(() => (window as any).guesses)).toEqual(["red"]);
    // A deliberate guess after the burst is taken.
    await p.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await sleep(200);
    expect(await p.evaluate(() => (window as any).guesses)).toEqual(["red", "red"]);
    await p.close();
  });
});
