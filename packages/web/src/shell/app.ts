/**
 * The shell's top level: the session (kept in sessionStorage so a reload resumes it),
 * the lobby listing GET /api/v1/games, and the game screen for the chosen game.
 * Routes: `#/` lobby, `#/play/<gameId>` a game.
 */
import type { CreateSessionResponse, GameSummary } from "@reelhouse/protocol";
import { type Api, ApiRequestError } from "../api.js";
import { formatMoney } from "../format.js";
import { CLIENT_GAMES } from "../games/index.js";
import { openDialog } from "./dialog.js";
import { GameScreen } from "./game-screen.js";
import { Settings } from "./settings.js";
import { Sound } from "./sound.js";

const SESSION_KEY = "reelhouse.session";

export class App {
  private session: CreateSessionResponse | null = null;
  private balance = 0;
  private screen: GameScreen | null = null;
  private readonly settings = Settings.load();
  private readonly sound: Sound;

  constructor(
    private readonly root: HTMLElement,
    private readonly api: Api,
  ) {
    this.sound = new Sound(this.settings.volume, this.settings.sound);
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
    try {
      const stored = JSON.parse(saved) as CreateSessionResponse;
      this.api.setToken(stored.token);
      const current = await this.api.session();
      this.session = { ...stored, ...current, token: stored.token };
      this.balance = current.balance;
    } catch (error) {
      // An expired or unknown token: start over from the lobby.
      if (!(error instanceof ApiRequestError) || error.status === 0) throw error;
      sessionStorage.removeItem(SESSION_KEY);
      this.api.setToken(null);
      this.session = null;
    }
  }

  private async ensureSession(): Promise<CreateSessionResponse> {
    if (this.session) return this.session;
    const launchToken = new URLSearchParams(location.search).get("launch");
    const session = launchToken ? await this.api.createSession(launchToken) : await this.api.createDemoSession();
    this.session = session;
    this.balance = session.balance;
    this.api.setToken(session.token);
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    return session;
  }

  private async route(): Promise<void> {
    const match = /^#\/play\/([\w-]+)/.exec(location.hash);
    this.screen?.destroy();
    this.screen = null;
    try {
      if (match?.[1]) await this.openGame(match[1]);
      else await this.showLobby();
    } catch (error) {
      await this.fatal(error);
    }
  }

  private async showLobby(): Promise<void> {
    this.root.innerHTML = `<div class="lobby"><div class="lobby-bg" aria-hidden="true"></div>
      <header class="lobby-head"><h1>REELHOUSE</h1><p>Slots with exact maths and a server that keeps money straight.</p>
      <div class="lobby-balance" data-test="lobby-balance"></div></header>
      <section class="lobby-games" data-test="lobby-games"><p>Loading games…</p></section></div>`;
    const balanceEl = this.root.querySelector(".lobby-balance") as HTMLElement;
    if (this.session) balanceEl.textContent = `Balance ${formatMoney(this.balance, this.session.currency)}`;
    const games: GameSummary[] = await this.api.games();
    const list = this.root.querySelector(".lobby-games") as HTMLElement;
    list.innerHTML = "";
    for (const game of games) {
      const client = CLIENT_GAMES.get(game.id);
      const card = document.createElement("article");
      card.className = "game-card";
      card.dataset.game = game.id;
      const currency = this.session?.currency ?? "EUR";
      card.innerHTML = `
        <div class="thumb">${client ? `<img alt="" src="${client.thumbnail}">` : `<span>${game.name.slice(0, 1)}</span>`}</div>
        <h2>${game.name}</h2>
        <p class="tagline">${client?.tagline ?? ""}</p>
        <p class="facts">Bet ${formatMoney(game.minBet, currency)} – ${formatMoney(game.maxBet, currency)} · RTP ${(game.rtp * 100).toFixed(2)}%</p>
        <button class="btn primary" data-test="play-${game.id}" ${client ? "" : "disabled"}>${client ? (this.session?.player.demo === false ? "PLAY" : "PLAY DEMO") : "COMING SOON"}</button>`;
      card.querySelector("button")?.addEventListener("click", () => {
        this.sound.unlock();
        this.sound.play("click");
        location.hash = `#/play/${game.id}`;
      });
      list.append(card);
    }
    if (games.length === 0) list.innerHTML = "<p>No games are on offer right now.</p>";
  }

  private async openGame(gameId: string): Promise<void> {
    const client = CLIENT_GAMES.get(gameId);
    if (!client) {
      location.hash = "#/";
      return;
    }
    this.root.innerHTML = `<div class="loading" data-test="loading">Loading…</div>`;
    const session = await this.ensureSession();
    const [description, factory] = await Promise.all([this.api.game(gameId), client.load()]);
    const screen = new GameScreen(
      this.api,
      { session, balance: this.balance },
      description,
      this.sound,
      this.settings,
      () => {
        location.hash = "#/";
      },
      (balance) => {
        this.balance = balance;
      },
    );
    this.screen = screen;
    this.root.innerHTML = "";
    this.root.append(screen.element);
    await screen.mount(factory);
    document.title = `${description.name} — Reelhouse`;
  }

  private async fatal(error: unknown): Promise<void> {
    const text = error instanceof Error ? error.message : String(error);
    await openDialog({
      name: "fatal",
      title: "Cannot continue",
      body: `<p>${text.replace(/</g, "&lt;")}</p>`,
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
