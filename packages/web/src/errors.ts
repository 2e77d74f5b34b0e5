/**
 * What the player reads when something fails: a plain sentence, never a raw body
 * ("<html>Service Unavailable</html>"), a status code or a browser exception. The server's
 * own `{error: {code, message}}` message is kept: it was written for people.
 */
import { ApiRequestError } from "./api.js";
import { NO_CONNECTION, statusSentence } from "./status-text.js";

/** Codes whose server message is replaced by a sentence that tells the player what to do. */
const BY_CODE: Readonly<Record<string, string>> = {
  NETWORK: NO_CONNECTION,
  SESSION_ENDED: "Your session has ended.",
  SESSION_EXPIRED: "Your session has ended after a long pause.",
  UNAUTHENTICATED: "Your session has ended.",
};

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
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return NO_CONNECTION;
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
