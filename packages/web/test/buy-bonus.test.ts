/**
 * The Buy Bonus panel on a real game screen (Chromium, real server, test mode), on 40 Mystic
 * Gem's five modes: a player in a jurisdiction capped at €25.00 a spin (no double up, so a
 * bought round ends by itself): prices at the stake, a mode above the cap disabled with the
 * reason, the GUARANTEED PRIZES switch, BUY spins at once (the sheet: "the reels begin to
 * spin") at the price, ACTIVE on the button and the bet meter at the price, the choice kept
 * by the server in the game's preferences (beside the keys already there) and restored after
 * a reload, a stake change above the cap turning it off with a message.
 */
import { describe, expect, it } from "vitest";
import { browserSuite, DESKTOP, PHONE, PHONE_LANDSCAPE } from "./client.js";
import { HAS_CHROMIUM, shoot } from "./harness.js";

const GAME = "40-mystic-gem";

if (!HAS_CHROMIUM) console.warn("SKIPPED browser tests: /usr/bin/chromium is not installed.");

describe.skipIf(!HAS_CHROMIUM)("Buy Bonus on the game screen (Chromium, real server)", () => {
  const { server, newPage, waitIdle, token, pageErrors } = browserSuite();

  it("prices, the cap, BUY spins at the price, ACTIVE, kept by the server and restored, turned off by a stake change", async () => {
    await server.api("PUT", "/api/v1/admin/config/jurisdictions/CAPPED25", {
      admin: true,
      body: { maxStake: 2500, gamble: false },
    });
    const player = await server.api("POST", "/api/v1/admin/players", {
      admin: true,
      body: { name: "Capped player", jurisdiction: "CAPPED25" },
    });
    await server.api("POST", `/api/v1/admin/players/${player.id}/adjustments`, {
      admin: true,
      body: { amount: 10_000, reason: "test funds" },
    });
    const launch = async () =>
      (await server.api("POST", `/api/v1/admin/players/${player.id}/launch-tokens`, { admin: true, body: {} })).launchToken;
    const p = await newPage(DESKTOP);
    await p.goto(`${server.url}/?launch=${await launch()}#/play/${GAME}`);
    await waitIdle(p);
    const prefs = async () =>
      (await server.api("GET", `/api/v1/preferences/${GAME}`, { token: await token(p) })).preferences as Record<string, unknown>;
    const balance = async () => (await server.api("GET", "/api/v1/session", { token: await token(p) })).balance as number;
    // A key the game keeps there itself stays.
    await server.api("PUT", `/api/v1/preferences/${GAME}`, { token: await token(p), body: { preferences: { keep: 1 } } });

    const button = '[data-test="buy-bonus"]';
    const dialog = 'dialog[data-dialog="buy-bonus"]';
    expect((await p.textContent(button))?.trim()).toBe("BUY BONUS");
    expect(await p.textContent('[data-test="bet"]')).toBe("€2.00");
    await p.click(button);
    await p.waitForSelector(dialog);
    expect(await p.locator(`${dialog} [data-test="buy-price"]`).allTextContents()).toEqual(["€9.00", "€30.00", "€143.00"]);
    expect(await p.isDisabled(`${dialog} li[data-mode="wild2"] button`)).toBe(true);
    expect(await p.textContent(`${dialog} li[data-mode="wild2"] [data-test="buy-refused"]`)).toBe(
      "Costs €30.00: above the limit of €25.00 a spin",
    );
    await p.click(`${dialog} [data-test="buy-guaranteed"]`);
    expect(await p.locator(`${dialog} [data-test="buy-price"]`).allTextContents()).toEqual(["€24.00", "€50.00", "€143.00"]);
    const before = await balance();
    const answered = p.waitForResponse(
      (r) => r.url().endsWith(`/api/v1/games/${GAME}/rounds`) && r.request().method() === "POST",
    );
    await p.click(`${dialog} li[data-mode="wild1"] button`);
    await p.waitForSelector(dialog, { state: "detached" });
    // BUY spins at once, at the price.
    const round = (await (await answered).json()) as { totalBet: number; totalWin: number; bet: { mode: string } };
    expect(round.totalBet).toBe(2400);
    expect(round.bet.mode).toBe("wild1-guaranteed");
    await waitIdle(p);
    expect(await balance()).toBe(before - 2400 + round.totalWin);
    // The button says ACTIVE and the mode; the bet meter shows what a spin now debits.
    expect(await p.textContent(`${button} .buy-title`)).toBe("ACTIVE");
    expect(await p.textContent(`${button} .buy-detail`)).toBe("1 Expanding WILD, guaranteed prize");
    expect(await p.textContent('[data-test="bet"]')).toBe("€24.00");
    await shoot(p, "buy-bonus-01-active");
    await expect.poll(prefs).toEqual({ keep: 1, buyMode: "wild1-guaranteed" });

    // A reload (or another device of the player): the server's preference turns it back on.
    await p.reload();
    await waitIdle(p);
    expect(await p.textContent(`${button} .buy-detail`)).toBe("1 Expanding WILD, guaranteed prize");
    expect(await p.textContent('[data-test="bet"]')).toBe("€24.00");

    // €4.00 a spin: the mode would cost €48.00: turned off, the player told.
    await p.click('[data-test="stake-up"]');
    expect(await p.textContent('[data-test="bet"]')).toBe("€4.00");
    expect((await p.textContent(button))?.trim()).toBe("BUY BONUS");
    expect(await p.textContent('[data-test="message"]')).toBe(
      "1 Expanding WILD, guaranteed prize is turned off: at this stake it costs €48.00, above the limit of €25.00 a spin.",
    );
    await expect.poll(prefs).toEqual({ keep: 1 });
    await shoot(p, "buy-bonus-02-turned-off");

    // Kept mode no longer allowed at the bet the next load starts with: not restored.
    await server.api("PUT", `/api/v1/preferences/${GAME}`, {
      token: await token(p),
      body: { preferences: { keep: 1, buyMode: "wild2" } },
    });
    await p.reload();
    await waitIdle(p);
    expect((await p.textContent(button))?.trim()).toBe("BUY BONUS");
    expect(await p.textContent('[data-test="bet"]')).toBe("€2.00");
    expect(pageErrors).toEqual([]);
    await p.close();
  });

  it("on a phone (portrait and landscape) the BUY BONUS button and the game number are on screen and 44 px tall", async () => {
    for (const viewport of [PHONE, PHONE_LANDSCAPE]) {
      const p = await newPage(viewport);
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
    await p.goto(`${server.url}/?launch=${launchToken}#/play/${GAME}`);
    await waitIdle(p);
    expect(await p.locator('[data-test="stake-up"]').count()).toBe(1);
    expect(await p.locator('[data-test="buy-bonus"]').count()).toBe(0);
    await p.close();
  });
});
