/**
 * The client's only door to the server: typed calls to /api/v1. Every mutating call
 * carries a fresh requestId, and a network failure is retried with the SAME requestId so
 * the server answers the committed result instead of playing twice. Every answer is told to
 * {@link Api.onAnswer} listeners: the connection works, so a request lost earlier can be sent again.
 */
import type {
  ActionRequest,
  ApiError,
  AutoplayRequest,
  AutoplayState,
  CreateSessionResponse,
  GambleCardsResponse,
  GameSummary,
  Grant,
  HistoryResponse,
  OpenRound,
  Preferences,
  RoundDetail,
  SessionResponse,
  StartRoundRequest,
  StepResponse,
  WireBet,
} from "@reelhouse/protocol";
import type { GameDescription, GamePreferences } from "./shell/types.js";
import { statusSentence } from "./status-text.js";

/**
 * A 4xx/5xx answer (status 0: no connection), with the server's stable code and details.
 * `serverMessage` is the server's own sentence when the body was its JSON error, null when
 * the body was something else (a proxy's HTML page): the message is then a plain sentence.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly serverMessage: string | null = null,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

/** A random idempotency key for one mutating request. */
export function newRequestId(): string {
  return crypto.randomUUID();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Unwraps `{ key: value }` envelopes and accepts the bare value too. */
function unwrap<T>(body: unknown, key: string): T {
  if (body && typeof body === "object" && key in body) return (body as Record<string, unknown>)[key] as T;
  return body as T;
}

export class Api {
  private token: string | null = null;
  private readonly answered = new Set<() => void>();

  constructor(private readonly base = "/api/v1") {}

  /** The current session's bearer token (the jackpot feed sends it on its event stream). */
  get bearer(): string | null {
    return this.token;
  }

  /** Calls `listener` after every answer of the server, whatever its status; returns the unsubscribe function. */
  onAnswer(listener: () => void): () => void {
    this.answered.add(listener);
    return () => this.answered.delete(listener);
  }

  /** Sets the bearer token of the current session (kept in sessionStorage by the shell). */
  setToken(token: string | null): void {
    this.token = token;
  }

  private async request<T>(method: string, path: string, body?: unknown, retries = 0): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      // The connection dropped: the request may or may not have been committed, so retry it
      // unchanged (same requestId) and let the server's idempotency answer.
      if (retries < 4) {
        await sleep(400 * 2 ** retries);
        return this.request<T>(method, path, body, retries + 1);
      }
      // The browser's own text ("Failed to fetch") says nothing to a player.
      throw new ApiRequestError(0, "NETWORK", statusSentence(0));
    }
    for (const listener of [...this.answered]) listener();
    const text = await response.text();
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
    if (!response.ok) {
      const error = (parsed as ApiError | null)?.error;
      // Too fast (rate limit, or a jurisdiction's minimum time between spins): wait as told
      // and send the same request again; its requestId keeps it from counting twice.
      const retryAfterMs = Number(error?.details?.retryAfterMs ?? 0);
      if (response.status === 429 && retryAfterMs > 0 && retryAfterMs <= 10_000 && retries < 3) {
        await sleep(retryAfterMs + 50);
        return this.request<T>(method, path, body, retries + 1);
      }
      const serverMessage = typeof error?.message === "string" ? error.message : null;
      throw new ApiRequestError(
        response.status,
        error?.code ?? `HTTP_${response.status}`,
        serverMessage ?? statusSentence(response.status),
        error?.details ?? {},
        serverMessage,
      );
    }
    return parsed as T;
  }

  /** POST /sessions with `{demo: true}`. */
  createDemoSession(): Promise<CreateSessionResponse> {
    return this.request("POST", "/sessions", { demo: true });
  }

  /** POST /sessions with an operator launch token. */
  createSession(launchToken: string): Promise<CreateSessionResponse> {
    return this.request("POST", "/sessions", { launchToken });
  }

  /** GET /session: the stored token's player, balances (cash and `units`) and jurisdiction (after a reload). */
  session(): Promise<SessionResponse> {
    return this.request("GET", "/session");
  }

  async games(): Promise<GameSummary[]> {
    return unwrap<GameSummary[]>(await this.request("GET", "/games"), "games");
  }

  async game(gameId: string): Promise<GameDescription> {
    return unwrap<GameDescription>(await this.request("GET", `/games/${encodeURIComponent(gameId)}`), "game");
  }

  /** Starts a round; the shell speaks any game's bet in the schema's wire form (the server validates it). */
  startRound(gameId: string, body: Omit<StartRoundRequest, "bet"> & { bet?: WireBet }): Promise<StepResponse> {
    return this.request("POST", `/games/${encodeURIComponent(gameId)}/rounds`, body);
  }

  act(roundId: string, body: ActionRequest): Promise<StepResponse> {
    return this.request("POST", `/rounds/${encodeURIComponent(roundId)}/actions`, body);
  }

  async openRounds(): Promise<OpenRound[]> {
    return unwrap<OpenRound[]>(await this.request("GET", "/rounds/open"), "rounds");
  }

  history(limit = 50): Promise<HistoryResponse> {
    return this.request("GET", `/history?limit=${limit}`);
  }

  async round(roundId: string): Promise<RoundDetail> {
    return unwrap<RoundDetail>(await this.request("GET", `/history/${encodeURIComponent(roundId)}`), "round");
  }

  /** GET /grants: operator free rounds (Bonus Spin Mode) the player can still play (start one with `{grantId}`). */
  async grants(): Promise<Grant[]> {
    return unwrap<Grant[]>(await this.request("GET", "/grants"), "grants");
  }

  /** GET /gamble-cards/:gameId: the double-up cards of the current session in a game, latest first. */
  gambleCards(gameId: string, limit = 5): Promise<GambleCardsResponse> {
    return this.request("GET", `/gamble-cards/${encodeURIComponent(gameId)}?limit=${limit}`);
  }

  /** GET /preferences/:gameId: the player's preferences for a game (`{}` when never set). */
  preferences(gameId: string): Promise<Preferences> {
    return this.request("GET", `/preferences/${encodeURIComponent(gameId)}`);
  }

  /** PUT /preferences/:gameId: replaces them (a small JSON object). */
  setPreferences(gameId: string, preferences: Record<string, unknown>): Promise<Preferences> {
    return this.request("PUT", `/preferences/${encodeURIComponent(gameId)}`, { preferences });
  }

  /** One game's preferences as its view reads and replaces them (`GameContext.preferences`). */
  gamePreferences(gameId: string): GamePreferences {
    return {
      read: async () => (await this.preferences(gameId)).preferences,
      write: async (value) => {
        await this.setPreferences(gameId, value);
      },
    };
  }

  async startAutoplay(body: AutoplayRequest): Promise<AutoplayState> {
    return unwrap<AutoplayState>(await this.request("POST", "/autoplay", body), "autoplay");
  }

  async stopAutoplay(id: string): Promise<AutoplayState> {
    return unwrap<AutoplayState>(await this.request("DELETE", `/autoplay/${encodeURIComponent(id)}`), "autoplay");
  }
}
