/**
 * 40 Mystic Gem in real Chromium against the real server (`reelhouse serve`, test mode,
 * SQLite). Outcomes are forced with draws FOUND by playing the game's own round code on
 * seeded sources (test/outcomes.ts), never hard-coded; the client only forwards them.
 *
 * Covered: an expanding WILD win (reels, labels, the Winning Line Field) started and
 * collected with SPACE; the Fold won, lost, its history across rounds, the lobby closed while
 * it is open, and refused above 42.00 EUR; the five BUY BONUS modes bought (debit = price,
 * bought reels WILD and marked), the mode kept across a reload and turned off, the
 * guaranteed modes paying a line; the jackpot ticker's four Jackpot Cards levels; phone
 * portrait; axe on each screen. On a second server whose Jackpot Cards trigger every paid
 * round (test mode only): autoplay paused by the card round and resumed after it, the card
 * round replayed from history, and granted Bonus Spin Mode rounds (no debit, no cards).
 */
import type { MysticEvent } from "@reelhouse/games";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { audit, describeFindings } from "./a11y.js";
import { browserSuite, DESKTOP, PHONE, type Viewport, visibleControls } from "./client.js";
import { HAS_CHROMIUM, shoot } from "./harness.js";
import {
  FOLD_BLACK,
  FOLD_RED,
  type MysticTestBet,
  mysticAboveCapDraws,
  mysticExpandingWinDraws,
  mysticLosingDraws,
  mysticSmallWinDraws,
  mysticStep,
} from "./outcomes.js";

const GAME = "40-mystic-gem";
/** The stakes' cash (minor units), index = the wire's `stake`. */
const STAKES = [40, 80, 120, 200, 400, 800, 1000, 2000, 4000, 5000];
const DEFAULT_STAKE = 3;
const PRICES: Record<NonNullable<MysticTestBet["mode"]>, number> = {
  wild1: 4.5,
  wild2: 15,
  wild3: 71.5,
  "wild1-guaranteed": 12,
  "wild2-guaranteed": 25,
};
const WILDS: Record<NonNullable<MysticTestBet["mode"]>, number> = {
  wild1: 1,
  wild2: 2,
  wild3: 3,
  "wild1-guaranteed": 1,
  "wild2-guaranteed": 2,
};
const euro = (minor: number) => `€${(minor / 100).toFixed(2)}`;

interface StartAnswer {
  roundId: string;
  totalBet: number;
  win: number;
  balance: number;
  events: MysticEvent[];
  awaiting: unknown;
  jackpotCards?: { roundId: string };
}

if (!HAS_CHROMIUM) console.warn("SKIPPED browser tests: /usr/bin/chromium is not installed.");

/** Page helpers of one suite, bound to its server. */
function mysticHelpers(suite: ReturnType<typeof browserSuite>) {
  const { server, newPage, waitIdle, token, serverSession, shownMinor, quick } = suite;

  const open = async (p: Page, launchToken?: string) => {
    await p.goto(`${server.url}/${launchToken ? `?launch=${launchToken}` : ""}#/play/${GAME}`);
    await waitIdle(p);
  };
  /** A fresh demo player on the game, quick spins on. */
  const fresh = async (viewport: Viewport = DESKTOP) => {
    const p = await newPage(viewport);
    await open(p);
    await quick(p);
    return p;
  };
  const startAnswer = (p: Page) =>
    p
      .waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith(`/games/${GAME}/rounds`))
      .then((r) => r.json() as Promise<StartAnswer>);
  const stage = async (p: Page) =>
    JSON.parse((await p.getAttribute(".mg-stage .reel-canvas", "data-state")) ?? "{}") as {
      window: string[][] | null;
      wins: { line: number | null; label: string }[];
    };
  /** Sets the stake to index `stake` with the − / + buttons. */
  async function setStake(p: Page, stake: number): Promise<void> {
    for (let i = 0; i < 10; i++) {
      const shown = await p.textContent('[data-test="stake"]');
      if (shown === euro(STAKES[stake] ?? 0)) return;
      const now = STAKES.findIndex((s) => euro(s) === shown);
      await p.click(`[data-test="stake-${now < stake ? "up" : "down"}"]`);
    }
    throw new Error(`stake ${stake} not reached`);
  }
  /** Plays the round on the stage out to rest, collecting any Fold offered. */
  async function playOut(p: Page): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (await p.isVisible('[data-test="fold-collect"]')) await p.click('[data-test="fold-collect"]').catch(() => {});
      const idle = await p.evaluate(() => {
        const spin = document.querySelector<HTMLButtonElement>('[data-test="spin"]');
        return spin?.dataset.state === "idle" && !spin.disabled && /^(SPIN|PLAY FREE ROUND)$/.test(spin.textContent ?? "");
      });
      if (idle) return;
      if (Date.now() > deadline) throw new Error("the round did not come to rest");
      await p.waitForTimeout(100);
    }
  }
  /** At rest: the money on screen is the server's. */
  async function settled(p: Page): Promise<void> {
    await waitIdle(p, 60_000);
    expect(await shownMinor(p, "balance")).toBe((await serverSession(p)).balance);
  }
  async function accessible(p: Page, screen: string): Promise<void> {
    const findings = await audit(p, screen);
    expect(findings, describeFindings(findings)).toEqual([]);
  }
  /** Every visible control lies inside the viewport, and nothing scrolls sideways. */
  async function fits(p: Page, viewport: Viewport): Promise<void> {
    for (const b of await visibleControls(p)) {
      expect(b.x, b.name).toBeGreaterThanOrEqual(-1);
      expect(b.x + b.width, b.name).toBeLessThanOrEqual(viewport.width + 1);
      expect(b.y + b.height, b.name).toBeLessThanOrEqual(viewport.height + 1);
    }
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  }
  const fieldEntries = (p: Page) =>
    p
      .locator('[data-test="line-field-list"] li')
      .evaluateAll((els) => els.map((e) => (e.textContent ?? "").replace(/\s+/g, " ").trim()));
  return { open, fresh, startAnswer, stage, setStake, playOut, settled, accessible, fits, fieldEntries, token };
}

describe.skipIf(!HAS_CHROMIUM)("40 Mystic Gem in the browser (Chromium, real server)", () => {
  const suite = browserSuite();
  const { server, waitIdle, serverSession, shownMinor, force, pageErrors, openPanel, token } = suite;
  const { fresh, startAnswer, stage, setStake, playOut, settled, accessible, fits, fieldEntries } = mysticHelpers(suite);

  it("at rest; an expanding WILD win started with SPACE, drawn and listed in the Winning Line Field; SPACE collects", async () => {
    const p = await fresh();
    // The four Jackpot Cards levels with their values, in the ticker.
    await p.waitForFunction(() => document.querySelectorAll('[data-role="jackpot-ticker-value"][data-amount]').length === 4);
    for (const suit of ["clubs", "diamonds", "hearts", "spades"])
      expect(
        Number(await p.getAttribute(`[data-role="jackpot-ticker-value"][data-pool="${suit}"]`, "data-amount")),
      ).toBeGreaterThan(0);
    expect(await p.textContent('[data-test="stake"]')).toBe("€2.00");
    expect(await p.textContent('[data-test="line-field"]')).toContain("40 LINES");
    await shoot(p, "mystic-01-at-rest");
    await accessible(p, "40 Mystic Gem at rest");

    const bet: MysticTestBet = { stake: DEFAULT_STAKE };
    const draws = mysticExpandingWinDraws(bet, 2);
    const expected = mysticStep(bet, draws);
    const expanded = expected.events.find((e) => e.type === "wildsExpanded") as { reels: number[]; window: string[][] };
    const lines = expected.events.filter((e) => e.type === "lineWin") as { line: number; amount: number }[];
    await force(p, draws);
    const answered = startAnswer(p);
    await p.locator("body").click({ position: { x: 5, y: 400 } });
    await p.keyboard.press("Space");
    // The landed WILD grows over its reel (caught mid-way for the picture).
    await p.waitForSelector(".mg-wild-grow", { timeout: 20_000 });
    await shoot(p, "mystic-02-wild-growing");
    const answer = await answered;
    expect(answer.totalBet).toBe(STAKES[DEFAULT_STAKE]);
    expect(answer.win).toBe(expected.win);
    // The Fold is offered: the reels show the expanded WILD and every line's amount.
    await p.waitForSelector('[data-test="fold-offer"]:not(.hidden)', { timeout: 20_000 });
    const shown = await stage(p);
    for (const reel of expanded.reels) expect(shown.window?.[reel]).toEqual(["WILD", "WILD", "WILD", "WILD"]);
    expect(shown.window).toEqual(expanded.window);
    expect(await p.locator('[data-test="expanded-reel"]').count()).toBe(expanded.reels.length);
    expect(shown.wins.map((w) => w.line)).toEqual(lines.map((l) => l.line));
    expect(shown.wins.map((w) => w.label)).toEqual(lines.map((l) => euro(l.amount)));
    expect(await fieldEntries(p)).toEqual(
      lines.map((l) => expect.stringMatching(new RegExp(`^LINE ${l.line} ${euro(l.amount).replace(".", "\\.")} \\d × `))),
    );
    expect(await p.textContent('[data-test="fold-offer-amount"]')).toBe(euro(expected.win));
    // The lobby stays closed while the win may be doubled up.
    expect(await p.isDisabled('[data-test="lobby"]')).toBe(true);
    await shoot(p, "mystic-03-expanding-wild");
    await accessible(p, "40 Mystic Gem expanding WILD and the Fold offer");
    // SPACE collects (the offer's COLLECT).
    await p.keyboard.press("Space");
    await settled(p);
    expect(await shownMinor(p, "win")).toBe(expected.win);

    // History's replay shows the round again: the expanded reel, the same wins.
    await openPanel(p, "history");
    await p.click(`[data-replay="${answer.roundId}"]`);
    await p.waitForSelector('[data-test="replay-ribbon"]', { state: "visible" });
    await p.waitForFunction((n) => document.querySelectorAll('[data-test="expanded-reel"]').length === n, expanded.reels.length, {
      timeout: 20_000,
    });
    await expect.poll(async () => (await stage(p)).wins.length, { timeout: 20_000 }).toBe(lines.length);
    expect((await stage(p)).window).toEqual(expanded.window);
    await shoot(p, "mystic-04-replay");
    await p.click('[data-test="replay-exit"]');
    await waitIdle(p);
    expect(pageErrors).toEqual([]);
    await p.close();
  });

  it("the Fold: won then collected, lost, the history of the session's cards, the indicators; refused above 42.00 EUR", async () => {
    const p = await fresh();
    const bet: MysticTestBet = { stake: DEFAULT_STAKE };
    const start = (await serverSession(p)).balance;
    const small = mysticSmallWinDraws(bet);
    const win = mysticStep(bet, small).win;

    // Round 1: double up, RED on a red card: won; then COLLECT.
    await force(p, small);
    await p.click('[data-test="spin"]');
    await p.waitForSelector('[data-test="fold-offer"]:not(.hidden)', { timeout: 20_000 });
    await p.click('[data-test="fold-start"]');
    const table = p.locator('[data-test="gamble"].mg-fold.choosing');
    await table.waitFor();
    expect(await p.textContent('[data-test="fold-attempts"]')).toBe("5");
    expect(await p.textContent('[data-test="fold-bet"]')).toBe(euro(win));
    expect(await p.textContent('[data-test="fold-to-win"]')).toBe(euro(2 * win));
    expect(await p.isDisabled('[data-test="lobby"]')).toBe(true);
    await shoot(p, "mystic-05-fold");
    await accessible(p, "40 Mystic Gem Fold");
    await force(p, FOLD_RED);
    await p.click('[data-test="gamble-red"]');
    await p.waitForSelector('[data-test="gamble"][data-result="won"]');
    await table.waitFor();
    expect(await p.textContent('[data-test="fold-attempts"]')).toBe("4");
    expect(await p.textContent('[data-test="fold-bet"]')).toBe(euro(2 * win));
    expect(await p.textContent('[data-test="fold-to-win"]')).toBe(euro(4 * win));
    expect(await p.locator('[data-test="gamble-history"] .mini').count()).toBe(1);
    await expect.poll(() => shownMinor(p, "win")).toBe(2 * win);
    await shoot(p, "mystic-06-fold-won");
    // A reload mid-Fold: the table again at the second guess, the stake doubled, the card in the history.
    await p.reload();
    await table.waitFor({ timeout: 20_000 });
    expect(await p.textContent('[data-test="fold-attempts"]')).toBe("4");
    expect(await p.textContent('[data-test="fold-bet"]')).toBe(euro(2 * win));
    expect(await p.locator('[data-test="gamble-history"] .mini').count()).toBe(1);
    expect(await p.isDisabled('[data-test="lobby"]')).toBe(true);
    await p.click('[data-test="gamble-collect"]');
    await settled(p);
    expect((await serverSession(p)).balance).toBe(start - STAKES[DEFAULT_STAKE]! + 2 * win);

    // Round 2: RED on a black card: the win is lost; the history holds round 1's card.
    await force(p, small);
    await p.click('[data-test="spin"]');
    await p.waitForSelector('[data-test="fold-offer"]:not(.hidden)', { timeout: 20_000 });
    await p.click('[data-test="fold-start"]');
    await table.waitFor();
    expect(await p.getAttribute('[data-test="gamble-history"] .mini', "aria-label")).toMatch(/of hearts$/);
    await force(p, FOLD_BLACK);
    await p.click('[data-test="gamble-red"]');
    await p.waitForSelector('[data-test="gamble"][data-result="lost"]');
    expect(await p.textContent('[data-test="fold-bet"]')).toBe(euro(0));
    await shoot(p, "mystic-07-fold-lost");
    await settled(p);
    expect(await shownMinor(p, "win")).toBe(0);
    expect((await serverSession(p)).balance).toBe(start - 2 * STAKES[DEFAULT_STAKE]! + 2 * win);

    // Above the cap (stake 50.00 EUR): the win is collected at once and the field says why.
    await setStake(p, 9);
    const big: MysticTestBet = { stake: 9 };
    const draws = mysticAboveCapDraws(big);
    await force(p, draws);
    const answered = startAnswer(p);
    await p.click('[data-test="spin"]');
    const answer = await answered;
    expect(answer.win).toBe(mysticStep(big, draws).win);
    expect(answer.win).toBeGreaterThan(4200);
    expect(answer.awaiting).toBeNull();
    await settled(p);
    expect(await p.isVisible('[data-test="fold-offer"]')).toBe(false);
    expect(await p.getAttribute('[data-test="line-field"]', "data-fold")).toBe("refused");
    expect(await p.textContent('[data-test="line-field-note"]')).toBe("NO DOUBLE UP: WIN ABOVE €42.00");
    await shoot(p, "mystic-08-fold-refused");
    expect(pageErrors).toEqual([]);
    await p.close();
  });

  it("BUY BONUS: each of the five modes debits its price, shows its WILDs bought; kept across a reload, turned off; guaranteed modes pay a line", async () => {
    const p = await fresh();
    await setStake(p, 0);
    const stake = STAKES[0] as number;
    const dialog = 'dialog[data-dialog="buy-bonus"]';
    const rows: [plain: string, guaranteed: boolean, mode: NonNullable<MysticTestBet["mode"]>][] = [
      ["wild1", false, "wild1"],
      ["wild2", false, "wild2"],
      ["wild3", false, "wild3"],
      ["wild1", true, "wild1-guaranteed"],
      ["wild2", true, "wild2-guaranteed"],
    ];
    for (const [plain, guaranteed, mode] of rows) {
      const price = Math.round(PRICES[mode] * stake);
      await p.click('[data-test="buy-bonus"]');
      await p.waitForSelector(dialog);
      const toggle = p.locator(`${dialog} [data-test="buy-guaranteed"]`);
      if ((await toggle.isChecked()) !== guaranteed) await toggle.click();
      if (mode === "wild1") {
        await shoot(p, "mystic-09-buy-panel");
        await accessible(p, "40 Mystic Gem buy panel");
      }
      // BUY spins at once (the sheet: "the reels begin to spin") at the price; the mode stays on.
      const before = (await serverSession(p)).balance;
      const answered = startAnswer(p);
      await p.click(`${dialog} li[data-mode="${plain}"] button[data-buy]`);
      await p.waitForSelector(dialog, { state: "detached" });
      const answer = await answered;
      expect(await p.getAttribute('[data-test="buy-bonus"]', "data-active")).toBe(mode);
      expect(await p.textContent('[data-test="bet"]')).toBe(euro(price));
      // The debit is the price; the bought reels are WILD from the start and marked.
      expect(answer.totalBet).toBe(price);
      const spin = answer.events.find((e) => e.type === "spin");
      if (spin?.type !== "spin") throw new Error("no spin event");
      expect(spin.mode).toBe(mode);
      expect(spin.bought).toHaveLength(WILDS[mode]);
      if (mode.endsWith("guaranteed")) expect(answer.events.some((e) => e.type === "lineWin")).toBe(true);
      await p.waitForFunction((n) => document.querySelectorAll('[data-test="bought-reel"]').length === n, spin.bought.length, {
        timeout: 20_000,
      });
      const shown = await stage(p);
      for (const reel of spin.bought) expect(shown.window?.[reel]).toEqual(["WILD", "WILD", "WILD", "WILD"]);
      if (mode === "wild2") await shoot(p, "mystic-10-bought-wilds");
      const final = answer.awaiting ? null : answer;
      await playOut(p);
      await settled(p);
      const after = (await serverSession(p)).balance;
      if (final) expect(after).toBe(before - price + final.win);
      else expect(after).toBeGreaterThanOrEqual(before - price);
      // The mode stays on, spin after spin.
      expect(await p.getAttribute('[data-test="buy-bonus"]', "data-active")).toBe(mode);
    }
    // Kept by the server and restored after a reload, then turned off.
    await expect
      .poll(async () => (await server.api("GET", `/api/v1/preferences/${GAME}`, { token: await token(p) })).preferences)
      .toEqual({ buyMode: "wild2-guaranteed" });
    await p.reload();
    await waitIdle(p);
    expect(await p.getAttribute('[data-test="buy-bonus"]', "data-active")).toBe("wild2-guaranteed");
    // (The shell starts a reload at the game's default stake; the mode is priced there.)
    const stakeNow = await p.textContent('[data-test="stake"]');
    const index = STAKES.findIndex((s) => euro(s) === stakeNow);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(await p.textContent('[data-test="bet"]')).toBe(euro(25 * (STAKES[index] as number)));
    await p.click('[data-test="buy-bonus"]');
    await p.click(`${dialog} [data-test="buy-off"]`);
    await p.waitForSelector(dialog, { state: "detached" });
    expect(await p.getAttribute('[data-test="buy-bonus"]', "data-active")).toBeNull();
    expect(await p.textContent('[data-test="bet"]')).toBe(euro(STAKES[index] as number));
    await expect
      .poll(async () => (await server.api("GET", `/api/v1/preferences/${GAME}`, { token: await token(p) })).preferences)
      .toEqual({});
    await force(p, mysticLosingDraws({ stake: index }));
    const plain = startAnswer(p);
    await p.click('[data-test="spin"]');
    const answer = await plain;
    expect(answer.totalBet).toBe(STAKES[index]);
    expect(answer.events.find((e) => e.type === "spin")).toMatchObject({ mode: null });
    await settled(p);
    expect(pageErrors).toEqual([]);
    await p.close();
  });

  it("paytable at the stake and rules from the description", async () => {
    const p = await fresh();
    await openPanel(p, "paytable");
    const paytable = p.locator('[data-dialog="paytable"]');
    await paytable.waitFor();
    expect(await paytable.locator('[data-test="paytable-stake"]').textContent()).toBe("€2.00");
    // Crown: 5 of a kind pay 1000 line bets of €0.05.
    expect(await paytable.locator('[data-symbol="CROWN"] tr').first().textContent()).toContain("€50.00");
    expect(await paytable.locator('[data-symbol="MOON"] tr').first().textContent()).toContain("50 × total bet");
    expect(await paytable.locator('[data-test="paytable-buy"] tr[data-mode="wild3"]').textContent()).toContain("€143.00");
    await shoot(p, "mystic-11-paytable");
    await accessible(p, "40 Mystic Gem paytable");
    await p.keyboard.press("Escape");
    await openPanel(p, "rules");
    const rules = p.locator('[data-dialog="rules"]');
    await rules.waitFor();
    const text = (await rules.textContent()) ?? "";
    for (const heading of ["Expanding WILD", "Buy Bonus", "Jackpot Cards", "Fold (double up)", "Bonus Spin Mode", "96.08%"])
      expect(text).toContain(heading);
    await accessible(p, "40 Mystic Gem rules");
    await p.keyboard.press("Escape");
    await p.close();
  });

  it("phone portrait 390 × 844: reels, field and controls on screen, nothing overflows; less motion; the Fold fits too", async () => {
    const p = await fresh(PHONE);
    const canvas = await p.locator(".mg-stage .reel-canvas").boundingBox();
    expect(canvas).not.toBeNull();
    expect(canvas!.x).toBeGreaterThanOrEqual(0);
    expect(canvas!.x + canvas!.width).toBeLessThanOrEqual(PHONE.width + 1);
    expect(canvas!.width).toBeGreaterThan(340);
    const field = await p.locator('[data-test="line-field"]').boundingBox();
    expect(field!.y).toBeGreaterThanOrEqual(canvas!.y + canvas!.height - 2);
    await fits(p, PHONE);
    await shoot(p, "mystic-12-phone");
    await accessible(p, "40 Mystic Gem phone");
    // With less motion the WILD covers its reel at once: no growing column is ever drawn.
    await p.emulateMedia({ reducedMotion: "reduce" });
    await p.evaluate(() => {
      const w = window as unknown as { grew: boolean };
      w.grew = false;
      new MutationObserver(() => {
        if (document.querySelector(".mg-wild-grow")) w.grew = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const bet: MysticTestBet = { stake: DEFAULT_STAKE };
    const draws = mysticExpandingWinDraws(bet);
    const expanded = mysticStep(bet, draws).events.find((e) => e.type === "wildsExpanded");
    await force(p, draws);
    await p.click('[data-test="spin"]');
    await p.waitForSelector('[data-test="fold-offer"]:not(.hidden)', { timeout: 20_000 });
    expect(await p.evaluate(() => (window as unknown as { grew: boolean }).grew)).toBe(false);
    expect(await p.locator('[data-test="expanded-reel"]').count()).toBe(
      expanded?.type === "wildsExpanded" ? expanded.reels.length : -1,
    );
    await fits(p, PHONE);
    expect(await p.isVisible('[data-test="line-field"]')).toBe(true);
    await shoot(p, "mystic-13-phone-offer");
    await p.click('[data-test="fold-start"]');
    await p.waitForSelector('[data-test="gamble"].mg-fold.choosing');
    await fits(p, PHONE);
    await shoot(p, "mystic-14-phone-fold");
    await accessible(p, "40 Mystic Gem phone Fold");
    await p.click('[data-test="gamble-collect"]');
    await settled(p);
    await p.close();
  });
});

describe.skipIf(!HAS_CHROMIUM)("40 Mystic Gem with Jackpot Cards on every paid round (test mode)", () => {
  const suite = browserSuite({ REELHOUSE_JACKPOT_CARDS_TRIGGER: "1/1" });
  const { server, waitIdle, serverSession, shownMinor, force, pageErrors, openPanel, token } = suite;
  const { fresh, startAnswer, settled } = mysticHelpers(suite);

  const cards = '[data-test="jackpot-cards"]';
  const faceUp = (p: Page) => p.locator(`${cards} .jc-card.open`).count();
  async function turnAll(p: Page): Promise<void> {
    while ((await p.locator('[data-test="jackpot-cards-win"]').count()) === 0) {
      const before = await faceUp(p);
      await p.locator(`${cards}.choosing .jc-card:not(.open)`).first().click();
      await p.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} .jc-card.open`).length > (n as number), [
        cards,
        before,
      ] as const);
    }
  }

  it("autoplay pauses for Jackpot Cards and resumes after them; the card round replays from history", async () => {
    const p = await fresh();
    await p.click('[data-test="stake-down"]');
    await p.click('[data-test="stake-down"]');
    await p.click('[data-test="stake-down"]');
    const lose = mysticLosingDraws({ stake: 0 });
    await force(p, lose, lose, lose);
    await p.click('[data-test="autoplay"]');
    await p.waitForSelector('[data-dialog="autoplay"]');
    await p.fill('[data-test="ap-loss"]', "100");
    await p.uncheck('[data-test="ap-jackpot"]');
    await p.click('[data-test="ap-start"]');
    // Round 1 ends: the cards open and the autoplay waits for them.
    await p.locator(cards).waitFor({ state: "visible", timeout: 30_000 });
    await p.waitForSelector('[data-test="autoplay-notice"]:not(.hidden)');
    expect(await p.textContent('[data-test="autoplay-notice-text"]')).toMatch(/paused/i);
    expect(await p.locator(`${cards} .jc-card`).count()).toBe(12);
    await shoot(p, "mystic-15-jackpot-cards-autoplay");
    await turnAll(p);
    await p.locator(cards).waitFor({ state: "hidden", timeout: 20_000 });
    // The autoplay goes on by itself: a second round, a second card round; the player stops it there.
    await p.locator(cards).waitFor({ state: "visible", timeout: 30_000 });
    const rounds = await server.api("GET", "/api/v1/history?limit=10", { token: await token(p) });
    expect(rounds.rounds.filter((r: { gameId: string }) => r.gameId === GAME).length).toBeGreaterThanOrEqual(2);
    await p.click('[data-test="autoplay-notice-stop"]');
    await turnAll(p);
    await p.waitForSelector('[data-dialog="autoplay-stopped"]', { timeout: 30_000 });
    await p.keyboard.press("Escape");
    await settled(p);

    // The card round in the history replays on the game's screen.
    const list = await server.api("GET", "/api/v1/history?limit=10", { token: await token(p) });
    const round = list.rounds.find((r: { gameId: string }) => r.gameId === "jackpot-cards");
    expect(round).toBeDefined();
    await openPanel(p, "history");
    const row = p.locator(`[data-test="history-rounds"] tr[data-round="${round.roundId}"]`);
    await row.waitFor();
    await row.locator("[data-replay]").click();
    await p.locator(cards).waitFor({ state: "visible", timeout: 20_000 });
    expect(await p.isVisible('[data-test="replay-ribbon"]')).toBe(true);
    while ((await p.locator('[data-test="jackpot-cards-win"]').count()) === 0) {
      await p.waitForSelector('[data-test="replay-next"]:not([disabled])');
      await p.click('[data-test="replay-next"]');
      await p.waitForTimeout(150);
    }
    expect(Number(await p.getAttribute('[data-test="jackpot-cards-win"]', "data-minor"))).toBe(round.totalWin);
    await shoot(p, "mystic-16-jackpot-cards-replay");
    await p.click('[data-test="replay-exit"]');
    await waitIdle(p);
    expect(pageErrors).toEqual([]);
    await p.close();
  });

  it("Bonus Spin Mode: granted rounds at the grant's stake, the bar counts down, nothing debited, no Jackpot Cards, no Fold", async () => {
    const p = await fresh();
    const start = (await serverSession(p)).balance;
    const session = await serverSession(p);
    await server.api("POST", `/api/v1/admin/players/${session.player.id}/bonus-grants`, {
      admin: true,
      body: { gameId: GAME, bet: { stake: 0 }, spins: 2 },
    });
    await p.reload();
    await p.waitForSelector('[data-test="free-rounds"]:not(.hidden)', { timeout: 20_000 });
    const bar = () => p.textContent('[data-test="free-rounds-text"]');
    expect(await bar()).toBe("FREE ROUNDS: 2 left at 0.40 EUR — courtesy of the operator");
    expect(await p.textContent('[data-test="bet"]')).toBe("€0.40");
    expect(await p.textContent('[data-test="bet-label"]')).toBe("FREE BET");
    await shoot(p, "mystic-17-bonus-spins");
    const bet: MysticTestBet = { stake: 0 };
    const wins: number[] = [];
    for (const draws of [mysticSmallWinDraws(bet), mysticLosingDraws(bet)]) {
      await force(p, draws);
      const answered = startAnswer(p);
      await p.click('[data-test="spin"]');
      const answer = await answered;
      expect(answer.jackpotCards).toBeUndefined();
      expect(answer.awaiting).toBeNull();
      wins.push(answer.win);
      // At rest: the next free round offered, or the summary of the grant used up.
      await p.waitForFunction(
        () =>
          document.querySelector('[data-dialog="free-rounds-done"]') !== null ||
          document.querySelector('[data-test="spin"]')?.textContent === "PLAY FREE ROUND",
        null,
        { timeout: 30_000 },
      );
      expect(await p.isVisible('[data-test="fold-offer"]')).toBe(false);
      expect(await p.isVisible(cards)).toBe(false);
      if (wins.length === 1) expect(await bar()).toBe("FREE ROUNDS: 1 left at 0.40 EUR — courtesy of the operator");
    }
    expect(wins[0]).toBeGreaterThan(0);
    await p.waitForSelector('[data-dialog="free-rounds-done"]', { timeout: 20_000 });
    await p.click('[data-test="free-rounds-ok"]');
    await waitIdle(p);
    expect((await serverSession(p)).balance).toBe(start + (wins[0] ?? 0) + (wins[1] ?? 0));
    expect(await shownMinor(p, "balance")).toBe(start + (wins[0] ?? 0) + (wins[1] ?? 0));
    expect(pageErrors).toEqual([]);
    await p.close();
  });
});
