/**
 * The game number and the clock at the bottom of every game screen (40 Mystic Gem's sheet:
 * "At the bottom of the game screen, the player can also see the game number and the
 * clock"), filled by the shell for any game: the clock ticks every second and stops when the
 * screen is left; the game number is empty before the first round, then the id of the round
 * just played, the same id the history lists. Real Chromium, real server (test mode, SQLite).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite, DESKTOP, PHONE, PHONE_LANDSCAPE } from "./client.js";
import { HAS_CHROMIUM, shoot } from "./harness.js";
import { losingStops, type TestBet } from "./outcomes.js";

const BET: TestBet = { coinValue: 10, coinsPerLine: 1, lines: 15 };

if (!HAS_CHROMIUM) console.warn("SKIPPED browser tests: /usr/bin/chromium is not installed.");

describe.skipIf(!HAS_CHROMIUM)("HUD: game number and clock (Chromium, real server)", () => {
  const { server, newPage, waitIdle, openGame, token, force, quick, openPanel, pageErrors } = browserSuite();

  const text = (p: Page, test: string) => p.locator(`[data-test="${test}"]`).textContent();

  async function spin(p: Page): Promise<void> {
    await force(p, losingStops(BET));
    await p.click('[data-test="spin"]');
    await p.waitForFunction(() => document.querySelector<HTMLElement>('[data-test="spin"]')?.dataset.state !== "idle");
    await waitIdle(p);
  }

  it("the clock shows the local time and ticks; the game number follows each round and is the id history shows; both stop with the screen", async () => {
    const p = await newPage(DESKTOP);
    await openGame(p, "/#/play/mermaid-treasure");
    await quick(p);
    expect(await p.isVisible('[data-test="clock"]')).toBe(true);
    expect(await p.isVisible('[data-test="hud-info"]')).toBe(true);
    const first = (await text(p, "clock")) ?? "";
    expect(first).toMatch(/^\d\d:\d\d:\d\d$/);
    // The browser's own local time, to the second (allowing for the second turning meanwhile).
    const local = await p.evaluate(() => {
      const d = new Date();
      return d.getHours() * 3600 + d.getMinutes() * 60 + d.getSeconds();
    });
    const [h, m, s] = first.split(":").map(Number) as [number, number, number];
    expect((local - (h * 3600 + m * 60 + s) + 86_400) % 86_400).toBeLessThanOrEqual(2);
    await p.waitForFunction((was) => document.querySelector('[data-test="clock"]')?.textContent !== was, first, {
      timeout: 2500,
    });
    // Empty before the first round.
    expect(await text(p, "game-number")).toBe("");

    await spin(p);
    const history = async () =>
      (await server.api("GET", "/api/v1/history?limit=1", { token: await token(p) })).rounds[0].roundId as string;
    const one = await history();
    expect(await text(p, "game-number")).toBe(one);
    await spin(p);
    const two = await history();
    expect(two).not.toBe(one);
    expect(await text(p, "game-number")).toBe(two);
    // The history dialog's latest round is the same number.
    await openPanel(p, "history");
    await p.waitForSelector('[data-test="history-rounds"] tr[data-round]');
    expect(await p.getAttribute('[data-test="history-rounds"] tr[data-round]', "data-round")).toBe(two);
    await shoot(p, "hud-01-history-game-number");
    await p.keyboard.press("Escape");
    await shoot(p, "hud-02-game-number-clock");

    // Leaving the screen stops the clock: the element, kept aside, no longer changes.
    const clock = await p.evaluateHandle(() => document.querySelector('[data-test="clock"]') as HTMLElement);
    await p.click('[data-test="lobby"]');
    await p.waitForSelector('[data-test="play-mermaid-treasure"]');
    const left = await clock.evaluate((el) => el.textContent);
    await p.waitForTimeout(2200);
    expect(await clock.evaluate((el) => el.textContent)).toBe(left);
    expect(await p.locator('[data-test="clock"]').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await p.close();
  });

  it("both show inside the screen on a phone, portrait and landscape", async () => {
    for (const [viewport, name] of [
      [PHONE, "portrait"],
      [PHONE_LANDSCAPE, "landscape"],
    ] as const) {
      const p = await newPage(viewport);
      await openGame(p, "/#/play/mermaid-treasure");
      await quick(p);
      await spin(p);
      for (const test of ["game-number", "clock"]) {
        const box = await p.locator(`[data-test="${test}"]`).boundingBox();
        expect(box, `${test} on ${name}`).not.toBeNull();
        if (!box) continue;
        expect(box.width).toBeGreaterThan(0);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
      }
      expect((await text(p, "game-number"))?.length).toBeGreaterThan(0);
      // Nothing wider than the screen.
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shoot(p, `hud-03-phone-${name}`);
      await p.close();
    }
    expect(pageErrors).toEqual([]);
  });

  it("a player holding Bonuses sees BONUSES beside BALANCE, on any game, kept current by the push channel; a player without sees none", async () => {
    const player = await server.api("POST", "/api/v1/admin/players", { admin: true, body: { name: "Bonus holder" } });
    await server.api("POST", `/api/v1/admin/players/${player.id}/adjustments`, {
      admin: true,
      body: { amount: 100_000, reason: "deposit" },
    });
    await server.api("POST", `/api/v1/admin/players/${player.id}/adjustments`, {
      admin: true,
      body: { amount: 12, unit: "bonus", reason: "welcome Bonuses" },
    });
    const { launchToken } = await server.api("POST", `/api/v1/admin/players/${player.id}/launch-tokens`, {
      admin: true,
      body: {},
    });
    const p = await newPage(DESKTOP);
    await openGame(p, `/?launch=${launchToken}#/play/mermaid-treasure`);
    expect(await text(p, "units-bonus")).toBe("12");
    expect(await p.isVisible('[data-meter="unit-bonus"]')).toBe(true);
    // The operator credits more: the account event brings it to the screen.
    await server.api("POST", `/api/v1/admin/players/${player.id}/adjustments`, {
      admin: true,
      body: { amount: 3, unit: "bonus", reason: "more Bonuses" },
    });
    await p.waitForFunction(() => document.querySelector('[data-test="units-bonus"]')?.textContent === "15", undefined, {
      timeout: 10_000,
    });
    // A round of a cash game leaves them as they are.
    await spin(p);
    expect(await text(p, "units-bonus")).toBe("15");
    await shoot(p, "hud-04-bonuses");
    await p.close();
    const demo = await newPage(DESKTOP);
    await openGame(demo, "/#/play/mermaid-treasure");
    expect(await demo.locator('[data-meter="unit-bonus"]').count()).toBe(0);
    await demo.close();
    expect(pageErrors).toEqual([]);
  });
});
