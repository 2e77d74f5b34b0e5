/**
 * Jackpot Cards in real Chromium against the real server (test mode, SQLite). The operator
 * adds Jackpot Cards to Mermaid Treasure (REELHOUSE_JACKPOT_CARDS_GAMES) and, in test mode
 * only, sets the trigger to 1/1, so the round the player finishes opens a card round: 12
 * face-down cards over the stage, turned one by one with the suit the server answers, a
 * reload mid-pick brings the same cards back, the third of a suit pays its level. On a phone.
 * The card round is in the player's history as "Jackpot Cards" and replays on the game's
 * screen pick by pick: each step turns the card the player turned, then the level and prize.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSuite, DESKTOP, PHONE } from "./client.js";
import { HAS_CHROMIUM, shoot } from "./harness.js";
import { losingStops, type TestBet } from "./outcomes.js";

const BET: TestBet = { coinValue: 10, coinsPerLine: 1, lines: 15 };

if (!HAS_CHROMIUM) console.warn("SKIPPED browser tests: /usr/bin/chromium is not installed.");

describe.skipIf(!HAS_CHROMIUM)("Jackpot Cards in the browser (Chromium, real server)", () => {
  const { server, newPage, waitIdle, token, serverSession, shownMinor, force, quick, pageErrors, openPanel } = browserSuite({
    REELHOUSE_JACKPOT_CARDS_GAMES: "mermaid-treasure",
    REELHOUSE_JACKPOT_CARDS_TRIGGER: "1/1",
  });

  const faceUp = (p: Page) => p.locator('[data-test="jackpot-cards"] .jc-card.open').count();
  async function turn(p: Page): Promise<void> {
    const before = await faceUp(p);
    await p.locator('[data-test="jackpot-cards"].choosing .jc-card:not(.open)').first().click();
    await p.waitForFunction((n) => document.querySelectorAll('[data-test="jackpot-cards"] .jc-card.open').length > n, before);
  }

  it("a finished round opens 12 face-down cards; a reload mid-pick keeps them; three of a suit pay the level; balance agrees", async () => {
    const p = await newPage(PHONE);
    await p.goto(`${server.url}/#/play/mermaid-treasure`);
    await waitIdle(p);
    await quick(p);
    await force(p, losingStops(BET));
    await p.click('[data-test="spin"]');
    const screen = p.locator('[data-test="jackpot-cards"]');
    await screen.waitFor({ state: "visible", timeout: 20_000 });
    expect(await p.locator('[data-test="jackpot-cards"] .jc-card').count()).toBe(12);
    // The four levels with their values (the push channel), at least their seeds.
    await p.waitForFunction(
      () => document.querySelectorAll("[data-test='jackpot-cards'] [data-level][data-amount]").length === 4,
    );
    const seeds: Record<string, number> = { clubs: 1_000, diamonds: 5_000, hearts: 25_000, spades: 100_000 };
    for (const [suit, seed] of Object.entries(seeds))
      expect(
        Number(await p.getAttribute(`[data-test='jackpot-cards'] [data-level='${suit}']`, "data-amount")),
      ).toBeGreaterThanOrEqual(seed);
    // The game's ticker shows them too.
    expect(await p.locator('[data-role="jackpot-ticker-value"][data-pool="spades"]').count()).toBe(1);
    expect(await faceUp(p)).toBe(0);
    // No card's suit is in the page before it is turned.
    expect(await p.locator("[data-test='jackpot-cards'] [data-suit]").count()).toBe(0);
    await shoot(p, "jackpot-cards-01-dealt-phone");
    await turn(p);
    await turn(p);
    const open = (await server.api("GET", "/api/v1/rounds/open", { token: await token(p) })).rounds;
    const cards = open.find((r: { gameId: string }) => r.gameId === "jackpot-cards");
    expect(cards.awaiting.revealed).toHaveLength(2);

    await p.reload();
    await screen.waitFor({ state: "visible", timeout: 20_000 });
    await p.waitForFunction(() => document.querySelectorAll('[data-test="jackpot-cards"] .jc-card.open').length === 2);
    const shownSuits = await p
      .locator('[data-test="jackpot-cards"] .jc-card.open')
      .evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.card}:${(e as HTMLElement).dataset.suit}`));
    expect(shownSuits.sort()).toEqual(
      cards.awaiting.revealed.map((r: { position: number; suit: string }) => `${r.position}:${r.suit}`).sort(),
    );
    await shoot(p, "jackpot-cards-02-resumed-phone");

    while ((await p.locator('[data-test="jackpot-cards-win"]').count()) === 0) await turn(p);
    const win = Number(await p.getAttribute('[data-test="jackpot-cards-win"]', "data-minor"));
    expect(win).toBeGreaterThanOrEqual(1_000);
    await shoot(p, "jackpot-cards-03-won-phone");
    await screen.waitFor({ state: "hidden", timeout: 20_000 });
    await waitIdle(p);
    expect(await shownMinor(p, "balance")).toBe((await serverSession(p)).balance);
    const history = await server.api("GET", "/api/v1/history?limit=2", { token: await token(p) });
    expect(history.rounds.map((r: { gameId: string }) => r.gameId)).toContain("jackpot-cards");
    expect(pageErrors).toEqual([]);
    await p.close();
  });

  it("the card round is in the history as Jackpot Cards and replays pick by pick on the game's screen", async () => {
    const p = await newPage(DESKTOP);
    await p.goto(`${server.url}/#/play/mermaid-treasure`);
    await waitIdle(p);
    await quick(p);
    await force(p, losingStops(BET));
    await p.click('[data-test="spin"]');
    const screen = p.locator('[data-test="jackpot-cards"]');
    await screen.waitFor({ state: "visible", timeout: 20_000 });
    while ((await p.locator('[data-test="jackpot-cards-win"]').count()) === 0) await turn(p);
    await screen.waitFor({ state: "hidden", timeout: 20_000 });
    await waitIdle(p);

    const list = await server.api("GET", "/api/v1/history?limit=5", { token: await token(p) });
    const round = list.rounds.find((r: { gameId: string }) => r.gameId === "jackpot-cards");
    expect(round).toBeDefined();
    const detail = await server.api("GET", `/api/v1/history/${round.roundId}`, { token: await token(p) });
    type Step = { events: { type: string; position?: number; suit?: string }[]; win: number };
    const steps = detail.steps as Step[];
    const picks = steps.map((s) => s.events.filter((e) => e.type === "cardRevealed"));
    expect(picks.flat().length).toBeGreaterThanOrEqual(3);

    await openPanel(p, "history");
    const row = p.locator(`[data-test="history-rounds"] tr[data-round="${round.roundId}"]`);
    await row.waitFor();
    expect(await row.locator("td.game").textContent()).toBe("Jackpot Cards");
    expect(await row.locator("[data-replay]").isDisabled()).toBe(false);
    await row.locator("[data-replay]").click();
    // The first step: the twelve cards dealt face down, marked REPLAY, nothing to pick.
    await screen.waitFor({ state: "visible", timeout: 20_000 });
    expect(await p.isVisible('[data-test="replay-ribbon"]')).toBe(true);
    expect(await p.locator('[data-test="jackpot-cards"] .jc-card').count()).toBe(12);
    expect(await faceUp(p)).toBe(0);
    expect(await p.textContent('[data-test="replay-step"]')).toBe(`Step 1 of ${steps.length}`);
    expect(await p.locator('[data-test="jackpot-cards"].choosing').count()).toBe(0);
    // Each next step turns the card the player turned, in the same order.
    let turned = 0;
    for (let i = 1; i < steps.length; i++) {
      await p.click('[data-test="replay-next"]');
      await p.waitForFunction(
        (n) => document.querySelector('[data-test="replay-step"]')?.textContent?.startsWith(`Step ${n} `),
        i + 1,
      );
      for (const e of picks[i] ?? []) {
        turned++;
        expect(await p.getAttribute(`[data-test="jackpot-cards"] .jc-card[data-card="${e.position}"]`, "data-suit")).toBe(e.suit);
      }
      if (i < steps.length - 1) expect(await faceUp(p)).toBe(turned);
      if (i === 2) await shoot(p, "jackpot-cards-04-replay-pick");
    }
    // The last step: the level won, its prize (the round's win, also on the WIN meter), every card shown.
    await p.waitForSelector('[data-test="jackpot-cards-win"]');
    expect(Number(await p.getAttribute('[data-test="jackpot-cards-win"]', "data-minor"))).toBe(round.totalWin);
    expect(await shownMinor(p, "win")).toBe(round.totalWin);
    expect(await faceUp(p)).toBe(12);
    expect(await p.textContent('[data-test="replay-step"]')).toContain("end of round");
    await shoot(p, "jackpot-cards-05-replay-won");
    await p.click('[data-test="replay-exit"]');
    await screen.waitFor({ state: "hidden" });
    await waitIdle(p);
    expect(pageErrors).toEqual([]);
    await p.close();
  });
});
