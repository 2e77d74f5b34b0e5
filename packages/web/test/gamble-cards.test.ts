/**
 * The double-up's strip is the player's SESSION's, not the tab's (40 Mystic Gem's sheet: "The
 * last five cards of the player's session are saved"): a second tab of the same session (the
 * token copied, nothing else of the first tab's storage) opens Bewitched's double and shows
 * the cards the first tab turned over, latest first, as GET /gamble-cards answers them.
 * Real Chromium, real server (test mode, SQLite); cards forced through the QA hook.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { searchStops } from "../../games/src/bewitched/test-kit.js";
import { browserSuite, DESKTOP } from "./client.js";
import { HAS_CHROMIUM, shoot } from "./harness.js";

const GAME = "bewitched";
type Outcome = Parameters<Parameters<typeof searchStops>[0]>[1];
const calm = (o: Outcome) => o.witches.length < 2 && o.merlins.length < 3;
/** One line win and nothing else: what the double stakes. */
const LINE_WIN = searchStops((_, o) => o.lineWins.length === 1 && calm(o), 15, "a single line win");
/** Card draws of the double's deck (hearts, then spades, ace to king). */
const HEART = (rank: number) => [rank - 1];
const SPADE = (rank: number) => [13 + rank - 1];

if (!HAS_CHROMIUM) console.warn("SKIPPED browser tests: /usr/bin/chromium is not installed.");

describe.skipIf(!HAS_CHROMIUM)("the double's strip is the session's (Chromium, real server)", () => {
  const { server, newPage, waitIdle, token, force, quick, pageErrors } = browserSuite();

  const strip = (p: Page) => p.locator('[data-test="gamble"] .gamble-history .mini').allTextContents();

  /** A line win, DOUBLE, then `guesses` red/black presses (each on the forced card), then COLLECT if the table still asks. */
  async function double(p: Page, cards: number[][], guesses: ("red" | "black")[]): Promise<void> {
    await force(p, LINE_WIN, ...cards);
    await p.click('[data-test="spin"]');
    await p.locator('[data-test="double-offer"]').waitFor({ state: "visible", timeout: 20_000 });
    await p.click('[data-test="double-start"]');
    for (const [n, guess] of guesses.entries()) {
      await p.waitForSelector('[data-test="gamble"].choosing');
      // A press within 250 ms of the last one is the same burst (press-guard.ts).
      await p.waitForTimeout(300);
      await p.click(`[data-test="gamble-${guess}"]`);
      await p.waitForFunction(
        (k) => document.querySelectorAll('[data-test="gamble"] .gamble-history .mini').length >= k,
        Math.min(n + 1, 5),
      );
    }
    await p.waitForSelector('[data-test="gamble"].choosing');
    await p.waitForTimeout(300);
    await p.click('[data-test="gamble-collect"]');
    await waitIdle(p, 60_000);
  }

  it("a second tab of the same session shows the first tab's cards; the server lists the same five", async () => {
    const a = await newPage(DESKTOP);
    await a.goto(`${server.url}/#/play/${GAME}`);
    await a.click('[data-dialog="witch-choice"] [data-test="witch-morgana"]');
    await waitIdle(a);
    await quick(a);
    await double(a, [HEART(1), SPADE(13), HEART(4)], ["red", "black", "red"]);
    const session = await a.evaluate(() => sessionStorage.getItem("reelhouse.session"));
    const listed = await server.api("GET", `/api/v1/gamble-cards/${GAME}`, { token: await token(a) });
    expect(listed.cards.map((c: { rank: number; suit: string }) => `${c.rank}${c.suit[0]}`)).toEqual(["4h", "13s", "1h"]);

    // Tab B: the same session (its token), none of tab A's stored cards.
    const b = await newPage(DESKTOP);
    await b.addInitScript((value) => {
      if (value && !sessionStorage.getItem("reelhouse.session")) sessionStorage.setItem("reelhouse.session", value);
    }, session);
    await b.goto(`${server.url}/#/play/${GAME}`);
    await waitIdle(b);
    expect(await b.evaluate(() => sessionStorage.getItem("reelhouse.cards.bewitched"))).toBeNull();
    expect(await token(b)).toBe(await token(a));
    await quick(b);
    await force(b, LINE_WIN, SPADE(2));
    await b.click('[data-test="spin"]');
    await b.locator('[data-test="double-offer"]').waitFor({ state: "visible", timeout: 20_000 });
    await b.click('[data-test="double-start"]');
    await b.waitForSelector('[data-test="gamble"].choosing');
    expect(await strip(b)).toEqual(["4♥", "K♠", "A♥"]);
    await shoot(b, "gamble-cards-01-second-tab");
    await b.waitForTimeout(300);
    await b.click('[data-test="gamble-black"]');
    await b.waitForFunction(() => document.querySelectorAll('[data-test="gamble"] .gamble-history .mini').length === 4);
    expect(await strip(b)).toEqual(["2♠", "4♥", "K♠", "A♥"]);
    await b.waitForSelector('[data-test="gamble"].choosing');
    await b.waitForTimeout(300);
    await b.click('[data-test="gamble-collect"]');
    await waitIdle(b, 60_000);

    // Back in tab A, a reload: the strip holds tab B's card too, latest first.
    await a.reload();
    await waitIdle(a);
    await a.evaluate(() => sessionStorage.removeItem("reelhouse.cards.bewitched"));
    await force(a, LINE_WIN);
    await a.click('[data-test="spin"]');
    await a.locator('[data-test="double-offer"]').waitFor({ state: "visible", timeout: 20_000 });
    await a.click('[data-test="double-start"]');
    await a.waitForSelector('[data-test="gamble"].choosing');
    expect(await strip(a)).toEqual(["2♠", "4♥", "K♠", "A♥"]);
    expect(pageErrors).toEqual([]);
    await a.close();
    await b.close();
  });
});
