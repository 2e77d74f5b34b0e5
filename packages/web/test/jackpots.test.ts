/**
 * The shell's shared jackpot notices in real Chromium against the real server (`reelhouse
 * serve`, test mode, SQLite): two players have the client open; one wins the Mona Lisa
 * Jewels progressive (a forced spin through the API, in test mode, with that page's own
 * session), the other sees the winner toast with the amount and a masked name, and the
 * winner's page shows the celebration. Desktop 1440 x 900 and phone portrait 390 x 844.
 * (The ticker needs a game client that declares jackpots: Mona Lisa Jewels' client, to come;
 * the two-player ticker test is then added here.)
 */

import { describe, expect, it } from "vitest";
import type { Cell } from "../../games/src/mona-lisa-jewels/test-kit.js";
import { BASE, grid, mustStops } from "../../games/src/mona-lisa-jewels/test-kit.js";
import { formatMoney } from "../src/format.js";
import { browserSuite, DESKTOP, PHONE } from "./client.js";
import { HAS_CHROMIUM, shoot } from "./harness.js";
import { realLaunchToken } from "./real-player.js";

const MONA = "mona-lisa-jewels";
const MAX_BET = { coinValue: 20, coinsPerLine: 10, lines: 25 };
const PLAIN: Cell = { not: ["SCATTER", "JEWEL", "WILD", "JACKPOT"] };
/** 5 JACKPOT along the top row (line 2) at max bet: the progressive (as in the game's rules tests). */
const JACKPOT_STOPS = mustStops(
  BASE,
  grid(PLAIN, ...Array.from({ length: 5 }, (_, r) => [r, 0, "JACKPOT"] as const), [2, 1, { not: ["SCATTER", "JEWEL", "WILD"] }]),
  "5 JACKPOT on line 2",
);

if (!HAS_CHROMIUM) console.warn("SKIPPED browser tests: /usr/bin/chromium is not installed.");

describe.skipIf(!HAS_CHROMIUM)("jackpot notices (Chromium, real server)", () => {
  const { server, newPage, openGame, token, pageErrors } = browserSuite();

  it("two players on Mona Lisa Jewels: the ticker shows the pool at the bet, drops at once when the other player wins", async () => {
    const watcher = await newPage(PHONE);
    await watcher.goto(server.url);
    await watcher.waitForSelector('[data-test="lobby-games"] [data-test^="play-"]');
    expect(await watcher.locator(`[data-test="play-${MONA}"]:not([disabled])`).count()).toBe(1);
    // A real-money watcher: a demo player's ticker shows demo play's own pools, which the operator's top-up does not move.
    await openGame(watcher, `/?launch=${await realLaunchToken(server)}#/play/${MONA}`);
    const value = watcher.locator('[data-role="jackpot-ticker"] [data-role="jackpot-ticker-value"][data-pool="progressive"]');
    await value.waitFor({ state: "visible", timeout: 10_000 });
    // The pool grows by an operator top-up of 10,000 EUR: at the watcher's bet the shown share grows at once.
    const amount = async () => Number(await value.getAttribute("data-amount"));
    const before = await amount();
    expect(before).toBeGreaterThan(0);
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
    await watcher.waitForFunction(
      ([selector, was]) => Number(document.querySelector(selector as string)?.getAttribute("data-amount")) > (was as number),
      ['[data-role="jackpot-ticker-value"][data-pool="progressive"]', before] as const,
      { timeout: 10_000 },
    );
    const grown = await amount();
    await shoot(watcher, "jackpot-ticker-phone");
    // Another player wins the progressive: the watcher's toast, and the ticker back down at once.
    const winner = await newPage(DESKTOP);
    await winner.goto(server.url);
    // A real-money player (a demo player's wins reach neither the real pools nor anyone's feed).
    const session = await server.api("POST", "/api/v1/sessions", { body: { launchToken: await realLaunchToken(server) } });
    await server.api("POST", `/api/v1/games/${MONA}/rounds`, {
      token: session.token,
      body: { bet: MAX_BET, requestId: crypto.randomUUID(), force: { draws: JACKPOT_STOPS } },
    });
    await watcher.locator('[data-role="jackpot-toast"]').first().waitFor({ state: "visible", timeout: 10_000 });
    await watcher.waitForFunction(
      ([selector, was]) => Number(document.querySelector(selector as string)?.getAttribute("data-amount")) < (was as number),
      ['[data-role="jackpot-ticker-value"][data-pool="progressive"]', grown] as const,
      { timeout: 2_500 },
    );
    expect(await amount()).toBeLessThanOrEqual(before + 1);
    await shoot(watcher, "jackpot-ticker-reset-phone");
    await winner.close();
    await watcher.close();
  }, 120_000);

  it("a win by one player: the other sees the toast, the winner the celebration (desktop and phone portrait)", async () => {
    const watcher = await newPage(DESKTOP);
    const winner = await newPage(PHONE);
    await openGame(watcher);
    // The winner plays real money (a demo player's wins reach neither the real pools nor anyone's feed).
    await openGame(winner, `/?launch=${await realLaunchToken(server)}`);
    // Both feeds are open before the win (the stream answers `ready` first).
    for (const p of [watcher, winner])
      await p.waitForSelector('[data-role="jackpot-toasts"][data-feed="open"]', { state: "attached" });
    await new Promise((r) => setTimeout(r, 500));

    const won = await server.api("POST", `/api/v1/games/${MONA}/rounds`, {
      token: await token(winner),
      body: { bet: MAX_BET, requestId: crypto.randomUUID(), force: { draws: JACKPOT_STOPS } },
    });
    const jackpot = (won.events as { type: string; amount?: number }[]).find((e) => e.type === "jackpotWon") ?? null;
    expect(won.totalWin, JSON.stringify(won.events)).toBeGreaterThan(0);
    const amountText = (minor: number) => formatMoney(minor, "EUR");

    // The watcher: a toast with the masked name and the pool's payout.
    const toast = watcher.locator('[data-role="jackpot-toast"]').first();
    await toast.waitFor({ state: "visible", timeout: 10_000 });
    const toastText = await toast.textContent();
    expect(toastText).toContain("JACKPOT");
    expect(toastText).toContain("Mona Lisa Jewels");
    expect(toastText).toMatch(/P\*\*\*r won/);
    const paid = await toast.locator('[data-role="jackpot-toast-amount"]').textContent();
    // On top of the game screen, and opaque (the slide-in animation never starts it transparent).
    const shown = await toast.evaluate((t) => {
      const r = t.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return { onTop: t === top || t.contains(top), opacity: getComputedStyle(t).opacity };
    });
    expect(shown).toEqual({ onTop: true, opacity: "1" });
    await shoot(watcher, "jackpot-toast-desktop");

    // The winner: the celebration, same amount, dismissed by the player.
    const celebration = winner.locator('[data-role="jackpot-celebration"]');
    await celebration.waitFor({ state: "visible", timeout: 10_000 });
    expect(await celebration.locator('[data-role="jackpot-celebration-amount"]').textContent()).toBe(paid);
    if (jackpot?.amount !== undefined) expect(paid).toBe(amountText(jackpot.amount));
    const box = await celebration.locator(".jackpot-celebration-card").boundingBox();
    expect(box && box.width <= PHONE.width).toBe(true);
    await shoot(winner, "jackpot-celebration-phone");
    // The winner gets no toast of their own win; the watcher no celebration.
    expect(await winner.locator('[data-role="jackpot-toast"]').count()).toBe(0);
    expect(await watcher.locator('[data-role="jackpot-celebration"]').count()).toBe(0);
    await winner.click('[data-role="jackpot-celebration-close"]');
    await celebration.waitFor({ state: "detached" });

    // A reload replays nothing to celebrate twice: the feed starts from the last win.
    await winner.reload();
    await new Promise((r) => setTimeout(r, 1500));
    expect(await winner.locator('[data-role="jackpot-celebration"]').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
