/**
 * "What a player found" (Platform v2, section 5): each finding as a test in real Chromium
 * against the real server, desktop 1440 x 900 and phone 390 x 844 (844 x 390 in landscape).
 */
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientHelpers, GAME, PHONE, PHONE_LANDSCAPE, visibleControls } from "./client.js";
import { HAS_CHROMIUM, type RunningServer, shoot, startBrowser, startServer } from "./harness.js";
import {
  bigWinStops,
  bonusTriggerStops,
  freeSpinTriggerStops,
  lineWinStops,
  losingStops,
  PICK_PRIZES,
  pickDrawFor,
  type TestBet,
} from "./outcomes.js";

const BET: TestBet = { coinValue: 10, coinsPerLine: 1, lines: 15 };

if (!HAS_CHROMIUM) console.warn("SKIPPED browser tests: /usr/bin/chromium is not installed.");

/**
 * Records the SPIN button's label at every change of the page, with whether a banner (win,
 * feature, bonus total) was on view at that moment; read back with {@link stopsUnderBanners}.
 */
async function recordLabels(p: Page): Promise<void> {
  await p.evaluate(() => {
    const w = window as unknown as { labels: { label: string; banner: boolean }[] };
    w.labels = [];
    const record = () => {
      const banner = [...document.querySelectorAll<HTMLElement>('[data-test="win-banner"], [data-test="banner"]')].some(
        (b) => !b.closest(".hidden") && b.offsetParent !== null,
      );
      const complete = document.querySelector('[data-test="pick-status"]')?.textContent?.includes("COMPLETE") ?? false;
      w.labels.push({ label: document.querySelector('[data-test="spin"]')?.textContent ?? "", banner: banner || complete });
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
}

/** Whether a banner was seen since {@link recordLabels}, and how often STOP showed under one. */
async function stopsUnderBanners(p: Page): Promise<{ banners: boolean; stops: number }> {
  const seen: { label: string; banner: boolean }[] = await p.evaluate(() => (window as any).labels);
  return { banners: seen.some((l) => l.banner), stops: seen.filter((l) => l.banner && l.label === "STOP").length };
}

describe.skipIf(!HAS_CHROMIUM)("what a player found (Chromium, real server)", () => {
  let server: RunningServer;
  let browser: Awaited<ReturnType<typeof startBrowser>>;
  const h = clientHelpers(
    {
      get url() {
        return server.url;
      },
      api: (...args) => server.api(...args),
      stop: () => server.stop(),
    },
    () => browser,
  );
  const { newPage, openGame, waitIdle, force, quick, shownMinor, serverSession, token, openPanel } = h;

  beforeAll(async () => {
    server = await startServer();
    browser = await startBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("autoplay loss limit: '4,50' and '4.50' both mean 4.50 EUR, echoed before starting; unclear amounts are refused", async () => {
    const p = await newPage();
    await openGame(p);
    await quick(p);
    await p.click('[data-test="autoplay"]');
    await p.waitForSelector('[data-dialog="autoplay"]');
    const echo = '[data-test="ap-loss-echo"]';
    await p.fill('[data-test="ap-loss"]', "4,50");
    expect(await p.textContent(echo)).toBe("Loss limit: 4.50 EUR");
    await p.fill('[data-test="ap-loss"]', "4.50");
    expect(await p.textContent(echo)).toBe("Loss limit: 4.50 EUR");
    await p.fill('[data-test="ap-loss"]', "1.234,50");
    expect(await p.textContent(echo)).toBe("Loss limit: 1,234.50 EUR");

    const requests: Request[] = [];
    p.on("request", (r) => {
      if (r.url().endsWith("/api/v1/autoplay")) requests.push(r);
    });
    // "1,250" is 1,250.00 in one country and 1.25 in another: refused, with a reason.
    await p.fill('[data-test="ap-loss"]', "1,250");
    await p.click('[data-test="ap-start"]');
    expect(await p.textContent('[data-test="ap-error"]')).toContain("could mean");
    await p.fill('[data-test="ap-loss"]', "4,5,0");
    await p.click('[data-test="ap-start"]');
    expect(await p.textContent('[data-test="ap-error"]')).toContain("is not an amount");
    expect(requests).toHaveLength(0);

    const lose = losingStops(BET);
    await force(p, lose, lose, lose, lose);
    await p.fill('[data-test="ap-loss"]', "4,50");
    const sent = p.waitForRequest((r) => r.url().endsWith("/api/v1/autoplay"));
    await p.click('[data-test="ap-start"]');
    expect((await sent).postDataJSON().lossLimit).toBe(450);
    // The server stops at the third losing spin of 1.50: the limit it holds is 4.50.
    await p.waitForSelector('[data-dialog="autoplay-stopped"]', { timeout: 30_000 });
    expect(await p.getAttribute('[data-test="ap-reason"]', "data-reason")).toBe("lossLimit");
    expect(await p.textContent('[data-dialog="autoplay-stopped"]')).toContain("3 of 10");
    await p.close();
  });

  it("phone history dialog fits 390 px: close button and Replay reachable, backdrop click and Escape close it", async () => {
    const p = await newPage(PHONE);
    await openGame(p);
    await force(p, losingStops(BET));
    await p.click('[data-test="spin"]');
    await waitIdle(p);
    const dialog = '[data-dialog="history"]';
    const open = async () => {
      await openPanel(p, "history");
      await p.waitForSelector(`${dialog} [data-replay]`);
    };
    await open();
    await shoot(p, "25-phone-history");
    const box = await p.locator(dialog).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    for (const control of await visibleControls(p, dialog)) {
      expect(control.x, control.name).toBeGreaterThanOrEqual(0);
      expect(control.x + control.width, control.name).toBeLessThanOrEqual(PHONE.width);
    }
    await p.click(`${dialog} [data-test="dialog-close"]`);
    await p.waitForSelector(dialog, { state: "detached" });
    await open();
    await p.keyboard.press("Escape");
    await p.waitForSelector(dialog, { state: "detached" });
    await open();
    await p.mouse.click(4, 4); // the backdrop, outside the dialog
    await p.waitForSelector(dialog, { state: "detached" });
    await waitIdle(p);
    await p.close();
  });

  it("big win: the banner counts the amount up, one press skips to it, the WIN meter shows it, no STOP while nothing spins", async () => {
    const p = await newPage();
    await openGame(p);
    await quick(p, false); // the full-length count-up, so it is caught mid-way
    const big = bigWinStops(BET, 15, 4);
    await recordLabels(p);
    await force(p, big.stops);
    await p.click('[data-test="spin"]');
    await p.waitForSelector('[data-test="win-banner"]:not(.hidden)', { timeout: 15_000 });
    await shoot(p, "26-big-win");
    const sample = () =>
      p.evaluate(() => ({
        title: document.querySelector('[data-test="win-banner"]')?.textContent ?? "",
        banner: Number(document.querySelector<HTMLElement>('[data-test="win-banner-amount"]')?.dataset.minor),
        meter: Number(document.querySelector<HTMLElement>('[data-test="win"]')?.dataset.minor),
        label: document.querySelector('[data-test="spin"]')?.textContent,
      }));
    const first = await sample();
    expect(first.title).toMatch(/BIG WIN|MEGA WIN/);
    expect(first.banner).toBeLessThan(big.win); // still counting up
    expect(first.meter).toBe(first.banner); // the meter counts with the banner, never 0.00 under it
    expect(first.label).toBe("SKIP");
    await p.keyboard.press("Space"); // one press: the whole amount at once
    await p.waitForFunction(
      (win) => Number(document.querySelector<HTMLElement>('[data-test="win"]')?.dataset.minor) === win,
      big.win,
      { timeout: 1000 },
    );
    await waitIdle(p);
    expect(await shownMinor(p, "win")).toBe(big.win);
    // Every line's amount is drawn when all the wins show together.
    await p.waitForFunction(
      (n) => JSON.parse(document.querySelector<HTMLElement>(".reel-canvas")?.dataset.labels ?? "[]").length === n,
      big.labels,
      { timeout: 12_000 },
    );
    expect(await stopsUnderBanners(p)).toEqual({ banners: true, stops: 0 });

    // The free-spin banner: nothing spins, so no STOP either.
    await quick(p);
    await force(p, freeSpinTriggerStops(BET).stops);
    await p.click('[data-test="spin"]');
    await p.waitForSelector('[data-test="fs-intro"]', { timeout: 20_000 });
    expect(await stopsUnderBanners(p)).toEqual({ banners: true, stops: 0 });
    await p.close();

    // The bonus total.
    const r = await newPage();
    await openGame(r);
    await quick(r);
    await recordLabels(r);
    const top = PICK_PRIZES[PICK_PRIZES.length - 1] as number;
    await force(r, bonusTriggerStops(BET, 3), [pickDrawFor(top)], [pickDrawFor(top)], [pickDrawFor(top)]);
    await r.click('[data-test="spin"]');
    for (const object of [0, 1, 2]) {
      await r.waitForSelector(".pick-screen.choosing", { timeout: 20_000 });
      await r.click(`.pick-object[data-object="${object}"]`);
      await r.waitForSelector(`.pick-object[data-object="${object}"].open`);
    }
    await waitIdle(r);
    expect(await stopsUnderBanners(r)).toEqual({ banners: true, stops: 0 });
    await r.close();
  });

  it("slam stop: the reels rest within 0.4 s of the answer (a normal spin takes about 2 s)", async () => {
    const p = await newPage();
    await openGame(p);
    await quick(p, false);
    const lose = losingStops(BET);
    /** In the page: SPIN, then STOP at once (as a player slamming), until the reels rest. */
    const measure = (slam: boolean) =>
      p.evaluate(async (slamNow) => {
        const spin = document.querySelector<HTMLButtonElement>('[data-test="spin"]') as HTMLButtonElement;
        performance.clearResourceTimings();
        const pressedAt = performance.now();
        spin.click();
        await new Promise((r) => requestAnimationFrame(r));
        const slamAt = performance.now();
        if (slamNow) spin.click();
        await new Promise<void>((resolve) => {
          const check = () => (spin.dataset.state === "idle" ? resolve() : requestAnimationFrame(check));
          requestAnimationFrame(check);
        });
        const restAt = performance.now();
        const answer = performance
          .getEntriesByType("resource")
          .filter((e) => e.name.includes("/rounds"))
          .map((e) => (e as PerformanceResourceTiming).responseEnd)
          .at(-1) as number;
        return { total: restAt - pressedAt, afterAnswer: restAt - Math.max(slamAt, answer), answer: answer - pressedAt };
      }, slam);
    await force(p, lose);
    const normal = await measure(false);
    await force(p, lose);
    const slammed = await measure(true);
    console.log(
      `spin to rest: normal ${normal.total.toFixed(0)} ms; slammed ${slammed.total.toFixed(0)} ms, ${slammed.afterAnswer.toFixed(0)} ms after the answer (answer at ${slammed.answer.toFixed(0)} ms)`,
    );
    expect(normal.total).toBeGreaterThan(1500);
    expect(slammed.afterAnswer).toBeLessThan(450);
    await p.close();
  });

  it("dialogs are modal: role dialog, aria-modal, background inert, focus trapped and restored on close", async () => {
    const p = await newPage();
    await openGame(p);
    await p.focus('[data-test="history"]');
    await p.keyboard.press("Enter");
    await p.waitForSelector('[data-dialog="history"] table');
    const info = await p.evaluate(() => {
      const d = document.querySelector<HTMLElement>('[data-dialog="history"]') as HTMLElement;
      const spin = document.querySelector<HTMLElement>('[data-test="spin"]') as HTMLElement;
      spin.focus();
      return {
        role: d.getAttribute("role") ?? (d.tagName === "DIALOG" ? "dialog" : null),
        modal: d.getAttribute("aria-modal"),
        backgroundFocusable: document.activeElement === spin,
        inside: d.contains(document.activeElement),
      };
    });
    expect(info).toEqual({ role: "dialog", modal: "true", backgroundFocusable: false, inside: true });
    const focusInside = () =>
      p.evaluate(() => document.querySelector('[data-dialog="history"]')?.contains(document.activeElement) ?? false);
    for (let i = 0; i < 12; i++) {
      await p.keyboard.press("Tab");
      expect(await focusInside()).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await p.keyboard.press("Shift+Tab");
      expect(await focusInside()).toBe(true);
    }
    await p.keyboard.press("Escape");
    await p.waitForSelector('[data-dialog="history"]', { state: "detached" });
    expect(await p.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.test)).toBe("history");
    await p.close();
  });

  it("wins are announced through an aria-live region", async () => {
    const p = await newPage();
    await openGame(p);
    const live = p.locator('[aria-live="polite"][data-test="live"]');
    expect(await live.count()).toBe(1);
    await force(p, lineWinStops(BET));
    await p.click('[data-test="spin"]');
    await waitIdle(p);
    const win = await p.textContent('[data-test="win"]');
    expect(await live.textContent()).toContain(`You won ${win}`);
    await p.close();
  });

  it("prefers-reduced-motion: the spin lands at once, no long animations, a still picture at rest", async () => {
    const p = await newPage();
    await p.emulateMedia({ reducedMotion: "reduce" });
    await openGame(p);
    await force(p, lineWinStops(BET));
    const result = await p.evaluate(async () => {
      const spin = document.querySelector<HTMLButtonElement>('[data-test="spin"]') as HTMLButtonElement;
      let longest = 0;
      const started = performance.now();
      spin.click();
      await new Promise<void>((resolve) => {
        const check = () => {
          for (const a of document.getAnimations()) {
            const timing = a.effect?.getComputedTiming();
            const duration = Number(timing?.duration ?? 0) * Number(timing?.iterations ?? 1);
            longest = Math.max(longest, Number.isFinite(duration) ? duration : Number.POSITIVE_INFINITY);
          }
          if (spin.dataset.state === "idle") resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
      const ms = performance.now() - started;
      // At rest with the win on view: how often does the picture change in one second?
      const canvas = document.querySelector<HTMLCanvasElement>(".reel-canvas") as HTMLCanvasElement;
      const pictures = new Set<string>();
      for (let i = 0; i < 10; i++) {
        pictures.add(canvas.toDataURL());
        await new Promise((r) => setTimeout(r, 100));
      }
      return { ms, longest, pictures: pictures.size };
    });
    console.log(
      `reduced motion: spin to rest ${result.ms.toFixed(0)} ms, longest animation ${result.longest} ms, ${result.pictures} pictures in 1 s`,
    );
    expect(result.ms).toBeLessThan(1200);
    expect(result.longest).toBeLessThanOrEqual(200);
    expect(result.pictures).toBeLessThanOrEqual(2);
    expect(await shownMinor(p, "win")).toBeGreaterThan(0);
    await p.close();
  });

  it("phone: every visible button is at least 44 x 44 px, in the game and in its menu", async () => {
    const p = await newPage(PHONE);
    await openGame(p);
    const small = (controls: Awaited<ReturnType<typeof visibleControls>>) =>
      controls.filter((c) => c.width < 44 || c.height < 44).map((c) => `${c.name} ${c.width.toFixed(0)}x${c.height.toFixed(0)}`);
    const game = await visibleControls(p, ".game-screen");
    expect(game.length).toBeGreaterThan(5);
    expect(small(game)).toEqual([]);
    if (await p.isVisible('[data-test="menu"]')) {
      await p.click('[data-test="menu"]');
      await p.waitForSelector('[data-dialog="menu"]');
      expect(small(await visibleControls(p, '[data-dialog="menu"]'))).toEqual([]);
    }
    await p.close();
  });

  it("errors read as plain sentences, the server's own message kept; a failed spin returns the reels to the window before it", async () => {
    const p = await newPage();
    await openGame(p);
    await force(p, losingStops(BET));
    await p.click('[data-test="spin"]');
    await waitIdle(p);
    /** A fingerprint of the reels' picture (the pixels, hashed in the page). */
    const picture = () =>
      p.evaluate(() => {
        const data = document.querySelector<HTMLCanvasElement>(".reel-canvas")?.toDataURL() ?? "";
        let hash = 0;
        for (let i = 0; i < data.length; i++) hash = (Math.imul(hash, 31) + data.charCodeAt(i)) | 0;
        return `${data.length}:${hash}`;
      });
    const before = await picture();
    const balance = await shownMinor(p, "balance");

    const rounds = "**/api/v1/games/*/rounds";
    const fail = async (expected: RegExp, timeout = 10_000) => {
      // A deliberate press, well after the last one (a press within 250 ms continues its burst: press-guard.ts).
      await p.waitForTimeout(400);
      await p.click('[data-test="spin"]');
      await p.waitForSelector('[data-dialog="error"]', { timeout });
      const text = (await p.textContent('[data-dialog="error"]')) ?? "";
      expect(text).toMatch(expected);
      expect(text).not.toMatch(/<html>|HTTP_\d+|TypeError|Failed to fetch/);
      await p.keyboard.press("Escape");
      await waitIdle(p);
      expect(await picture()).toBe(before);
      expect(await shownMinor(p, "balance")).toBe(balance);
    };
    await p.route(rounds, (route) =>
      route.fulfill({ status: 503, contentType: "text/html", body: "<html>Service Unavailable</html>" }),
    );
    await fail(/The server is unavailable, try again in a moment/);
    await shoot(p, "27-error-503");
    await p.unroute(rounds);
    await p.route(rounds, (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "BAD_BET", message: "coin value 7 is not offered" } }),
      }),
    );
    await fail(/coin value 7 is not offered/i);
    await p.unroute(rounds);
    // A lost connection cuts every request (were only the spin's cut, a cheap read answering would
    // count as the connection's return and send the lost spin again at once: round-link.ts).
    const everything = "**/api/v1/**";
    await p.route(everything, (route) => route.abort("internetdisconnected"));
    // Four retries of a dropped connection (6 s of backoff) come before the dialog; room for a loaded machine.
    await fail(/No connection/, 40_000);
    await p.unroute(everything);
    await p.close();
  }, 120_000);

  it("phone landscape 844 x 390: the reels use the space, the controls are compact, the title shows once", async () => {
    const p = await newPage(PHONE_LANDSCAPE);
    await openGame(p);
    await shoot(p, "28-phone-landscape");
    const reels = await p.locator(".reel-canvas").boundingBox();
    expect(reels).not.toBeNull();
    console.log(`landscape reels ${reels!.width.toFixed(0)} x ${reels!.height.toFixed(0)}`);
    expect(reels!.height).toBeGreaterThanOrEqual(0.6 * PHONE_LANDSCAPE.height);
    expect(reels!.y + reels!.height).toBeLessThanOrEqual(PHONE_LANDSCAPE.height);
    for (const control of await visibleControls(p, ".game-screen")) {
      expect(control.y + control.height, control.name).toBeLessThanOrEqual(PHONE_LANDSCAPE.height);
      expect(control.x + control.width, control.name).toBeLessThanOrEqual(PHONE_LANDSCAPE.width);
      expect(Math.min(control.width, control.height), control.name).toBeGreaterThanOrEqual(44);
    }
    // Elements showing the name (the innermost ones), visibly: a heading kept for screen readers only does not count.
    const titles = await p.evaluate(() => {
      const re = /mermaid\s*treasure/i;
      const shown = (el: HTMLElement) => el.offsetParent !== null && el.getBoundingClientRect().width > 2;
      return [...document.querySelectorAll<HTMLElement>(".game-screen *")].filter(
        (el) => shown(el) && re.test(el.textContent ?? "") && ![...el.children].some((c) => re.test(c.textContent ?? "")),
      ).length;
    });
    expect(titles).toBe(1);
    expect(await p.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(PHONE_LANDSCAPE.height);
    await p.close();
  });

  it("insufficient funds with 1.20 EUR offers the largest bet the balance covers, which then plays", async () => {
    const p = await newPage();
    await openGame(p);
    const session = await serverSession(p);
    await server.api("POST", `/api/v1/admin/players/${session.player.id}/adjustments`, {
      admin: true,
      body: { amount: -(session.balance - 120), reason: "browser test: leave 1.20" },
    });
    await p.click('[data-test="spin"]'); // 1.50 on 1.20
    await p.waitForSelector('[data-dialog="insufficient-funds"]');
    expect(await p.textContent('[data-test="offer-bet"]')).toBe("€1.20");
    await shoot(p, "20-insufficient-funds");
    await p.click('[data-test="use-offer-bet"]');
    expect(await p.textContent('[data-test="bet"]')).toBe("€1.20");
    await waitIdle(p);
    const offered = await p.evaluate(() => ({
      coinValue: document.querySelector('[data-test="coin-value"]')?.textContent,
      lines: document.querySelector('[data-test="lines"]')?.textContent,
    }));
    expect(offered.lines).toBe("15"); // all lines kept where the amount allows
    await force(p, losingStops({ coinValue: 2, coinsPerLine: 4, lines: 15 }));
    await p.click('[data-test="spin"]');
    await waitIdle(p);
    expect(await shownMinor(p, "balance")).toBe(0);
    expect((await serverSession(p)).balance).toBe(0);
    await p.close();
  });

  it("BET MAX sets the maximum bet and names the stake; nothing spins until the player confirms", async () => {
    const p = await newPage();
    await openGame(p);
    const started: string[] = [];
    p.on("request", (r) => {
      if (r.method() === "POST" && /\/games\/[^/]+\/rounds$/.test(r.url())) started.push(r.url());
    });
    await p.click('[data-test="bet-max"]');
    await p.waitForSelector('[data-dialog="bet-max"]');
    expect(await p.textContent('[data-dialog="bet-max"]')).toContain("€7.50");
    expect(await p.textContent('[data-test="bet"]')).toBe("€7.50");
    await p.waitForTimeout(500);
    expect(started).toEqual([]);
    await p.keyboard.press("Escape"); // not now: the bet stays, nothing spins
    await p.waitForSelector('[data-dialog="bet-max"]', { state: "detached" });
    expect(started).toEqual([]);
    expect(await p.textContent('[data-test="bet"]')).toBe("€7.50");
    await p.click('[data-test="bet-max"]');
    await force(p, losingStops({ coinValue: 10, coinsPerLine: 5, lines: 15 }));
    await p.waitForTimeout(300); // read, then confirmed: a confirmation within a burst of BET MAX does not spin
    await p.click('[data-test="bet-max-spin"]');
    await waitIdle(p);
    expect(started).toHaveLength(1);
    const history = await server.api("GET", "/api/v1/history?limit=1", { token: await token(p) });
    expect(history.rounds[0].totalBet).toBe(750);
    await p.close();
  });

  it("a session the server no longer knows: the player is told and chooses; never a silent new player", async () => {
    const p = await newPage();
    await openGame(p);
    await force(p, losingStops(BET));
    await p.click('[data-test="spin"]');
    await waitIdle(p);
    const sessionsCreated: string[] = [];
    p.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/v1/sessions")) sessionsCreated.push(r.url());
    });
    // The server forgets the token (ended, expired, database reset): the same tab reloads.
    await p.evaluate(() => {
      const saved = JSON.parse(sessionStorage.getItem("reelhouse.session") ?? "{}");
      saved.token = "ended-session-token-0123456789";
      sessionStorage.setItem("reelhouse.session", JSON.stringify(saved));
    });
    await p.reload();
    await p.waitForSelector('[data-dialog="session-ended"]');
    expect(await p.textContent('[data-dialog="session-ended"]')).toContain("Your session has ended");
    await shoot(p, "29-session-ended");
    await p.waitForTimeout(500);
    expect(sessionsCreated).toEqual([]);
    // Escape or the backdrop do not choose for the player.
    await p.keyboard.press("Escape");
    expect(await p.isVisible('[data-dialog="session-ended"]')).toBe(true);
    await p.click('[data-test="new-demo"]');
    await waitIdle(p);
    expect(sessionsCreated).toHaveLength(1);
    expect(await shownMinor(p, "balance")).toBe(100_000);
    await p.close();
  });

  it("lobby shows all five games, those not on the server marked coming soon; history names games", async () => {
    const p = await newPage();
    await p.goto(server.url);
    await p.waitForSelector(`[data-test="play-${GAME}"]`);
    const cards = await p.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".game-card")].map((c) => ({
        id: c.dataset.game,
        name: c.querySelector("h2")?.textContent,
        button: c.querySelector("button")?.textContent,
        disabled: c.querySelector("button")?.disabled,
      })),
    );
    expect(cards).toEqual([
      { id: "mermaid-treasure", name: "Mermaid Treasure", button: "PLAY DEMO", disabled: false },
      { id: "mona-lisa-jewels", name: "Mona Lisa Jewels", button: "PLAY DEMO", disabled: false },
      { id: "bewitched", name: "Bewitched", button: "PLAY DEMO", disabled: false },
      { id: "40-mystic-gem", name: "40 Mystic Gem", button: "PLAY DEMO", disabled: false },
      { id: "gnomos-mix", name: "Gnomos Mix Golden Edition", button: "COMING SOON", disabled: true },
    ]);
    await p.click('[data-test="play-gnomos-mix"]', { force: true });
    await p.waitForTimeout(300);
    expect(p.url()).not.toContain("#/play/gnomos-mix");
    await p.click(`[data-test="play-${GAME}"]`);
    await waitIdle(p);
    await force(p, losingStops(BET));
    await p.click('[data-test="spin"]');
    await waitIdle(p);
    await openPanel(p, "history");
    await p.waitForSelector('[data-dialog="history"] tr[data-round]');
    const row = (await p.textContent('[data-dialog="history"] tr[data-round]')) ?? "";
    expect(row).toContain("Mermaid Treasure");
    expect(row).not.toContain("mermaid-treasure");
    await p.close();
  });

  it("raised no page errors", () => {
    expect(h.pageErrors).toEqual([]);
  });
});
