/**
 * What the player reads when something fails: a plain sentence, never a raw body
 * ("<html>Service Unavailable</html>"), a status code or a browser exception. The server's
 * own `{error: {code, message}}` message is kept: it was written for people.
 */
import { ApiRequestError } from "./api.js";

/** Codes whose server message is replaced by a sentence that tells the player what to do. */
const BY_CODE: Readonly<Record<string, string>> = {
  NETWORK: "No connection to the game server. Check your connection; the game continues where it stood once you are back.",
  SESSION_ENDED: "Your session has ended.",
  SESSION_EXPIRED: "Your session has ended after a long pause.",
  UNAUTHENTICATED: "Your session has ended.",
};

/** A sentence for an HTTP status whose body was not the server's JSON (a proxy, a gateway). */
export function statusSentence(status: number): string {
  if (status === 0) return BY_CODE.NETWORK as string;
  if (status === 502 || status === 503 || status === 504) return "The server is unavailable, try again in a moment.";
  if (status === 429) return "Too many requests at once: wait a moment and try again.";
  if (status === 404) return "The game server does not know this request. Reload the page.";
  if (status >= 500) return "The server ran into a problem. Try again in a moment.";
  return "The request was refused. Reload the page and try again.";
}

/** Capitalises a server message and ends it with a full stop. */
function sentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  const first = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?…]$/.test(first) ? first : `${first}.`;
}

/**
 * The sentence to show for any error the client meets: the server's message for its own
 * errors, a plain sentence for statuses, connection failures and the client's own bugs.
 */
export function describeError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const known = BY_CODE[error.code];
    if (known) return known;
    // `serverMessage` is set only when the body was the server's JSON.
    return error.serverMessage ? sentence(error.serverMessage) : statusSentence(error.status);
  }
  // fetch() rejects with a TypeError when there is no network at all.
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return BY_CODE.NETWORK as string;
  return "Something went wrong in the game. Reload the page to continue; your balance and any open round are kept.";
}

/** True when the error means the session token is no longer accepted (ended, expired, unknown). */
export function isSessionEnded(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status === 401 &&
    ["SESSION_ENDED", "SESSION_EXPIRED", "UNAUTHENTICATED", "UNKNOWN_PLAYER"].includes(error.code)
  );
}
