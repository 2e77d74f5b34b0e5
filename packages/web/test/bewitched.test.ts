/**
 * Bewitched in real Chromium against the real server (`reelhouse serve`, test mode, SQLite).
 * Outcomes are forced with stops FOUND on the current strips by the game's own test kit
 * (never hard-coded); the client only forwards them. A request the test wants to look at the
 * screen before is held back in the browser (`page.route`) until it has.
 *
 * Covered: the witch asked on first load, kept by the server and changed in the paytable
 * (both across a reload); a scatter battle won by the player's witch; Merlin's vials with
 * each prize (cash with a reload mid-shelf, free spins with a retrigger queued and a reload
 * mid-series, the jackpot with the celebration and a second player's ticker); the double:
 * five doubles then the limit, a lost double, the strip across rounds, a reload mid-double,
 * never under autoplay nor in the GB profile; phone portrait; axe on each screen.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { prizeDraw, searchStops } from "../../games/src/bewitched/test-kit.js";
import { audit, describeFindings } from "./a11y.js";
import { browserSuite, holdAction, PHONE, type Viewport, visibleControls } from "./client.js";
import { HAS_CHROMIUM, shoot } from "./harness.js";
import { realLaunchToken } from "./real-player.js";

const GAME = "bewitched";
/** The game's default bet: 15 lines x 1 coin at 0.01 EUR. */
const BET = { coinValue: 1, coinsPerLine: 1, lines: 15 };
const TOTAL_BET = 15;

type Outcome = Parameters<Parameters<typeof searchStops>[0]>[1];
const calm = (o: Outcome) => o.witches.length < 2 && o.merlins.length < 3;
/** A paid spin that wins nothing and starts nothing. */
const LOSING = searchStops((_, o) => o.linePaySum === 0 && calm(o), 15, "a losing spin");
/** One line win and nothing else: what the double stakes. */
const LINE_WIN = searchStops((_, o) => o.lineWins.length === 1 && calm(o), 15, "a single line win");
const LINE_PAY = searchLinePay();
/** Two Witches, no line win: a battle paying 1x the bet, no free spins. */
const TWO_WITCHES = searchStops(
  (_, o) => o.witches.length === 2 && o.linePaySum === 0 && o.merlins.length < 3,
  15,
  "two Witches alone",
);
/** Three Witches, no line win: a battle and 10 free spins. */
const THREE_WITCHES = searchStops(
  (_, o) => o.witches.length === 3 && o.linePaySum === 0 && o.merlins.length < 3,
  15,
  "three Witches alone",
);
/** Three Merlins, nothing else: the vials (Merlin's prize is the draw after the stops). */
const MERLINS = searchStops((_, o) => o.merlins.length === 3 && o.witches.length < 2 && o.linePaySum === 0, 15, "three Merlins");
const CASH_25 = prizeDraw(BET, (p) => p.kind === "cash" && p.times === 25);
const FREE_15 = prizeDraw(BET, (p) => p.kind === "freeSpins" && p.spins === 15);
const JACKPOT = prizeDraw(BET, (p) => p.kind === "jackpot");
/** Card draws of the double's deck (hearts, then spades): a red heart and a black spade. */
const HEART = [0];
const SPADE = [20];

/** The single line win's pay in coins at the default bet (for the double's stakes). */
function searchLinePay(): number {
  let pay = 0;
  searchStops((_, o) => {
    if (o.lineWins.length === 1 && calm(o)) {
      pay = o.linePaySum;
      return true;
    }
    return false;
  });
  return pay;
}

if (!HAS_CHROMIUM) console.warn("SKIPPED browser tests: /usr/bin/chromium is not installed.");

describe.skipIf(!HAS_CHROMIUM)("Bewitched in the browser (Chromium, real server)", () => {
  const { server, newPage, waitIdle, token, serverSession, shownMinor, force, quick, pageErrors, openPanel } = browserSuite();

  /** Opens the game (a fresh demo player, or the real player of a launch token). */
  const open = async (p: Page, launchToken?: string) => {
    await p.goto(`${server.url}/${launchToken ? `?launch=${launchToken}` : ""}#/play/${GAME}`);
    await waitIdle(p);
  };
  /** Opens the game and answers the first-load question with `witch`. */
  const openWithWitch = async (p: Page, witch: "morgana" | "ember" = "morgana", launchToken?: string) => {
    await open(p, launchToken);
    await p.click(`[data-dialog="witch-choice"] [data-test="witch-${witch}"]`);
    await p.waitForSelector('[data-dialog="witch-choice"]', { state: "detached" });
  };
  const preferences = async (p: Page) =>
    (await server.api("GET", `/api/v1/preferences/${GAME}`, { token: await token(p) })).preferences as Record<string, unknown>;
  const stageState = async (p: Page) =>
    JSON.parse((await p.getAttribute(".bw-stage .reel-canvas", "data-state")) ?? "{}") as {
      wins: { line: number | null; label: string }[];
    };
  const counterText = async (p: Page) => ((await p.textContent('[data-test="fs-counter"]')) ?? "").replace(/\s+/g, " ").trim();
  /** Every event of the player's last round, from the history API. */
  async function lastRound(p: Page): Promise<{ status: string; totalWin: number; events: { type: string }[] }> {
    const list = await server.api("GET", "/api/v1/history?limit=1", { token: await token(p) });
    const round = await server.api("GET", `/api/v1/history/${list.rounds[0].roundId}`, { token: await token(p) });
    return {
      status: list.rounds[0].status,
      totalWin: list.rounds[0].totalWin,
      events: round.steps.flatMap((s: { events: { type: string }[] }) => s.events),
    };
  }
  /** The round is over: the screen idles and money on screen is the server's. */
  async function settled(p: Page): Promise<{ totalWin: number; events: { type: string }[] }> {
    await waitIdle(p, 60_000);
    const round = await lastRound(p);
    expect(round.status).toBe("completed");
    expect(await shownMinor(p, "win")).toBe(round.totalWin);
    expect(await shownMinor(p, "balance")).toBe((await serverSession(p)).balance);
    return round;
  }
  /** No accessibility finding on the screen as it stands. */
  async function accessible(p: Page, screen: string): Promise<void> {
    const findings = await audit(p, screen);
    expect(findings, describeFindings(findings)).toEqual([]);
  }
  /** Every visible control lies inside the viewport. */
  async function allReachable(p: Page, viewport: Viewport): Promise<void> {
    for (const b of await visibleControls(p)) {
      expect(b.x, b.name).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, b.name).toBeLessThanOrEqual(viewport.width + 1);
      expect(b.y + b.height, b.name).toBeLessThanOrEqual(viewport.height + 1);
    }
  }

  it("the witch: asked on first load, kept by the server, changed in the paytable, both kept after a reload", async () => {
    const p = await newPage();
    await open(p);
    const ask = p.locator('[data-dialog="witch-choice"]');
    await ask.waitFor({ state: "visible" });
    // Nothing picked for the player: no witch pressed, and the question has no way around it.
    expect(await ask.locator("[aria-pressed]").count()).toBe(0);
    expect(await ask.locator('[data-test="dialog-close"]').count()).toBe(0);
    await p.keyboard.press("Escape");
    expect(await ask.isVisible()).toBe(true);
    await shoot(p, "bewitched-01-witch-choice");
    await accessible(p, "bewitched witch choice");
    await ask.locator('[data-test="witch-ember"]').click();
    await ask.waitFor({ state: "detached" });
    expect(await p.getAttribute('[data-test="witch-companion"]', "data-witch")).toBe("ember");
    await expect.poll(() => preferences(p)).toEqual({ witch: "ember" });
    await shoot(p, "bewitched-02-at-rest");
    await accessible(p, "bewitched at rest");

    await p.reload();
    await waitIdle(p);
    await p.waitForTimeout(500);
    expect(await p.locator('[data-dialog="witch-choice"]').count()).toBe(0);
    expect(await p.getAttribute('[data-test="witch-companion"]', "data-witch")).toBe("ember");

    // The paytable's section shows her; the other one is picked there.
    await openPanel(p, "paytable");
    const section = p.locator('[data-dialog="paytable"] [data-test="witch-section"]');
    expect(await section.locator('[data-test="witch-ember"]').getAttribute("aria-pressed")).toBe("true");
    expect(await section.locator('[data-test="witch-morgana"]').getAttribute("aria-pressed")).toBe("false");
    await accessible(p, "bewitched paytable");
    await section.locator('[data-test="witch-morgana"]').click();
    expect(await section.locator('[data-test="witch-morgana"]').getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => preferences(p)).toEqual({ witch: "morgana" });
    await shoot(p, "bewitched-03-paytable-witch");
    await p.keyboard.press("Escape");
    expect(await p.getAttribute('[data-test="witch-companion"]', "data-witch")).toBe("morgana");
    await p.reload();
    await waitIdle(p);
    expect(await p.getAttribute('[data-test="witch-companion"]', "data-witch")).toBe("morgana");
    expect(await p.locator('[data-dialog="witch-choice"]').count()).toBe(0);
    await p.close();
  });

  it("a scatter win: the witches battle and the player's witch wins; the pay is the paytable's", async () => {
    const p = await newPage();
    await openWithWitch(p, "ember");
    await force(p, TWO_WITCHES);
    await p.click('[data-test="spin"]');
    const battle = p.locator('[data-test="witch-battle"]:not(.hidden)');
    await battle.waitFor({ state: "visible", timeout: 20_000 });
    expect(await battle.getAttribute("data-winner")).toBe("ember");
    await p.waitForSelector('[data-test="witch-battle"].won');
    expect(await p.textContent('[data-test="battle-winner"]')).toBe("EMBER WINS!");
    expect(await battle.textContent()).toContain(`2 Witches pay 1× the bet: €${(TOTAL_BET / 100).toFixed(2)}`);
    await shoot(p, "bewitched-04-witch-battle");
    const round = await settled(p);
    // Cosmetic: the round pays the paytable's 1x the total bet, whoever battles.
    expect(round.totalWin).toBe(TOTAL_BET);
    expect(round.events.filter((e) => e.type === "witchBattle")).toHaveLength(1);
    expect(await p.isVisible('[data-test="witch-battle"]')).toBe(false);
    await p.close();
  });

  it("Merlin's cash: three vials, nothing of the prize before the third; a reload mid-shelf resumes where it stood", async () => {
    const p = await newPage();
    await openWithWitch(p);
    await quick(p);
    const answers: string[] = [];
    p.on("response", async (r) => {
      if (r.url().includes("/actions")) answers.push(await r.text().catch(() => ""));
    });
    await force(p, [...MERLINS, CASH_25], [3]);
    await p.click('[data-test="spin"]');
    const shelf = p.locator('[data-test="vial-shelf"].choosing');
    await shelf.waitFor({ timeout: 20_000 });
    expect(await p.locator('[data-test="vial-shelf"] .pick-object').count()).toBe(9);
    expect(await p.textContent('[data-test="vial-shelf"] [data-test="pick-status"]')).toBe("OPEN 3 VIALS");
    await shoot(p, "bewitched-05-vial-shelf");
    await accessible(p, "bewitched vial shelf");
    await p.click('[data-test="vial-shelf"] .pick-object[data-object="4"]');
    await p.waitForSelector('[data-test="vial-shelf"] .pick-object[data-object="4"].open');
    expect(await p.getAttribute('[data-test="vial-shelf"] .pick-object[data-object="4"]', "aria-label")).toBe(
      "Vial 5: Nightshade",
    );
    // Closed vials are empty, and nothing names the prize yet, on screen or in the answers.
    expect(await p.locator('[data-test="vial-shelf"] .pick-object:not(.open) .pick-prize:not(:empty)').count()).toBe(0);
    expect(await p.locator('[data-test="merlin-kind"]').count()).toBe(0);
    expect(answers.join("")).not.toMatch(/prize|times/);

    // The player leaves mid-shelf and comes back: the same vial open, two to go.
    await p.reload();
    await shelf.waitFor({ timeout: 20_000 });
    expect(await p.getAttribute('[data-test="vial-shelf"] .pick-object[data-object="4"]', "aria-label")).toBe(
      "Vial 5: Nightshade",
    );
    expect(await p.locator('[data-test="vial-shelf"] .pick-object.open').count()).toBe(1);
    expect(await p.textContent('[data-test="vial-shelf"] [data-test="pick-status"]')).toBe("OPEN 2 VIALS");
    await shoot(p, "bewitched-06-vial-shelf-resumed");
    await force(p, [0]);
    await p.click('[data-test="vial-shelf"] .pick-object[data-object="0"]');
    await p.waitForSelector('[data-test="vial-shelf"] .pick-object[data-object="0"].open');
    expect(await p.locator('[data-test="merlin-kind"]').count()).toBe(0);
    await shelf.waitFor();
    await p.click('[data-test="vial-shelf"] .pick-object[data-object="8"]');
    const card = p.locator('[data-test="merlin-prize"]');
    await card.waitFor({ timeout: 20_000 });
    expect(await card.locator('[data-test="merlin-kind"]').getAttribute("data-kind")).toBe("cash");
    expect(await card.textContent()).toContain(`25× the bet: €${((25 * TOTAL_BET) / 100).toFixed(2)}`);
    await shoot(p, "bewitched-07-merlin-cash");
    await accessible(p, "bewitched Merlin's gift");
    await card.locator("button").click();
    const round = await settled(p);
    expect(round.totalWin).toBe(25 * TOTAL_BET);

    // History's replay shows the round step by step: the shelf, the platform's answer (every
    // Merlin trigger asks the platform once), the three vials, Merlin's gift.
    const list = await server.api("GET", "/api/v1/history?limit=1", { token: await token(p) });
    await openPanel(p, "history");
    await p.click(`[data-replay="${list.rounds[0].roundId}"]`);
    await p.waitForSelector('[data-test="replay-ribbon"]', { state: "visible" });
    for (let n = 2; n <= 5; n++) {
      await p.waitForSelector('[data-test="replay-next"]:not([disabled])', { timeout: 20_000 });
      await p.click('[data-test="replay-next"]');
    }
    await p.locator('[data-test="merlin-prize"]').waitFor({ timeout: 20_000 });
    expect(await p.locator('[data-test="vial-shelf"] .pick-object.open').count()).toBe(3);
    expect(await p.getAttribute('[data-test="vial-shelf"] .pick-object[data-object="4"]', "aria-label")).toBe(
      "Vial 5: Nightshade",
    );
    await shoot(p, "bewitched-21-replay-merlin");
    await p.waitForSelector('[data-test="replay-next"][disabled]', { timeout: 20_000 });
    await p.click('[data-test="replay-exit"]');
    await waitIdle(p);
    expect(await p.isVisible('[data-test="vial-shelf"]')).toBe(false);
    await p.close();
  });

  it("Merlin's free spins: line wins x2, a retrigger queued after them, a reload mid-series resumes the queue", async () => {
    const p = await newPage();
    await openWithWitch(p);
    await quick(p);
    await force(p, [...MERLINS, FREE_15], [0], [1], [2]);
    await p.click('[data-test="spin"]');
    for (const vial of [2, 5, 7]) {
      await p.waitForSelector('[data-test="vial-shelf"].choosing', { timeout: 20_000 });
      await p.click(`[data-test="vial-shelf"] .pick-object[data-object="${vial}"]`);
    }
    const card = p.locator('[data-test="merlin-prize"]');
    await card.waitFor({ timeout: 20_000 });
    expect(await card.locator('[data-test="merlin-kind"]').getAttribute("data-kind")).toBe("freeSpins");
    expect(await card.textContent()).toContain("15 FREE SPINS");
    await card.locator("button").click();
    const intro = p.locator('[data-test="fs-intro"]');
    await intro.waitFor({ timeout: 20_000 });
    expect(await intro.textContent()).toContain("15 FREE SPINS");
    expect(await counterText(p)).toBe("FREE SPIN 0 OF 15 ×2");
    await accessible(p, "bewitched free spins intro");

    // Spin 1: three Witches add 10 spins, queued; spin 2: a line win, doubled; spin 3 held back.
    await force(p, THREE_WITCHES, LINE_WIN);
    const third = await holdAction(p, 3);
    await intro.locator("button").click();
    await third.reached;
    await p.waitForFunction(() => document.querySelector('[data-test="fs-spin"]')?.textContent === "2");
    expect(await counterText(p)).toMatch(/^FREE SPIN 2 OF 15 ×2 \+10 QUEUED €/);
    const wins = (await stageState(p)).wins;
    expect(wins).toHaveLength(1);
    expect(wins[0]?.label).toBe(`€${((2 * LINE_PAY) / 100).toFixed(2)} ×2`);
    await shoot(p, "bewitched-08-free-spins-queued");

    await p.reload();
    third.release();
    await intro.waitFor({ timeout: 20_000 });
    expect(await intro.textContent()).toContain("FREE SPINS IN PROGRESS");
    expect(await intro.textContent()).toContain("Free spin 2 of 15, then 10 more");
    expect(await counterText(p)).toMatch(/^FREE SPIN 2 OF 15 ×2 \+10 QUEUED €/);
    const open = await server.api("GET", "/api/v1/rounds/open", { token: await token(p) });
    expect(open.rounds[0].awaiting).toMatchObject({ type: "freeSpin", played: 2, awarded: 25 });
    await shoot(p, "bewitched-09-free-spins-resumed");
    await accessible(p, "bewitched free spins resumed");
    await force(p, ...Array.from({ length: 23 }, () => LOSING));
    await intro.locator("button").click();
    // Into the queued batch: its own count, nothing queued behind it.
    await p.waitForFunction(() => document.querySelector('[data-test="fs-of"]')?.textContent === "10", null, { timeout: 60_000 });
    expect(await counterText(p)).not.toContain("QUEUED");
    const outro = p.locator('[data-test="fs-outro"]');
    await outro.waitFor({ timeout: 90_000 });
    await outro.locator("button").click();
    const round = await settled(p);
    expect(round.events.filter((e) => e.type === "freeSpinStarted")).toHaveLength(25);
    expect(round.totalWin).toBe(3 * TOTAL_BET + 2 * LINE_PAY);
    await p.close();
  });

  it("Merlin's jackpot: revealed by the third vial with the celebration; the ticker follows the coin value; until the third vial the winner's ticker holds and a second player hears nothing, then is told", async () => {
    const p = await newPage();
    await openWithWitch(p, "morgana", await realLaunchToken(server));
    const ticker = p.locator('[data-role="jackpot-ticker-value"][data-pool="progressive"]');
    await ticker.waitFor({ state: "visible", timeout: 10_000 });
    expect(await ticker.getAttribute("data-key")).toBe("1");
    // One pool per coin value: the ticker shows the selected coin value's.
    await p.click('[data-test="coin-value-up"]');
    await p.waitForFunction(() => document.querySelector('[data-role="jackpot-ticker-value"]')?.getAttribute("data-key") === "2");
    expect(Number(await ticker.getAttribute("data-amount"))).toBeGreaterThanOrEqual(2000 * 2);
    await p.click('[data-test="coin-value-down"]');
    await p.waitForFunction(() => document.querySelector('[data-role="jackpot-ticker-value"]')?.getAttribute("data-key") === "1");
    // An operator top-up of 10.00 EUR puts the 0.01 pool above its seed (20.00 EUR), so its reset shows.
    const seed = 2000;
    await server.api("POST", "/api/v1/admin/jackpots/adjustments", {
      admin: true,
      body: { gameId: GAME, pool: "progressive", currency: "EUR", key: "1", amountMicro: 10 * 1_000_000, reason: "browser test" },
    });
    await p.waitForFunction(
      (least) => Number(document.querySelector('[data-role="jackpot-ticker-value"]')?.getAttribute("data-amount")) >= least,
      seed + 1000,
    );
    const before = Number(await ticker.getAttribute("data-amount"));

    // A second real player watches the same game.
    const other = await newPage();
    await openWithWitch(other, "ember", await realLaunchToken(server, 100_000, "Watcher"));
    await other.locator('[data-role="jackpot-toasts"][data-feed="open"]').waitFor({ state: "attached", timeout: 10_000 });
    // Toasts go after a few seconds: every one shown is noted.
    await other.evaluate(() => {
      const seen: string[] = [];
      (window as any).toastsSeen = seen;
      const box = document.querySelector('[data-role="jackpot-toasts"]') as HTMLElement;
      new MutationObserver(() => {
        for (const t of box.querySelectorAll('[data-role="jackpot-toast"]')) seen.push(t.textContent ?? "");
      }).observe(box, { childList: true });
    });

    await quick(p);
    await force(p, [...MERLINS, JACKPOT]);
    // The third vial's request waits in the browser until the test has looked at both screens.
    const thirdVial = await holdAction(p, 3);
    await p.click('[data-test="spin"]');
    for (const vial of [0, 1, 2]) {
      await p.waitForSelector('[data-test="vial-shelf"].choosing', { timeout: 20_000 });
      await p.click(`[data-test="vial-shelf"] .pick-object[data-object="${vial}"]`);
    }
    await thirdVial.reached;
    // Merlin's trigger claimed the pool (it is public: the other player's ticker drops to the
    // seed), but until the third vial shows it nobody is told: the winner's ticker keeps its
    // value one more tick (3 s) later, no toast reaches the other player, no celebration.
    await other.waitForFunction(
      (was) => Number(document.querySelector('[data-role="jackpot-ticker-value"]')?.getAttribute("data-amount")) < was,
      before,
      { timeout: 10_000 },
    );
    await p.waitForTimeout(3500);
    expect(Number(await ticker.getAttribute("data-amount"))).toBeGreaterThanOrEqual(before);
    expect(await other.evaluate(() => ((window as any).toastsSeen as string[]).length)).toBe(0);
    expect(await p.locator('[data-role="jackpot-celebration"]').isVisible()).toBe(false);
    thirdVial.release();
    const card = p.locator('[data-test="merlin-prize"]');
    await card.waitFor({ timeout: 20_000 });
    expect(await card.locator('[data-test="merlin-kind"]').getAttribute("data-kind")).toBe("jackpot");
    const won = (await lastRound(p)).events.find((e) => e.type === "jackpotWon") as unknown as { amount: number };
    expect(won.amount).toBeGreaterThanOrEqual(before);
    expect(await card.locator('[data-test="merlin-amount"]').textContent()).toBe(`€${(won.amount / 100).toFixed(2)}`);
    await shoot(p, "bewitched-10-jackpot");
    await card.locator("button").click();
    await p.locator('[data-role="jackpot-celebration"]').waitFor({ state: "visible", timeout: 60_000 });
    expect(await p.textContent('[data-role="jackpot-celebration-amount"]')).toBe(`€${(won.amount / 100).toFixed(2)}`);
    await shoot(p, "bewitched-11-jackpot-celebration");
    await p.click('[data-role="jackpot-celebration-close"]');
    await settled(p);
    // The pool went back to its seed; the other player's ticker and toast say so.
    await expect.poll(async () => Number(await ticker.getAttribute("data-amount")), { timeout: 10_000 }).toBeLessThan(won.amount);
    expect(Number(await ticker.getAttribute("data-amount"))).toBeGreaterThanOrEqual(seed);
    await other.waitForFunction(() => ((window as any).toastsSeen as string[]).length > 0, null, { timeout: 10_000 });
    expect(await other.evaluate(() => ((window as any).toastsSeen as string[])[0])).toContain(
      `€${(won.amount / 100).toFixed(2)}`,
    );
    await other.waitForFunction(
      (was) => Number(document.querySelector('[data-role="jackpot-ticker-value"]')?.getAttribute("data-amount")) < was,
      won.amount,
      { timeout: 10_000 },
    );
    await other.close();
    await p.close();
  });

  it("the double: five doubles then the limit; the next round's strip shows them, latest first; a lost double", async () => {
    const p = await newPage();
    await openWithWitch(p);
    await quick(p);
    await force(p, LINE_WIN, HEART, HEART, HEART, HEART, HEART);
    await p.click('[data-test="spin"]');
    const offer = p.locator('[data-test="double-offer"]');
    await offer.waitFor({ state: "visible", timeout: 20_000 });
    expect(await offer.textContent()).toContain(`Line win €${(LINE_PAY / 100).toFixed(2)}`);
    await shoot(p, "bewitched-12-double-offer");
    await accessible(p, "bewitched double offer");
    await p.click('[data-test="double-start"]');
    const table = p.locator('[data-test="gamble"]');
    for (let n = 1; n <= 5; n++) {
      await p.waitForSelector('[data-test="gamble"].choosing');
      expect(await table.locator('[data-test="gamble-attempt"]').textContent()).toBe(`${n} OF 5`);
      expect(await table.locator('[data-test="gamble-stake"]').textContent()).toBe(
        `€${((LINE_PAY * 2 ** (n - 1)) / 100).toFixed(2)}`,
      );
      if (n === 1) {
        await shoot(p, "bewitched-13-double");
        await accessible(p, "bewitched double");
      }
      await p.click('[data-test="gamble-red"]');
      await p.waitForFunction((k) => document.querySelectorAll('[data-test="gamble"] .gamble-history .mini').length === k, n);
    }
    // The fifth double is the last: the win is collected, no sixth card is offered.
    await p.waitForSelector('[data-test="gamble"][data-ended="attempts"]');
    expect(await table.locator('[data-test="gamble-status"]').textContent()).toContain("5 doubles, the most in one round");
    expect(await p.isDisabled('[data-test="gamble-red"]')).toBe(true);
    await shoot(p, "bewitched-14-double-limit");
    const first = await settled(p);
    expect(first.totalWin).toBe(LINE_PAY * 32);
    expect(first.events.filter((e) => e.type === "gambleCard")).toHaveLength(5);
    // Replayed, the double shows its cards and takes no guess.
    const list = await server.api("GET", "/api/v1/history?limit=1", { token: await token(p) });
    await openPanel(p, "history");
    await p.click(`[data-replay="${list.rounds[0].roundId}"]`);
    await p.waitForSelector('[data-test="replay-next"]:not([disabled])', { timeout: 20_000 });
    await p.click('[data-test="replay-next"]');
    await p.waitForFunction(() => document.querySelectorAll('[data-test="gamble"] .gamble-history .mini').length === 1);
    expect(await p.isDisabled('[data-test="gamble-red"]')).toBe(true);
    expect(await p.isVisible('[data-test="double-offer"]')).toBe(false);
    await p.click('[data-test="replay-exit"]');
    await waitIdle(p);
    expect(await p.isVisible('[data-test="gamble"]')).toBe(false);

    // The next round: the strip already holds the five hearts of the last one; a spade loses it all.
    await force(p, LINE_WIN, SPADE);
    await p.click('[data-test="spin"]');
    await offer.waitFor({ state: "visible", timeout: 20_000 });
    await p.click('[data-test="double-start"]');
    await p.waitForSelector('[data-test="gamble"].choosing');
    const strip = () => table.locator(".gamble-history .mini").allTextContents();
    expect(await strip()).toEqual(["A♥", "A♥", "A♥", "A♥", "A♥"]);
    await p.click('[data-test="gamble-red"]');
    await p.waitForSelector('[data-test="gamble"][data-ended="lost"]');
    expect(await table.locator('[data-test="gamble-status"]').textContent()).toContain("the win is lost");
    expect(await strip()).toEqual(["8♠", "A♥", "A♥", "A♥", "A♥"]);
    await shoot(p, "bewitched-15-double-lost");
    const second = await settled(p);
    expect(second.totalWin).toBe(0);
    await p.close();
  });

  it("the double after a reload resumes exactly: the same stake, guess and strip", async () => {
    const p = await newPage();
    await openWithWitch(p);
    await quick(p);
    await force(p, LINE_WIN, HEART);
    await p.click('[data-test="spin"]');
    await p.locator('[data-test="double-offer"]').waitFor({ state: "visible", timeout: 20_000 });
    await p.click('[data-test="double-start"]');
    await p.waitForSelector('[data-test="gamble"].choosing');
    await p.click('[data-test="gamble-red"]');
    await p.waitForFunction(() => document.querySelector('[data-test="gamble-attempt"]')?.textContent === "2 OF 5");
    await p.waitForSelector('[data-test="gamble"].choosing');
    await p.reload();
    await p.waitForSelector('[data-test="gamble"].choosing', { timeout: 20_000 });
    const table = p.locator('[data-test="gamble"]');
    expect(await table.locator('[data-test="gamble-attempt"]').textContent()).toBe("2 OF 5");
    expect(await table.locator('[data-test="gamble-stake"]').textContent()).toBe(`€${((2 * LINE_PAY) / 100).toFixed(2)}`);
    expect(await table.locator(".gamble-history .mini").allTextContents()).toEqual(["A♥"]);
    expect(await p.isVisible('[data-test="double-offer"]')).toBe(false);
    await shoot(p, "bewitched-16-double-resumed");
    await p.click('[data-test="gamble-collect"]');
    const round = await settled(p);
    expect(round.totalWin).toBe(2 * LINE_PAY);
    await p.close();
  });

  it("the double is never offered under autoplay, nor in the GB profile", async () => {
    const p = await newPage();
    await openWithWitch(p);
    await quick(p);
    await p.evaluate(() => {
      const offer = document.querySelector('[data-test="double-offer"]') as HTMLElement;
      new MutationObserver(() => {
        if (!offer.classList.contains("hidden")) (window as any).offerSeen = true;
      }).observe(offer, { attributes: true });
    });
    await force(p, LINE_WIN, LOSING);
    await p.click('[data-test="autoplay"]');
    await p.waitForSelector('[data-dialog="autoplay"]');
    await p.selectOption('[data-test="ap-spins"]', "10");
    await p.fill('[data-test="ap-loss"]', "1.00");
    await p.click('[data-test="ap-start"]');
    await p.waitForFunction(
      () => /^STOP [2-9]\/10$/.test(document.querySelector('[data-test="spin"]')?.textContent ?? ""),
      null,
      {
        timeout: 30_000,
      },
    );
    await p.click('[data-test="spin"]');
    await p.waitForSelector('[data-dialog="autoplay-stopped"]', { timeout: 30_000 });
    await p.keyboard.press("Escape");
    await waitIdle(p);
    expect(await p.evaluate(() => (window as any).offerSeen ?? false)).toBe(false);
    const list = await server.api("GET", "/api/v1/history?limit=10", { token: await token(p) });
    const lineRound = list.rounds[list.rounds.length - 1];
    expect(lineRound.totalWin).toBe(LINE_PAY);
    expect(lineRound.status).toBe("completed");
    const detail = await server.api("GET", `/api/v1/history/${lineRound.roundId}`, { token: await token(p) });
    expect(detail.steps).toHaveLength(1);
    await p.close();

    // GB: the jurisdiction turns the double off; the line win is paid at once.
    const player = await server.api("POST", "/api/v1/admin/players", {
      admin: true,
      body: { name: "GB player", jurisdiction: "GB" },
    });
    await server.api("POST", `/api/v1/admin/players/${player.id}/adjustments`, {
      admin: true,
      body: { amount: 5000, reason: "test" },
    });
    const { launchToken } = await server.api("POST", `/api/v1/admin/players/${player.id}/launch-tokens`, {
      admin: true,
      body: {},
    });
    const gb = await newPage();
    await openWithWitch(gb, "morgana", launchToken);
    await force(gb, LINE_WIN);
    await gb.click('[data-test="spin"]');
    // GB spaces spins out: the round may start a moment after the press.
    await expect
      .poll(async () => (await server.api("GET", "/api/v1/history?limit=1", { token: await token(gb) })).rounds.length, {
        timeout: 10_000,
      })
      .toBe(1);
    const round = await settled(gb);
    expect(round.totalWin).toBe(LINE_PAY);
    expect(await gb.isVisible('[data-test="double-offer"]')).toBe(false);
    await gb.close();
  });

  it("phone portrait 390 x 844: the witch choice, the reels, the shelf and the double fit, every control reachable", async () => {
    const p = await newPage(PHONE);
    await open(p);
    await p.locator('[data-dialog="witch-choice"]').waitFor();
    await allReachable(p, PHONE);
    await shoot(p, "bewitched-17-phone-witch");
    await accessible(p, "bewitched phone witch choice");
    await p.click('[data-test="witch-morgana"]');
    await quick(p);
    await allReachable(p, PHONE);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const reels = await p.locator(".bw-stage .reel-canvas").boundingBox();
    expect((reels?.x ?? -1) >= 0 && (reels?.x ?? 0) + (reels?.width ?? 0) <= PHONE.width + 1).toBe(true);
    await shoot(p, "bewitched-18-phone");
    await accessible(p, "bewitched phone at rest");

    await force(p, [...MERLINS, CASH_25]);
    await p.click('[data-test="spin"]');
    await p.waitForSelector('[data-test="vial-shelf"].choosing', { timeout: 20_000 });
    await allReachable(p, PHONE);
    for (const b of await visibleControls(p, '[data-test="vial-shelf"]')) {
      expect(b.width, b.name).toBeGreaterThanOrEqual(44);
      expect(b.height, b.name).toBeGreaterThanOrEqual(44);
    }
    await shoot(p, "bewitched-19-phone-shelf");
    await accessible(p, "bewitched phone shelf");
    for (const vial of [0, 4, 8]) {
      await p.waitForSelector('[data-test="vial-shelf"].choosing', { timeout: 20_000 });
      await p.click(`[data-test="vial-shelf"] .pick-object[data-object="${vial}"]`);
    }
    await p.locator('[data-test="merlin-prize"] button').click({ timeout: 20_000 });
    await settled(p);

    await force(p, LINE_WIN);
    await p.click('[data-test="spin"]');
    await p.locator('[data-test="double-offer"]').waitFor({ state: "visible", timeout: 20_000 });
    await allReachable(p, PHONE);
    await p.click('[data-test="double-start"]');
    await p.waitForSelector('[data-test="gamble"].choosing');
    await allReachable(p, PHONE);
    for (const b of await visibleControls(p, '[data-test="gamble"]')) {
      expect(b.width, b.name).toBeGreaterThanOrEqual(44);
      expect(b.height, b.name).toBeGreaterThanOrEqual(44);
    }
    await shoot(p, "bewitched-20-phone-double");
    await accessible(p, "bewitched phone double");
    await p.click('[data-test="gamble-collect"]');
    await settled(p);
    expect(pageErrors).toEqual([]);
    await p.close();
  });
});
