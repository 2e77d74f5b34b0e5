/**
 * The Buy Bonus panel on a real game screen (Chromium, real server, test mode): the shell
 * draws it from any game's `betSchema.buyModes`, so this test gives Mermaid Treasure's
 * description three buy modes (the page's answer to GET /games/mermaid-treasure is edited on
 * its way; no round is bought, the server would refuse a mode the game does not sell). A
 * player in a jurisdiction capped at €5.00 a spin: prices at the bet, a mode above the cap
 * disabled with the reason, ACTIVE on the button and the bet meter at the price, a stake
 * change above the cap turning it off with a message, the choice kept by the server in the
 * game's preferences (beside the keys already there) and restored after a reload.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite, DESKTOP, PHONE, PHONE_LANDSCAPE } from "./client.js";
import { HAS_CHROMIUM, shoot } from "./harness.js";

const GAME = "mermaid-treasure";
const MODES = [
  { id: "x2", label: "Double feature", priceTimesBet: 2 },
  { id: "x10", label: "Big feature", priceTimesBet: 10 },
  { id: "x2-sure", label: "Double feature, guaranteed", priceTimesBet: 3, guaranteedOf: "x2" },
];

if (!HAS_CHROMIUM) console.warn("SKIPPED browser tests: /usr/bin/chromium is not installed.");

describe.skipIf(!HAS_CHROMIUM)("Buy Bonus on the game screen (Chromium, real server)", () => {
  const { server, newPage, waitIdle, token, pageErrors } = browserSuite();

  /** The game's description with buy modes added to its bet schema. */
  async function withBuyModes(p: Page): Promise<void> {
    await p.route(`**/api/v1/games/${GAME}`, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const game = body.game ?? body;
      const bet = game.betSchema ?? { kind: "lines", ...game.bet };
      game.betSchema = {
        kind: "lines",
        coinValues: bet.coinValues,
        coinsPerLine: bet.coinsPerLine,
        lines: bet.lines,
        default: bet.default,
        buyModes: MODES,
      };
      await route.fulfill({ response, json: body });
    });
  }

  it("prices, the cap, ACTIVE, turned off by a stake change, kept by the server and restored", async () => {
    await server.api("PUT", "/api/v1/admin/config/jurisdictions/CAPPED5", { admin: true, body: { maxStake: 500 } });
    const player = await server.api("POST", "/api/v1/admin/players", {
      admin: true,
      body: { name: "Capped player", jurisdiction: "CAPPED5" },
    });
    await server.api("POST", `/api/v1/admin/players/${player.id}/adjustments`, {
      admin: true,
      body: { amount: 10_000, reason: "test funds" },
    });
    const launch = async () =>
      (await server.api("POST", `/api/v1/admin/players/${player.id}/launch-tokens`, { admin: true, body: {} })).launchToken;
    const p = await newPage(DESKTOP);
    await withBuyModes(p);
    await p.goto(`${server.url}/?launch=${await launch()}#/play/${GAME}`);
    await waitIdle(p);
    const prefs = async () =>
      (await server.api("GET", `/api/v1/preferences/${GAME}`, { token: await token(p) })).preferences as Record<string, unknown>;
    // A key the game keeps there itself stays.
    await server.api("PUT", `/api/v1/preferences/${GAME}`, { token: await token(p), body: { preferences: { keep: 1 } } });

    const button = '[data-test="buy-bonus"]';
    const dialog = 'dialog[data-dialog="buy-bonus"]';
    expect((await p.textContent(button))?.trim()).toBe("BUY BONUS");
    expect(await p.textContent('[data-test="bet"]')).toBe("€1.50");
    await p.click(button);
    await p.waitForSelector(dialog);
    expect(await p.locator(`${dialog} [data-test="buy-price"]`).allTextContents()).toEqual(["€3.00", "€15.00"]);
    expect(await p.isDisabled(`${dialog} li[data-mode="x10"] button`)).toBe(true);
    expect(await p.textContent(`${dialog} li[data-mode="x10"] [data-test="buy-refused"]`)).toBe(
      "Costs €15.00: above the limit of €5.00 a spin",
    );
    await p.click(`${dialog} [data-test="buy-guaranteed"]`);
    expect(await p.locator(`${dialog} [data-test="buy-price"]`).allTextContents()).toEqual(["€4.50", "€15.00"]);
    await p.click(`${dialog} li[data-mode="x2"] button`);
    await p.waitForSelector(dialog, { state: "detached" });
    // The button says ACTIVE and the mode; the bet meter shows what a spin now debits.
    expect(await p.textContent(`${button} .buy-title`)).toBe("ACTIVE");
    expect(await p.textContent(`${button} .buy-detail`)).toBe("Double feature, guaranteed");
    expect(await p.textContent('[data-test="bet"]')).toBe("€4.50");
    await shoot(p, "buy-bonus-01-active");
    await expect.poll(prefs).toEqual({ keep: 1, buyMode: "x2-sure" });

    // A reload (or another device of the player): the server's preference turns it back on.
    await p.reload();
    await waitIdle(p);
    expect(await p.textContent(`${button} .buy-detail`)).toBe("Double feature, guaranteed");
    expect(await p.textContent('[data-test="bet"]')).toBe("€4.50");

    // Two coins a line: €3.00 a spin, the mode would cost €9.00: turned off, the player told.
    await p.click('[data-test="coins-up"]');
    expect(await p.textContent('[data-test="bet"]')).toBe("€3.00");
    expect((await p.textContent(button))?.trim()).toBe("BUY BONUS");
    expect(await p.textContent('[data-test="message"]')).toBe(
      "Double feature, guaranteed is turned off: at this stake it costs €9.00, above the limit of €5.00 a spin.",
    );
    await expect.poll(prefs).toEqual({ keep: 1 });
    await shoot(p, "buy-bonus-02-turned-off");

    // Kept mode no longer allowed at the bet the next load starts with: not restored.
    await server.api("PUT", `/api/v1/preferences/${GAME}`, {
      token: await token(p),
      body: { preferences: { keep: 1, buyMode: "x10" } },
    });
    await p.reload();
    await waitIdle(p);
    expect((await p.textContent(button))?.trim()).toBe("BUY BONUS");
    expect(await p.textContent('[data-test="bet"]')).toBe("€1.50");
    expect(pageErrors).toEqual([]);
    await p.close();
  });

  it("on a phone (portrait and landscape) the BUY BONUS button and the game number are on screen and 44 px tall", async () => {
    for (const viewport of [PHONE, PHONE_LANDSCAPE]) {
      const p = await newPage(viewport);
      await withBuyModes(p);
      await p.goto(`${server.url}/#/play/${GAME}`);
      await waitIdle(p);
      for (const test of ["buy-bonus", "spin", "game-number", "clock"]) {
        const box = await p.locator(`[data-test="${test}"]`).boundingBox();
        expect(box, test).not.toBeNull();
        if (!box) continue;
        expect(box.x, test).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, test).toBeLessThanOrEqual(viewport.width + 0.5);
        expect(box.y + box.height, test).toBeLessThanOrEqual(viewport.height + 0.5);
        if (test === "buy-bonus") expect(box.height).toBeGreaterThanOrEqual(44);
      }
      await shoot(p, `buy-bonus-03-phone-${viewport.width}`);
      await p.close();
    }
  });

  it("not offered where the jurisdiction forbids buying (GB)", async () => {
    const player = await server.api("POST", "/api/v1/admin/players", { admin: true, body: { name: "GB", jurisdiction: "GB" } });
    const { launchToken } = await server.api("POST", `/api/v1/admin/players/${player.id}/launch-tokens`, {
      admin: true,
      body: {},
    });
    const p = await newPage(DESKTOP);
    await withBuyModes(p);
    await p.goto(`${server.url}/?launch=${launchToken}#/play/${GAME}`);
    await waitIdle(p);
    expect(await p.locator('[data-test="coins-up"]').count()).toBe(1);
    expect(await p.locator('[data-test="buy-bonus"]').count()).toBe(0);
    await p.close();
  });
});
