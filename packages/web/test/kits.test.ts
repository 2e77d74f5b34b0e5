/**
 * The shell's kits for the next games, in real Chromium on the kit gallery (`/kit.html`,
 * served by the real server): bet panels from three bet schemas, reel stages of other
 * shapes with held cells, an expanded reel and a nudge, the pick screen and the gamble.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit, describeFindings } from "./a11y.js";
import { HAS_CHROMIUM, type RunningServer, shoot, startBrowser, startServer } from "./harness.js";

if (!HAS_CHROMIUM) console.warn("SKIPPED kit browser tests: /usr/bin/chromium is not installed.");

describe.skipIf(!HAS_CHROMIUM)("client kits (Chromium, kit gallery)", () => {
  let server: RunningServer;
  let browser: Awaited<ReturnType<typeof startBrowser>>;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await startBrowser();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${server.url}/kit.html`);
    await page.evaluate(() => (window as any).kits.ready);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A fingerprint of one cell's pixels on a stage's canvas (cells 200 x 180, 20 units of side, 26 of top, in stage units). */
  const cellPixels = (stage: string, reel: number, row: number) =>
    page.evaluate(
      ({ stage, reel, row }) => {
        const canvas = document.querySelector<HTMLCanvasElement>(`[data-kit="${stage}"] canvas`) as HTMLCanvasElement;
        const reels = stage === "stage-5x4" ? 5 : 3;
        const scale = canvas.width / (reels * 200 + 40);
        const [x, y, w, h] = [(20 + reel * 200 + 10) * scale, (26 + row * 180 + 10) * scale, 180 * scale, 160 * scale];
        const data = (canvas.getContext("2d") as CanvasRenderingContext2D).getImageData(x, y, w, h).data;
        let hash = 0;
        for (let i = 0; i < data.length; i += 7) hash = (Math.imul(hash, 31) + (data[i] as number)) | 0;
        return hash;
      },
      { stage, reel, row },
    );
  const stageState = (stage: string) =>
    page.evaluate(
      (s) => JSON.parse(document.querySelector<HTMLElement>(`[data-kit="${s}"] canvas`)?.dataset.state ?? "{}"),
      stage,
    );

  it("bet panels come from the schema: line bets, fixed totals with buy modes, a stake in two currencies", async () => {
    const lines = '[data-kit="bet-lines"]';
    expect(await page.locator(`${lines} .selector label`).allTextContents()).toEqual(["COIN VALUE", "COINS / LINE", "LINES"]);
    expect(await page.textContent(`${lines} [data-test="stake-shown"]`)).toBe("€2.50");
    await page.click(`${lines} [data-test="coins-up"]`);
    expect(await page.textContent(`${lines} [data-test="stake-shown"]`)).toBe("€5.00");
    expect(await page.evaluate(() => (window as any).kits.panels.lines.choice())).toEqual({
      coinValue: 10,
      coinsPerLine: 2,
      lines: 25,
    });

    const fixed = '[data-kit="bet-fixed"]';
    expect(await page.locator(`${fixed} .selector label`).allTextContents()).toEqual(["STAKE", "BUY"]);
    expect(await page.textContent(`${fixed} [data-test="stake"]`)).toBe("€0.40");
    for (let i = 0; i < 10; i++) await page.click(`${fixed} [data-test="stake-up"]`);
    expect(await page.textContent(`${fixed} [data-test="stake"]`)).toBe("€50.00"); // the top of 0.40–50.00
    await page.click(`${fixed} [data-test="stake-down"]`);
    await page.click(`${fixed} [data-test="buy-bonus"]`);
    await page.click('dialog[data-dialog="buy-bonus"] li[data-mode="wild1"] button');
    expect(await page.textContent(`${fixed} [data-test="stake-shown"]`)).toBe("€90.00"); // 4.5 x 20.00
    expect(await page.evaluate(() => (window as any).kits.panels.fixed.choice())).toEqual({ stake: 6, mode: "wild1" });

    const bonus = '[data-kit="bet-bonus"]';
    expect(await page.textContent(`${bonus} [data-test="stake"]`)).toBe("€0.20 + 1 Bonus");
    await page.click(`${bonus} [data-test="stake-up"]`);
    expect(await page.textContent(`${bonus} [data-test="stake-shown"]`)).toBe("€0.20 + 2 Bonus");
    await shoot(page, "30-kit-bet-panels");
  });

  it("reel stage 3 x 3: a held cell stays put while its reel spins, the reel lands on the server's column, a nudge moves it", async () => {
    await page.evaluate(() => (window as any).kits.stage3x3.hold([{ reel: 1, row: 1, symbol: "W" }]));
    await page.waitForFunction(() => {
      const s = JSON.parse(document.querySelector<HTMLElement>('[data-kit="stage-3x3"] canvas')?.dataset.state ?? "{}");
      return s.held?.length === 1;
    });
    const heldBefore = await cellPixels("stage-3x3", 1, 1);
    const freeBefore = await cellPixels("stage-3x3", 0, 1);
    await page.evaluate(() => (window as any).kits.stage3x3.spin());
    await page.waitForTimeout(400);
    // While spinning: the held cell is the same picture, its neighbour is not.
    expect(await cellPixels("stage-3x3", 1, 1)).toBe(heldBefore);
    expect(await cellPixels("stage-3x3", 0, 1)).not.toBe(freeBefore);
    const window3 = [
      ["A", "B", "C"],
      ["D", "W", "A"],
      ["B", "C", "D"],
    ];
    await page.evaluate((w) => (window as any).kits.stage3x3.land(w), window3);
    expect((await stageState("stage-3x3")).window).toEqual(window3);
    await page.evaluate(() => (window as any).kits.stage3x3.release());
    await page.evaluate(() => (window as any).kits.stage3x3.nudge(2, 1, ["A", "B", "C"]));
    await page.waitForTimeout(50);
    expect((await stageState("stage-3x3")).window[2]).toEqual(["A", "B", "C"]);
    await shoot(page, "31-kit-stage-3x3");
  });

  it("reel stage with lines given as cells: rows, columns and diagonals of a 3 x 3 window draw, column badges above and below", async () => {
    // The badge area above the middle column (a column line's badge) and the corner above the first reel (nothing).
    const at = (x: number, y: number) =>
      page.evaluate(
        ({ x, y }) => {
          const canvas = document.querySelector<HTMLCanvasElement>('[data-kit="stage-lines"] canvas') as HTMLCanvasElement;
          const scale = canvas.width / (3 * 200 + 2 * 54);
          const d = (canvas.getContext("2d") as CanvasRenderingContext2D).getImageData(x * scale, y * scale, 1, 1).data;
          return [d[0], d[1], d[2], d[3]];
        },
        { x, y },
      );
    const columnBadge = await at(54 + 200 + 100, 13);
    const empty = await at(54 + 10, 13);
    expect(columnBadge).not.toEqual(empty);
    // A column line lit: the middle of its top cell's upper edge changes (the line passes through it vertically).
    const before = await at(54 + 200 + 100, 26 + 30);
    await page.evaluate(() => (window as any).kits.stageLines.previewLines(8, 60_000));
    await page.waitForTimeout(100);
    expect(await at(54 + 200 + 100, 26 + 30)).not.toEqual(before);
    await page.locator('[data-kit="stage-lines"]').scrollIntoViewIfNeeded();
    await shoot(page, "33-kit-stage-lines");
    await page.evaluate(() => (window as any).kits.stageLines.previewLines(0, 0));
  });

  it("reel stage 5 x 4: lands a 5 x 4 window and shows an expanded wild over a whole reel", async () => {
    const window5 = Array.from({ length: 5 }, (_, r) => Array.from({ length: 4 }, (_, k) => "ABCD"[(r * 3 + k) % 4]));
    await page.evaluate(async (w) => {
      const stage = (window as any).kits.stage5x4;
      stage.spin();
      await stage.land(w);
    }, window5);
    expect((await stageState("stage-5x4")).window).toEqual(window5);
    const before = [await cellPixels("stage-5x4", 2, 0), await cellPixels("stage-5x4", 2, 3)];
    await page.evaluate(() => (window as any).kits.stage5x4.expand(2, "W"));
    await page.waitForFunction(() => {
      const s = JSON.parse(document.querySelector<HTMLElement>('[data-kit="stage-5x4"] canvas')?.dataset.state ?? "{}");
      return s.expanded?.length === 1;
    });
    expect((await stageState("stage-5x4")).expanded).toEqual([[2, "W"]]);
    const after = [await cellPixels("stage-5x4", 2, 0), await cellPixels("stage-5x4", 2, 3)];
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    await shoot(page, "32-kit-stage-5x4");
  });

  it("pick screen: the player's object, the server's prize, closed objects empty", async () => {
    const picked = page.evaluate(() => {
      const pick = (window as any).kits.pick;
      pick.open(2, 12);
      return pick.pick();
    });
    await page.waitForSelector('[data-kit="pick"] .pick-screen.choosing');
    expect(await page.locator('[data-kit="pick"] .pick-object').count()).toBe(12);
    expect(await page.textContent('[data-kit="pick"] [data-test="pick-status"]')).toBe("PICK 2 OF 12");
    await page.click('[data-kit="pick"] .pick-object[data-object="4"]');
    expect(await picked).toBe(4);
    await page.evaluate(() => (window as any).kits.pick.reveal({ object: 4, coins: 50, amount: 500 }));
    expect(await page.textContent('[data-kit="pick"] .pick-object[data-object="4"] .pick-prize')).toBe("€5.00");
    expect(await page.locator('[data-kit="pick"] .pick-object:not(.open) .pick-prize:not(:empty)').count()).toBe(0);
    expect(await page.getAttribute('[data-kit="pick"] .pick-object[data-object="4"]', "aria-label")).toBe("Ball 5: €5.00");
  });

  it("gamble: red or black, the server's card turned over, the strip of last cards, no guess past the limit", async () => {
    const first = page.evaluate(() => {
      const gamble = (window as any).kits.gamble;
      gamble.open({ stake: 200, attemptsLeft: 1, history: [{ suit: "spades", rank: "7" }] });
      return gamble.pick();
    });
    await page.waitForSelector('[data-kit="gamble"] .gamble-screen.choosing');
    expect(await page.textContent('[data-kit="gamble"] [data-test="gamble-pays"]')).toBe("€4.00");
    await page.click('[data-kit="gamble"] [data-test="gamble-red"]');
    expect(await first).toBe("red");
    await page.evaluate(() => (window as any).kits.gamble.reveal({ suit: "hearts", rank: "Q" }, true, 400, 0));
    expect(await page.textContent('[data-kit="gamble"] [data-test="gamble-stake"]')).toBe("€4.00");
    expect(await page.getAttribute('[data-kit="gamble"] [data-test="gamble-card"]', "aria-label")).toBe("Q of hearts");
    expect(await page.locator('[data-kit="gamble"] .gamble-history .mini').allTextContents()).toEqual(["Q♥", "7♠"]);
    const second = page.evaluate(() => (window as any).kits.gamble.pick());
    await page.waitForSelector('[data-kit="gamble"] .gamble-screen.choosing');
    // The limit is reached: only COLLECT remains.
    expect(await page.isDisabled('[data-kit="gamble"] [data-test="gamble-red"]')).toBe(true);
    expect(await page.isDisabled('[data-kit="gamble"] [data-test="gamble-black"]')).toBe(true);
    // A press within 250 ms of the last one continues its burst and does nothing (press-guard.ts): a player's next press comes later.
    await page.waitForTimeout(300);
    await page.click('[data-kit="gamble"] [data-test="gamble-collect"]');
    expect(await second).toBe("collect");
    await shoot(page, "33-kit-gamble");
  });

  it("Buy Bonus: plain modes priced at the stake, the GUARANTEED PRIZES switch, ACTIVE, the stake cap, turned off, kept in the preferences", async () => {
    const fixed = '[data-kit="bet-fixed"]';
    const dialog = 'dialog[data-dialog="buy-bonus"]';
    const button = `${fixed} [data-test="buy-bonus"]`;
    const kits = () => page.evaluate(() => (window as any).kits.panels.fixed.choice());
    const kept = () => page.evaluate(() => (window as any).kits.preferences());
    const prices = () => page.locator(`${dialog} [data-test="buy-price"]`).allTextContents();
    const settled = () => page.evaluate(() => (window as any).kits.panels.fixed.panel.buy.settled());
    // A fresh start: nothing kept (the gallery's "server" is the tab's sessionStorage).
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await page.evaluate(() => (window as any).kits.ready);
    expect((await page.textContent(button))?.trim()).toBe("BUY BONUS");
    expect(await kits()).toEqual({ stake: 0 });

    // The panel: a modal dialog, the three plain modes at €0.40, the switch off.
    await page.click(button);
    await page.waitForSelector(dialog);
    expect(await page.getAttribute(dialog, "aria-modal")).toBe("true");
    expect(
      await page.locator(`${dialog} li[data-mode]`).evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.mode)),
    ).toEqual(["wild1", "wild2", "wild3"]);
    expect(await prices()).toEqual(["€1.80", "€6.00", "€28.60"]);
    const toggle = page.locator(`${dialog} [data-test="buy-guaranteed"]`);
    expect(await toggle.getAttribute("role")).toBe("switch");
    expect(await toggle.isChecked()).toBe(false);
    expect(await page.locator(`${dialog} [role="switch"]`).getAttribute("type")).toBe("checkbox");
    // Each BUY is named by its mode and price.
    expect(await page.getAttribute(`${dialog} li[data-mode="wild2"] button`, "aria-label")).toBe("Buy 2 wilds for €6.00");
    expect(await page.locator(`${dialog} [data-test="buy-off"]`).count()).toBe(0);

    // GUARANTEED PRIZES on: the partners' prices; 3 wilds has none and keeps its own.
    await toggle.click();
    expect(await toggle.isChecked()).toBe(true);
    expect(await prices()).toEqual(["€4.80", "€10.00", "€28.60"]);
    expect(await page.getAttribute(`${dialog} li[data-mode="wild1"]`, "data-buys")).toBe("wild1-guaranteed");
    expect(await page.textContent(`${dialog} li[data-mode="wild3"]`)).toContain("No guaranteed prizes");
    await shoot(page, "34-kit-buy-bonus-guaranteed");
    // axe-core and the every-stop contrast check on the open panel.
    const findings = await audit(page, "Buy Bonus panel");
    expect(findings, describeFindings(findings)).toEqual([]);
    await page.click(`${dialog} li[data-mode="wild1"] button`);
    await page.waitForSelector(dialog, { state: "detached" });
    expect(await kits()).toEqual({ stake: 0, mode: "wild1-guaranteed" });
    expect(await page.textContent(`${fixed} [data-test="stake-shown"]`)).toBe("€4.80");
    expect(await page.textContent(`${button} .buy-title`)).toBe("ACTIVE");
    expect(await page.textContent(`${button} .buy-detail`)).toBe("1 wild, guaranteed prizes");
    await settled();
    // Kept beside the game's own key.
    expect(await kept()).toEqual({ other: "kept", buyMode: "wild1-guaranteed" });

    // Reopened: the mode in play is marked ACTIVE, the switch on; the switch off goes back to the plain mode.
    await page.click(button);
    await page.waitForSelector(dialog);
    const activeRow = `${dialog} li[data-mode="wild1"]`;
    expect(await page.getAttribute(`${activeRow} button`, "aria-pressed")).toBe("true");
    expect(await page.textContent(`${activeRow} button`)).toBe("ACTIVE");
    expect(await toggle.isChecked()).toBe(true);
    // The switch answers the keyboard like any checkbox.
    await toggle.focus();
    await page.keyboard.press("Space");
    expect(await toggle.isChecked()).toBe(false);
    expect(await kits()).toEqual({ stake: 0, mode: "wild1" });
    expect(await prices()).toEqual(["€1.80", "€6.00", "€28.60"]);
    expect(await page.getAttribute(`${activeRow} button`, "aria-pressed")).toBe("true");
    await page.keyboard.press("Escape");
    await page.waitForSelector(dialog, { state: "detached" });

    // At €20.00 the mode (€90.00) is within the cap of €100.00; 2 and 3 wilds are not, and say why.
    for (let i = 0; i < 6; i++) await page.click(`${fixed} [data-test="stake-up"]`);
    expect(await kits()).toEqual({ stake: 6, mode: "wild1" });
    expect(await page.textContent(`${fixed} [data-test="stake-shown"]`)).toBe("€90.00");
    await page.click(button);
    await page.waitForSelector(dialog);
    expect(await page.isDisabled(`${dialog} li[data-mode="wild2"] button`)).toBe(true);
    expect(await page.isDisabled(`${dialog} li[data-mode="wild3"] button`)).toBe(true);
    expect(await page.textContent(`${dialog} li[data-mode="wild2"] [data-test="buy-refused"]`)).toBe(
      "Costs €300.00: above the limit of €100.00 a spin",
    );
    // The reason is the disabled button's description.
    const describedBy = await page.getAttribute(`${dialog} li[data-mode="wild2"] button`, "aria-describedby");
    expect(await page.textContent(`${dialog} #${describedBy}`)).toContain("above the limit");
    // Guaranteed 1 wild would cost €240.00: the switch stays off and says why.
    await toggle.click();
    expect(await toggle.isChecked()).toBe(false);
    expect(await page.textContent(`${dialog} [data-test="buy-status"]`)).toContain("above the limit of €100.00");
    expect(await kits()).toEqual({ stake: 6, mode: "wild1" });
    await shoot(page, "35-kit-buy-bonus-cap");
    const capped = await audit(page, "Buy Bonus panel, modes above the cap");
    expect(capped, describeFindings(capped)).toEqual([]);
    await page.click(`${dialog} [data-test="buy-close"]`);

    // €50.00: the mode would cost €225.00, above the cap: it is turned off and the player told.
    await page.click(`${fixed} [data-test="stake-up"]`);
    expect(await kits()).toEqual({ stake: 7 });
    expect(await page.textContent(`${fixed} [data-test="stake-shown"]`)).toBe("€50.00");
    expect(await page.textContent(`${fixed} [data-test="kit-message"]`)).toBe(
      "1 wild is turned off: at this stake it costs €225.00, above the limit of €100.00 a spin.",
    );
    expect((await page.textContent(button))?.trim()).toBe("BUY BONUS");
    await settled();
    expect(await kept()).toEqual({ other: "kept" });

    // Bought again, then a reload (another device would read the same): the mode comes back on.
    for (let i = 0; i < 7; i++) await page.click(`${fixed} [data-test="stake-down"]`);
    await page.click(button);
    await page.click(`${dialog} li[data-mode="wild2"] button`);
    await settled();
    await page.reload();
    await page.evaluate(() => (window as any).kits.ready);
    expect(await kits()).toEqual({ stake: 0, mode: "wild2" });
    expect(await page.textContent(`${button} .buy-detail`)).toBe("2 wilds");
    expect(await page.textContent(`${fixed} [data-test="stake-shown"]`)).toBe("€6.00");
    // Turned off: plain spins, and nothing kept.
    await page.click(button);
    await page.click(`${dialog} [data-test="buy-off"]`);
    await page.waitForSelector(dialog, { state: "detached" });
    expect(await kits()).toEqual({ stake: 0 });
    await settled();
    expect(await kept()).toEqual({ other: "kept" });
    // Not while the bet may not change (reels spinning, features, autoplay).
    await page.evaluate(() => (window as any).kits.panels.fixed.panel.setEnabled(false));
    expect(await page.isDisabled(button)).toBe(true);
    await page.evaluate(() => (window as any).kits.panels.fixed.panel.setEnabled(true));
  });

  it("raised no page errors", () => {
    expect(errors).toEqual([]);
  });
});
