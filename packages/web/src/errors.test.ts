import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api.js";
import { describeError, isSessionEnded } from "./errors.js";
import { statusSentence } from "./status-text.js";

describe("describeError", () => {
  it("keeps the server's own message, as a sentence", () => {
    const error = new ApiRequestError(400, "BAD_BET", "coin value 7 is not offered", {}, "coin value 7 is not offered");
    expect(describeError(error)).toBe("Coin value 7 is not offered.");
  });

  it("says a plain sentence for a body that was not the server's JSON, never the body or the code", () => {
    const error = new ApiRequestError(503, "HTTP_503", statusSentence(503));
    expect(describeError(error)).toBe("The server is unavailable, try again in a moment.");
    expect(describeError(new ApiRequestError(500, "HTTP_500", statusSentence(500)))).not.toMatch(/500|HTTP/);
  });

  it("turns the browser's network failure and the client's own faults into sentences", () => {
    expect(describeError(new TypeError("Failed to fetch"))).toMatch(/^No connection/);
    expect(describeError(new ApiRequestError(0, "NETWORK", statusSentence(0)))).toMatch(/^No connection/);
    expect(describeError(new RangeError("x is undefined"))).not.toMatch(/RangeError|undefined/);
  });

  it("knows a refused session", () => {
    expect(isSessionEnded(new ApiRequestError(401, "SESSION_ENDED", "", {}, "the session is unknown"))).toBe(true);
    expect(isSessionEnded(new ApiRequestError(401, "BAD_ADMIN_KEY", ""))).toBe(false);
    expect(isSessionEnded(new Error("401"))).toBe(false);
  });
});
