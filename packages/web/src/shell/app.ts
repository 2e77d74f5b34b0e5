/**
 * The shell's top level: the session (kept in sessionStorage so a reload resumes it),
 * the lobby, and the game screen for the chosen game. Routes: `#/` lobby, `#/play/<gameId>`.
 *
 * A session the server no longer accepts is never replaced behind the player's back: the
 * player is told it ended and chooses (a new demo, or the lobby); a new player's balance and
 * history are a different account.
 *
 * The balance shown anywhere is the server's latest: the push channel's `account` events and a
 * re-read when the tab is shown again. A held Enter or Space presses a button once, page-wide.
 */
import type { CreateSessionResponse, Grant } from "@reelhouse/protocol";
import type { Api } from "../api.js";
import { describeError, isSessionEnded } from "../errors.js";
import { formatMoney } from "../format.js";
import { CLIENT_GAMES, type ClientGame, clientGame } from "../games/index.js";
import { Connection } from "./connection.js";
import { openDialog } from "./dialog.js";
import { GameScreen } from "./game-screen.js";
import { freeRoundsCount, grantsOf, roundsLeft } from "./grants.js";
import { escapeHtml } from "./html.js";
import { JackpotFeed, WinNotices } from "./jackpots/index.js";
import { ignoreHeldKeys } from "./press-guard.js";
import { Settings } from "./settings.js";
import { Sound } from "./sound.js";

const SESSION_KEY = "reelhouse.session";

export class App {
  private session: CreateSessionResponse | null = null;
  private balance = 0;
  private screen: GameScreen | null = null;
  /** Names of the games the server offers (history shows names, not ids). */
  private readonly serverNames = new Map<string, string>();
  /** The last session was refused: nothing starts a new one until the player chooses. */
  private ended: { demo: boolean } | null = null;
  private readonly settings = Settings.load();
  private readonly sound: Sound;
  /** The page's one jackpot stream (open while there is a session) and its winner notices on every screen. */
  private readonly feed: JackpotFeed;
  /** Says when the connection comes back (a request whose answer was lost is then sent again). */
  private readonly connection: Connection;

  constructor(
    private readonly root: HTMLElement,
    private readonly api: Api,
  ) {
    this.sound = new Sound(this.settings.volume, this.settings.sound);
    this.feed = new JackpotFeed({ token: () => this.api.bearer });
    new WinNotices(this.feed, document.body, Date.now, () => this.screen?.busy ?? false);
    this.connection = new Connection({
      window,
      onAnswer: (listener) => this.api.onAnswer(listener),
      onStream: (listener) => this.feed.subscribe({ status: listener }),
    });
    ignoreHeldKeys(document);
    // The lobby's balance follows the account too (a game screen follows it on its own).
    this.feed.subscribe({ account: (event) => this.showBalance(event.balance) });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && this.session && !this.screen)
        this.api.session().then(
          (s) => this.showBalance(s.balance),
          () => undefined,
        );
    });
    window.addEventListener("hashchange", () => void this.route());
    // Browsers only start audio after a gesture.
    window.addEventListener("pointerdown", () => this.sound.unlock(), { once: true });
  }

  async start(): Promise<void> {
    await this.restoreSession();
    await this.route();
  }

  /** Reuses the session of this tab (a reload keeps the player and any open round). */
  private async restoreSession(): Promise<void> {
    const saved = sessionStorage.getItem(SESSION_KEY);
    if (!saved) return;
    let stored: CreateSessionResponse;
    try {
      stored = JSON.parse(saved) as CreateSessionResponse;
    } catch {
      sessionStorage.removeItem(SESSION_KEY);
      return;
    }
    this.api.setToken(stored.token);
    try {
      const current = await this.api.session();
      this.session = { ...stored, ...current, token: stored.token };
      this.balance = current.balance;
      this.feed.start();
    } catch (error) {
      if (!isSessionEnded(error)) throw error;
      this.forget({ demo: stored.player?.demo !== false });
    }
  }

  /** The server's latest balance: kept, and shown on the lobby when it is on view. */
  private showBalance(balance: number): void {
    this.balance = balance;
    const el = this.root.querySelector<HTMLElement>('[data-test="lobby-balance"]');
    if (el && this.session && el.textContent) el.textContent = `Balance ${formatMoney(balance, this.session.currency)}`;
  }

  /** Drops the refused session; the player is asked before any new one starts. */
  private forget(ended: { demo: boolean }): void {
    sessionStorage.removeItem(SESSION_KEY);
    this.api.setToken(null);
    this.feed.stop();
    this.session = null;
    this.ended = ended;
  }

  /**
   * The session to play with; a new one only on the player's own request (PLAY DEMO, a
   * launch link, or `demo` after a session ended).
   */
  private async ensureSession(demo = false): Promise<CreateSessionResponse> {
    if (this.session) return this.session;
    const launchToken = demo ? null : new URLSearchParams(location.search).get("launch");
    const session = launchToken ? await this.api.createSession(launchToken) : await this.api.createDemoSession();
    this.session = session;
    this.ended = null;
    this.balance = session.balance;
    this.api.setToken(session.token);
    this.feed.start();
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    return session;
  }

  private async route(): Promise<void> {
    const match = /^#\/play\/([\w-]+)/.exec(location.hash);
    this.screen?.destroy();
    this.screen = null;
    try {
      if (this.ended) await this.showLobby(false).then(() => this.askAfterSessionEnded());
      else if (match?.[1]) await this.openGame(match[1]);
      else await this.showLobby();
    } catch (error) {
      if (isSessionEnded(error)) {
        this.forget({ demo: this.session?.player.demo !== false });
        await this.route();
      } else await this.fatal(error);
    }
  }

  /** A game's name for its id: the client's catalogue, else the server's list, else the id. */
  private gameName(id: string): string {
    return clientGame(id)?.name ?? this.serverNames.get(id) ?? id;
  }

  /**
   * The lobby: every game of the platform in the client's order, then any other the server
   * offers. A game plays when the server offers it and this client has its screens.
   */
  private async showLobby(withBalance = true): Promise<void> {
    this.root.innerHTML = `<main class="lobby"><div class="lobby-bg" aria-hidden="true"></div>
      <header class="lobby-head"><h1>REELHOUSE</h1><p>Slots with exact maths and a server that keeps money straight.</p>
      <div class="lobby-balance" data-test="lobby-balance"></div></header>
      <section class="lobby-games" data-test="lobby-games" aria-label="Games"><p>Loading games…</p></section></main>`;
    const balanceEl = this.root.querySelector(".lobby-balance") as HTMLElement;
    if (this.session && withBalance) balanceEl.textContent = `Balance ${formatMoney(this.balance, this.session.currency)}`;
    const [offered, grants] = await Promise.all([this.api.games(), this.lobbyGrants()]);
    for (const game of offered) this.serverNames.set(game.id, game.name);
    const byId = new Map(offered.map((g) => [g.id, g]));
    const extra: ClientGame[] = offered
      .filter((g) => !clientGame(g.id))
      .map((g) => ({ id: g.id, name: g.name, thumbnail: "", tagline: "" }));
    const list = this.root.querySelector(".lobby-games") as HTMLElement;
    list.innerHTML = "";
    const currency = this.session?.currency ?? "EUR";
    for (const game of [...CLIENT_GAMES, ...extra]) {
      const server = byId.get(game.id);
      const playable = !!server && !!game.load;
      const card = document.createElement("article");
      card.className = `game-card${playable ? "" : " soon"}`;
      card.dataset.game = game.id;
      const facts = server
        ? `Bet ${formatMoney(server.minBet, currency)} – ${formatMoney(server.maxBet, currency)} · RTP ${(server.rtp * 100).toFixed(2)}%`
        : "In the making";
      card.innerHTML = `
        <div class="thumb">${game.thumbnail ? `<img alt="" src="${game.thumbnail}">` : `<span>${escapeHtml(game.name.slice(0, 1))}</span>`}</div>
        <h2>${escapeHtml(game.name)}</h2>
        <p class="tagline">${escapeHtml(game.tagline)}</p>
        <p class="facts">${facts}</p>
        ${this.freeBadge(game.id, playable ? grants : [])}
        <button class="btn primary" data-test="play-${escapeHtml(game.id)}" ${playable ? "" : "disabled"}>${
          playable ? (this.session?.player.demo === false ? "PLAY" : "PLAY DEMO") : "COMING SOON"
        }</button>`;
      card.querySelector("button")?.addEventListener("click", () => {
        if (!playable) return;
        this.sound.unlock();
        this.sound.play("click");
        location.hash = `#/play/${game.id}`;
      });
      list.append(card);
    }
  }

  /** The session's free rounds for the lobby's badges ([] without a session or when they cannot be read). */
  private async lobbyGrants(): Promise<Grant[]> {
    if (!this.session) return [];
    try {
      return await this.api.grants();
    } catch (error) {
      // A refused session is the lobby's business (route); anything else only costs the badges.
      if (isSessionEnded(error)) throw error;
      return [];
    }
  }

  /** "3 FREE ROUNDS waiting" on a game's card when the operator granted rounds of it. */
  private freeBadge(gameId: string, grants: readonly Grant[]): string {
    const left = roundsLeft(grantsOf(grants, gameId));
    if (left === 0) return "";
    return `<p class="free-badge" data-test="free-badge-${escapeHtml(gameId)}">${escapeHtml(freeRoundsCount(left).toUpperCase())} waiting</p>`;
  }

  private async openGame(gameId: string): Promise<void> {
    const client = clientGame(gameId);
    if (!client?.load) {
      location.hash = "#/";
      return;
    }
    this.root.innerHTML = `<div class="loading" data-test="loading">Loading…</div>`;
    const session = await this.ensureSession();
    const [description, factory] = await Promise.all([this.api.game(gameId), client.load()]);
    const screen = new GameScreen(this.api, { session, balance: this.balance }, description, this.sound, this.settings, {
      leave: () => {
        location.hash = "#/";
      },
      balanceChanged: (balance) => {
        this.balance = balance;
      },
      sessionEnded: () => {
        this.forget({ demo: session.player.demo });
        void this.route();
      },
      gameName: (id) => this.gameName(id),
      jackpots: this.feed,
      connection: this.connection,
    });
    this.screen = screen;
    this.root.innerHTML = "";
    this.root.append(screen.element);
    await screen.mount(factory);
    document.title = `${description.name} — Reelhouse`;
  }

  /** Tells the player the session ended and lets them choose; nothing is chosen for them. */
  private async askAfterSessionEnded(): Promise<void> {
    const demo = this.ended?.demo !== false;
    const game = /^#\/play\/([\w-]+)/.exec(location.hash)?.[1];
    let choice = "lobby" as "demo" | "lobby";
    await openDialog({
      name: "session-ended",
      title: "Session ended",
      dismissible: false,
      body: `<p>Your session has ended: the server no longer accepts it (it expired, or it was closed).</p>
        <p>${
          demo
            ? "A new demo starts a new player with a fresh demo balance; the old demo's history stays with the old session."
            : "To play with your account, open the game again from your casino: it logs you in anew."
        }</p>`,
      buttons: [
        { label: "Back to the lobby", test: "to-lobby" },
        {
          label: demo ? "Start a new demo" : "Play a demo instead",
          primary: true,
          test: "new-demo",
          onClick: () => {
            choice = "demo";
            return undefined;
          },
        },
      ],
    });
    this.ended = null;
    if (choice === "demo") {
      try {
        await this.ensureSession(true);
      } catch (error) {
        await this.fatal(error);
        return;
      }
    }
    const target = choice === "demo" && game ? `#/play/${game}` : "#/";
    if (location.hash === target) await this.route();
    else location.hash = target;
  }

  private async fatal(error: unknown): Promise<void> {
    await openDialog({
      name: "fatal",
      title: "Cannot continue",
      dismissible: false,
      body: `<p>${escapeHtml(describeError(error))}</p>`,
      buttons: [
        {
          label: "Reload",
          primary: true,
          onClick: () => {
            location.reload();
            return undefined;
          },
        },
      ],
    });
  }
}
