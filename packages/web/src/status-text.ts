/**
 * Sentences for HTTP statuses whose body was not the server's JSON (a proxy, a gateway, no
 * network at all): what the player reads instead of "<html>Service Unavailable</html>".
 */

export const NO_CONNECTION =
  "No connection to the game server. Check your connection; the game continues where it stood once you are back.";

/** A sentence for an HTTP status (0: no connection). */
export function statusSentence(status: number): string {
  if (status === 0) return NO_CONNECTION;
  if (status === 502 || status === 503 || status === 504) return "The server is unavailable, try again in a moment.";
  if (status === 429) return "Too many requests at once: wait a moment and try again.";
  if (status === 404) return "The game server does not know this request. Reload the page.";
  if (status >= 500) return "The server ran into a problem. Try again in a moment.";
  return "The request was refused. Reload the page and try again.";
}
