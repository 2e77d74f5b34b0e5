/**
 * Page helpers shared by the browser test files: open a game as a fresh demo player, wait for
 * the idle SPIN button, read the meters, force outcomes through the QA hook.
 */
import type { BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { type RunningServer, startBrowser, startServer } from "./harness.js";

export const GAME = "mermaid-treasure";

export type Viewport = { width: number; height: number };
export const DESKTOP: Viewport = { width: 1440, height: 900 };
export const PHONE: Viewport = { width: 390, height: 844 };
export const PHONE_LANDSCAPE: Viewport = { width: 844, height: 390 };

/**
 * The helpers for a test file that starts its own server and browser contexts: `server()` and
 * `context()` are read each time a helper runs (after `beforeAll`, or a test's own context).
 */
export function lateClientHelpers(server: () => RunningServer, context: () => BrowserContext) {
  return clientHelpers(
    {
      get url() {
        return server().url;
      },
      api: (...args) => server().api(...args),
      stop: () => server().stop(),
    },
    () => ({ context: context(), close: async () => {} }),
  );
}

/** Holds the browser's `n`-th round action (1-based, counted from now) until `release()`: the screen stays still meanwhile. */
export async function holdAction(p: Page, n: number): Promise<{ reached: Promise<void>; release: () => void }> {
  let count = 0;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reached = () => {};
  const reachedP = new Promise<void>((resolve) => {
    reached = resolve;
  });
  await p.route("**/api/v1/rounds/*/actions", async (route: Route) => {
    count++;
    if (count === n) {
      reached();
      await gate;
    }
    await route.continue().catch(() => {});
  });
  return { reached: reachedP, release };
}

/** Helpers bound to one server and one browser; `pageErrors` collects uncaught page errors. */
export function clientHelpers(server: RunningServer, browser: () => Awaited<ReturnType<typeof startBrowser>>) {
  const pageErrors: string[] = [];

  /** A fresh tab: its own sessionStorage, so a fresh demo player. */
  async function newPage(viewport: Viewport = DESKTOP): Promise<Page> {
    const p = await browser().context.newPage();
    await p.setViewportSize(viewport);
    p.setDefaultTimeout(15_000);
    p.on("pageerror", (e) => pageErrors.push(e.message));
    return p;
  }

  const waitIdle = (p: Page, timeout = 30_000) =>
    p.waitForFunction(
      () => {
        const spin = document.querySelector<HTMLButtonElement>('[data-test="spin"]');
        return spin?.dataset.state === "idle" && spin.textContent === "SPIN" && !spin.disabled;
      },
      null,
      { timeout },
    );

  async function openGame(p: Page, path = "/"): Promise<void> {
    await p.goto(`${server.url}${path}`);
    if (!path.includes("#/play/")) await p.click(`[data-test="play-${GAME}"]`);
    await waitIdle(p);
  }

  const token = (p: Page) => p.evaluate(() => JSON.parse(sessionStorage.getItem("reelhouse.session") ?? "{}").token as string);
  const serverSession = async (p: Page) => server.api("GET", "/api/v1/session", { token: await token(p) });
  const shownMinor = async (p: Page, test: "balance" | "win") =>
    Number(await p.getAttribute(`[data-test="${test}"]`, "data-minor"));
  const force = (p: Page, ...draws: number[][]) => p.evaluate((d) => (window as any).reelhouseQA.forceNext(...d), draws);
  /** Turns quick spin on (or off): a setting kept in localStorage, so shared by every tab. */
  const quick = async (p: Page, on = true) => {
    if ((await p.getAttribute('[data-test="quick"]', "aria-pressed")) !== String(on)) await p.click('[data-test="quick"]');
  };

  /**
   * Opens one of the game screen's panels (paytable, lines-info, rules, history, settings):
   * its own button where it shows, otherwise through the phone's menu.
   */
  async function openPanel(p: Page, name: string): Promise<void> {
    if (await p.isVisible(`[data-test="${name}"]`)) await p.click(`[data-test="${name}"]`);
    else {
      await p.click('[data-test="menu"]');
      await p.click(`[data-menu="${name}"]`);
    }
  }

  return { pageErrors, newPage, waitIdle, openGame, token, serverSession, shownMinor, force, quick, openPanel };
}

/** Every visible button (and form control) of the page with its box, for size and reach checks. */
export async function visibleControls(p: Page, within = "body") {
  return p.evaluate((root) => {
    const out: { name: string; x: number; y: number; width: number; height: number }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      `${root} button, ${root} input, ${root} select, ${root} [role=button]`,
    )) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === "hidden" || el.closest(".hidden, [hidden]")) continue;
      const name = el.dataset.test ?? el.dataset.menu ?? el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.tagName;
      out.push({ name, x: r.x, y: r.y, width: r.width, height: r.height });
    }
    return out;
  }, within);
}

/**
 * A browser suite's fixture: starts the real server (with `env`) and Chromium before the
 * suite's tests and stops them after; returns the page helpers and the running server.
 */
export function browserSuite(env: Record<string, string> = {}) {
  let running: RunningServer;
  let browser: Awaited<ReturnType<typeof startBrowser>>;
  const server: RunningServer = {
    get url() {
      return running.url;
    },
    api: (...args) => running.api(...args),
    stop: () => running.stop(),
  };
  beforeAll(async () => {
    running = await startServer(env);
    browser = await startBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await running?.stop();
  });
  return { server, ...clientHelpers(server, () => browser) };
}
