/**
 * Accessibility of every screen of every game, in real Chromium against the real server
 * (test mode, SQLite): axe-core (WCAG 2.0 / 2.1 A and AA, and its best practices) on the
 * lobby, both playable games at rest and in their features (forced outcomes), every panel
 * and dialog, the phone's menu, Jackpot Cards, the jackpot ticker, toast and celebration,
 * and the kit gallery with the gamble; on desktop and phone portrait (390 x 844). Text over
 * a gradient, which axe leaves undecided, is measured against every stop (`a11y.ts`). And
 * the live region says the balance after each round, not only the win.
 *
 * The server adds Jackpot Cards to Mona Lisa Jewels with a 1/1 trigger (test mode only), so
 * each Mona Lisa round ends on the card screen; Mermaid Treasure's rounds stay plain.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it, type TestContext } from "vitest";
import { BASE, type Cell, grid, JEWEL, mustStops } from "../../games/src/mona-lisa-jewels/test-kit.js";
import { formatMoney } from "../src/format.js";
import { audit, describeFindings, type Finding, runAxe, textContrast } from "./a11y.js";
import { browserSuite, DESKTOP, holdAction, PHONE, type Viewport } from "./client.js";
import { HAS_CHROMIUM, SCREENSHOTS } from "./harness.js";
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
import { realLaunchToken } from "./real-player.js";

const BET: TestBet = { coinValue: 10, coinsPerLine: 1, lines: 15 };
const MONA = "mona-lisa-jewels";
const MONA_MAX = { coinValue: 20, coinsPerLine: 10, lines: 25 };
const PLAIN: Cell = { not: ["SCATTER", "JEWEL", "WILD", "JACKPOT"] };
const CALM: Cell = { not: ["SCATTER", "JEWEL", "WILD"] };
const MONA_QUIET = mustStops(BASE, grid(PLAIN), "a quiet Mona Lisa spin");
const JEWEL_TRIGGER = mustStops(BASE, [["JEWEL", CALM, "JEWEL"], ...grid(PLAIN).slice(1)], "a plain Jewel trigger");
const QUIET_JEWEL = mustStops(JEWEL, grid(PLAIN).slice(1), "a quiet Jewel spin");
const JACKPOT = mustStops(
  BASE,
  grid(PLAIN, ...Array.from({ length: 5 }, (_, r) => [r, 0, "JACKPOT"] as const), [2, 1, CALM]),
  "5 JACKPOT on the top row",
);

if (!HAS_CHROMIUM) console.warn("SKIPPED accessibility tests: /usr/bin/chromium is not installed.");

describe.skipIf(!HAS_CHROMIUM)("accessibility of every screen (axe-core in Chromium, real server)", () => {
  const { server, newPage, waitIdle, openGame, force, quick, openPanel, token, serverSession, pageErrors } = browserSuite({
    REELHOUSE_JACKPOT_CARDS_GAMES: MONA,
    REELHOUSE_JACKPOT_CARDS_TRIGGER: "1/1",
  });

  /** Every screen audited, with the number of elements each rule flagged (`.artifacts/accessibility.json`). */
  const summary: Record<string, Record<string, number>> = {};
  afterAll(() => {
    const dir = join(SCREENSHOTS, "..");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "accessibility.json"), `${JSON.stringify(summary, null, 2)}\n`);
  });

  /** Audits each screen as it comes; the test ends by listing them all (empty when clean). */
  function auditor() {
    const found: Finding[] = [];
    const screens: string[] = [];
    return {
      async check(p: Page, screen: string): Promise<void> {
        screens.push(screen);
        const findings = await audit(p, screen);
        const counts: Record<string, number> = {};
        for (const f of findings) counts[f.rule] = (counts[f.rule] ?? 0) + f.targets.length;
        summary[screen] = counts;
        found.push(...findings);
      },
      expectClean(): void {
        expect(describeFindings(found), `screens audited: ${screens.join(", ")}`).toBe("");
      },
    };
  }

  /** Opens a panel, audits it, closes it with Escape. */
  async function panel(a: ReturnType<typeof auditor>, p: Page, name: string, dialog: string, screen: string): Promise<void> {
    await openPanel(p, name);
    await p.waitForSelector(`[data-dialog="${dialog}"]`);
    if (dialog === "history") await p.waitForSelector('[data-dialog="history"] :is(table, .history-card, p)');
    await a.check(p, screen);
    await p.keyboard.press("Escape");
    await p.waitForSelector(`[data-dialog="${dialog}"]`, { state: "detached" });
  }

  const live = (p: Page) => p.textContent('[data-test="live"]');

  /** A fresh page, closed when the test ends, passed or failed: a page left open keeps drawing and slows the others. */
  async function pageFor(t: TestContext, viewport: Viewport = DESKTOP): Promise<Page> {
    const p = await newPage(viewport);
    t.onTestFinished(() => p.close().catch(() => {}));
    return p;
  }

  // Each test has its own pages and demo players: they run side by side (most of their time
  // is reels and cards in motion), in one browser against one server.
  describe.concurrent("screens", { timeout: 180_000 }, () => {
    it("the lobby, desktop and phone", async (t) => {
      const a = auditor();
      for (const [viewport, name] of [
        [DESKTOP, "desktop"],
        [PHONE, "phone"],
      ] as [Viewport, string][]) {
        const p = await pageFor(t, viewport);
        await p.goto(server.url);
        await p.waitForSelector(`[data-test="play-${MONA}"]:not([disabled])`);
        await a.check(p, `lobby (${name})`);
        await p.close();
      }
      a.expectClean();
    });

    it("after a round the live region says the win and the balance", async (t) => {
      const p = await pageFor(t);
      await openGame(p);
      await quick(p);
      await force(p, losingStops(BET));
      await p.click('[data-test="spin"]');
      await waitIdle(p);
      let balance = formatMoney((await serverSession(p)).balance, "EUR");
      expect(await live(p)).toBe(`No win. Balance ${balance}.`);
      await force(p, lineWinStops(BET));
      await p.click('[data-test="spin"]');
      await waitIdle(p);
      const history = await server.api("GET", "/api/v1/history?limit=1", { token: await token(p) });
      balance = formatMoney((await serverSession(p)).balance, "EUR");
      const said = (await live(p)) ?? "";
      expect(said.startsWith(`You won ${formatMoney(history.rounds[0].totalWin, "EUR")}.`)).toBe(true);
      expect(said.endsWith(`Balance ${balance}.`)).toBe(true);
      await p.close();
    });

    it("Mermaid Treasure at rest, after a win, and every panel and dialog (desktop)", async (t) => {
      const a = auditor();
      const p = await pageFor(t);
      await openGame(p);
      await quick(p);
      await a.check(p, "Mermaid at rest");
      await force(p, lineWinStops(BET));
      await p.click('[data-test="spin"]');
      await waitIdle(p);
      await a.check(p, "Mermaid after a line win");
      await panel(a, p, "paytable", "paytable", "Mermaid paytable");
      await panel(a, p, "lines-info", "lines", "Mermaid lines");
      await panel(a, p, "rules", "rules", "Mermaid rules");
      await panel(a, p, "settings", "settings", "settings");
      await panel(a, p, "history", "history", "history");
      await openPanel(p, "history");
      await p.click("[data-replay]");
      await p.waitForSelector('[data-test="replay-ribbon"]', { state: "visible" });
      await a.check(p, "replay");
      await p.click('[data-test="replay-exit"]');
      await waitIdle(p);
      await panel(a, p, "autoplay", "autoplay", "autoplay form");
      await p.click('[data-test="bet-max"]');
      await p.waitForSelector('[data-dialog="bet-max"]');
      await a.check(p, "BET MAX dialog");
      await p.keyboard.press("Escape");
      await p.waitForSelector('[data-dialog="bet-max"]', { state: "detached" });
      const session = await serverSession(p);
      await server.api("POST", `/api/v1/admin/players/${session.player.id}/adjustments`, {
        admin: true,
        body: { amount: -(session.balance - 120), reason: "accessibility test: leave 1.20" },
      });
      // A deliberate press: presses under 250 ms after the last one are one burst (press guard).
      await p.waitForTimeout(300);
      await p.click('[data-test="spin"]');
      await p.waitForSelector('[data-dialog="insufficient-funds"]');
      await a.check(p, "insufficient-funds dialog");
      await p.close();
      a.expectClean();
    });

    it("Mermaid Treasure's features: free spins (intro, a spin in play) and the Treasure pick", async (t) => {
      const a = auditor();
      const p = await pageFor(t);
      await openGame(p);
      await quick(p);
      const trigger = freeSpinTriggerStops(BET);
      await force(p, trigger.stops, ...quietFreeSpinStops(trigger.step.state, 10));
      await p.click('[data-test="spin"]');
      await p.waitForSelector('[data-test="fs-intro"]', { timeout: 20_000 });
      await a.check(p, "Mermaid free-spin intro");
      const second = await holdAction(p, 2);
      await p.click('[data-test="fs-intro"] button');
      await second.reached;
      await p.waitForFunction(() => document.querySelector('[data-test="fs-played"]')?.textContent === "1");
      await a.check(p, "Mermaid free spins in play");
      second.release();
      // The series' outro is the intro's card (audited above, same markup and colours) with other
      // words: the page leaves the series here rather than wait out ten free spins.
      await p.close();

      const q = await pageFor(t);
      await openGame(q);
      await quick(q);
      const top = Math.max(...PICK_PRIZES);
      await force(q, bonusTriggerStops(BET, 3), [pickDrawFor(top)], [pickDrawFor(top)], [pickDrawFor(top)]);
      await q.click('[data-test="spin"]');
      await q.waitForSelector(".pick-screen.choosing", { timeout: 20_000 });
      await a.check(q, "Treasure pick");
      for (const object of [0, 5, 11]) {
        await q.waitForSelector(".pick-screen.choosing");
        await q.click(`.pick-object[data-object="${object}"]`);
        await q.waitForSelector(`.pick-object[data-object="${object}"].open`);
      }
      await q.waitForFunction(() => document.querySelector('[data-test="pick-status"]')?.textContent?.includes("BONUS"));
      await a.check(q, "Treasure pick complete");
      await waitIdle(q, 60_000);
      await q.close();
      a.expectClean();
    });

    it("Mona Lisa Jewels: at rest with the jackpot ticker, Jewel spins, Jackpot Cards, paytable and rules (desktop)", async (t) => {
      const a = auditor();
      const p = await pageFor(t);
      await openGame(p, `/#/play/${MONA}`);
      await quick(p);
      await p.waitForSelector('[data-role="jackpot-ticker-value"]');
      await a.check(p, "Mona Lisa at rest with ticker");
      await panel(a, p, "paytable", "paytable", "Mona Lisa paytable");
      await panel(a, p, "lines-info", "lines", "Mona Lisa lines");
      await panel(a, p, "rules", "rules", "Mona Lisa rules");
      await force(p, JEWEL_TRIGGER, QUIET_JEWEL, QUIET_JEWEL);
      await p.click('[data-test="spin"]');
      await p.waitForSelector('[data-test="fs-intro"]', { timeout: 20_000 });
      await a.check(p, "Mona Lisa Jewel intro");
      const second = await holdAction(p, 2);
      await p.click('[data-test="fs-intro"] button');
      await second.reached;
      await p.waitForFunction(() => document.querySelector('[data-test="jewel-played"]')?.textContent === "1");
      await a.check(p, "Mona Lisa Jewel spins in play");
      second.release();
      const outro = p.locator('[data-test="fs-outro"] button');
      await outro.waitFor({ state: "visible", timeout: 60_000 });
      await a.check(p, "Mona Lisa outro");
      // The outro closes by itself after 4 s, perhaps while it was audited: pressed if still there.
      await outro.click({ timeout: 2_000 }).catch(() => {});
      // The round's end opens Jackpot Cards (1/1 here).
      const cards = p.locator('[data-test="jackpot-cards"]');
      await cards.waitFor({ state: "visible", timeout: 20_000 });
      await p.waitForSelector('[data-test="jackpot-cards"].choosing');
      await a.check(p, "Jackpot Cards dealt");
      while ((await p.locator('[data-test="jackpot-cards-win"]').count()) === 0) {
        const open = await p.locator('[data-test="jackpot-cards"] .jc-card.open').count();
        await p.locator('[data-test="jackpot-cards"].choosing .jc-card:not(.open)').first().click();
        await p.waitForFunction((n) => document.querySelectorAll('[data-test="jackpot-cards"] .jc-card.open').length > n, open);
      }
      await a.check(p, "Jackpot Cards won");
      await cards.waitFor({ state: "hidden", timeout: 20_000 });
      await waitIdle(p);
      await p.close();
      a.expectClean();
    });

    it("phone portrait 390 x 844: game, menu, panels, history cards, autoplay, features, Jackpot Cards", async (t) => {
      const a = auditor();
      const p = await pageFor(t, PHONE);
      await openGame(p);
      await quick(p);
      await a.check(p, "phone: Mermaid at rest");
      await p.click('[data-test="menu"]');
      await p.waitForSelector('[data-dialog="menu"]');
      await a.check(p, "phone: menu");
      await p.keyboard.press("Escape");
      await p.waitForSelector('[data-dialog="menu"]', { state: "detached" });
      await force(p, lineWinStops(BET));
      await p.click('[data-test="spin"]');
      await waitIdle(p);
      await a.check(p, "phone: after a win");
      await panel(a, p, "paytable", "paytable", "phone: paytable");
      await panel(a, p, "lines-info", "lines", "phone: lines");
      await panel(a, p, "rules", "rules", "phone: rules");
      await panel(a, p, "history", "history", "phone: history cards");
      await panel(a, p, "settings", "settings", "phone: settings");
      await p.click('[data-test="autoplay"]');
      await p.waitForSelector('[data-dialog="autoplay"]');
      await a.check(p, "phone: autoplay form");
      await p.keyboard.press("Escape");
      await force(p, bonusTriggerStops(BET, 3));
      await p.click('[data-test="spin"]');
      await p.waitForSelector(".pick-screen.choosing", { timeout: 20_000 });
      await a.check(p, "phone: Treasure pick");
      await p.close();

      const m = await pageFor(t, PHONE);
      await openGame(m, `/#/play/${MONA}`);
      await quick(m);
      await m.waitForSelector('[data-role="jackpot-ticker-value"]');
      await a.check(m, "phone: Mona Lisa with ticker");
      await force(m, MONA_QUIET);
      await m.click('[data-test="spin"]');
      await m.waitForSelector('[data-test="jackpot-cards"].choosing', { timeout: 20_000 });
      await a.check(m, "phone: Jackpot Cards");
      await m.close();
      a.expectClean();
    });

    it("the kit gallery (/kit.html) with the pick screen and the gamble open, desktop and phone", async (t) => {
      const a = auditor();
      for (const [viewport, name] of [
        [DESKTOP, "desktop"],
        [PHONE, "phone"],
      ] as [Viewport, string][]) {
        const p = await pageFor(t, viewport);
        await p.goto(`${server.url}/kit.html`);
        await p.evaluate(() => (window as any).kits.ready);
        await p.evaluate(() => {
          const kits = (window as any).kits;
          kits.pick.open(2, 12);
          void kits.pick.pick();
          kits.gamble.open({ stake: 200, attemptsLeft: 3, history: [{ suit: "spades", rank: "7" }] });
          void kits.gamble.pick();
        });
        await p.waitForSelector('[data-kit="gamble"] .gamble-screen.choosing');
        await a.check(p, `kit gallery (${name})`);
        await p.close();
      }
      a.expectClean();
    });

    it("operator free rounds: the lobby's badge, the bar and PLAY FREE ROUND", async (t) => {
      const a = auditor();
      const p = await pageFor(t);
      await openGame(p);
      const session = await serverSession(p);
      await server.api("POST", `/api/v1/admin/players/${session.player.id}/bonus-grants`, {
        admin: true,
        body: { gameId: "mermaid-treasure", bet: BET, spins: 3 },
      });
      await p.goto(`${server.url}/#/`);
      await p.waitForSelector('[data-test="free-badge-mermaid-treasure"]');
      await a.check(p, "lobby with free rounds");
      await p.click('[data-test="play-mermaid-treasure"]');
      await p.waitForSelector('[data-test="spin"][data-free]:not([disabled])');
      await a.check(p, "free rounds bar");
      await p.close();
      a.expectClean();
    });

    it("the gradient check fails the old SPIN (white on #8ff0ff/#16a3d8/#064a86), which axe alone leaves undecided", async (t) => {
      const p = await pageFor(t);
      await p.goto(`${server.url}/kit.html`);
      await p.evaluate(() => {
        const old = document.createElement("button");
        old.className = "spin-btn";
        old.dataset.test = "old-spin";
        old.textContent = "SPIN";
        old.style.background = "radial-gradient(circle at 40% 30%, #8ff0ff, #16a3d8 45%, #064a86 100%)";
        (document.querySelector("main") ?? document.body).prepend(old);
      });
      const { violations, incomplete } = await runAxe(p);
      const onOld = (r: { nodes: { html: string }[] }) => r.nodes.some((n) => n.html.includes('data-test="old-spin"'));
      expect(violations.filter((r) => r.id === "color-contrast" && onOld(r))).toEqual([]);
      expect(incomplete.filter(onOld).map((r) => r.id)).toEqual(["color-contrast"]);
      const found = await textContrast(p, "old SPIN");
      expect(found.map((f) => f.targets.join())).toEqual([
        expect.stringMatching(/^\[data-test="old-spin"\] "SPIN": #ffffff on #8ff0ff is 1\.31:1/),
      ]);
      await p.close();
    });
  });

  // A jackpot win's toast reaches every page of the browser: after the others, alone.
  describe("jackpot notices", { timeout: 90_000 }, () => {
    it("the jackpot toast (another player's win) and the celebration (one's own), desktop and phone", async (t) => {
      const a = auditor();
      const watcher = await pageFor(t, DESKTOP);
      const winner = await pageFor(t, PHONE);
      await openGame(watcher);
      // The winner plays real money: a demo player's wins reach no one's feed.
      await openGame(winner, `/?launch=${await realLaunchToken(server)}`);
      for (const p of [watcher, winner])
        await p.waitForSelector('[data-role="jackpot-toasts"][data-feed="open"]', { state: "attached" });
      await server.api("POST", `/api/v1/games/${MONA}/rounds`, {
        token: await token(winner),
        body: { bet: MONA_MAX, requestId: crypto.randomUUID(), force: { draws: JACKPOT } },
      });
      await watcher.locator('[data-role="jackpot-toast"]').first().waitFor({ state: "visible", timeout: 10_000 });
      await a.check(watcher, "jackpot toast (desktop)");
      await winner.locator('[data-role="jackpot-celebration"]').waitFor({ state: "visible", timeout: 10_000 });
      await a.check(winner, "jackpot celebration (phone)");
      await watcher.close();
      await winner.close();
      a.expectClean();
    });

    it("raised no page errors", () => {
      expect(pageErrors).toEqual([]);
    });
  });
});
