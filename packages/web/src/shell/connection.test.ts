import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../api.js";
import { type BackSign, Connection, deliver, isConnectionLost, Unanswered } from "./connection.js";

const lost = () => new ApiRequestError(0, "NETWORK", "No connection");
const refused = () => new ApiRequestError(409, "STALE_STEP", "stale");

/** A connection whose signs the test gives by hand. */
function fakeConnection() {
  const online = new Set<() => void>();
  const answers = new Set<() => void>();
  const streams = new Set<(s: "connecting" | "open" | "closed") => void>();
  const connection = new Connection({
    window: {
      addEventListener: (_type: string, l: () => void) => online.add(l),
      removeEventListener: (_type: string, l: () => void) => online.delete(l),
    } as unknown as Window,
    onAnswer: (l) => {
      answers.add(l);
      return () => answers.delete(l);
    },
    onStream: (l) => {
      streams.add(l);
      return () => streams.delete(l);
    },
  });
  return {
    connection,
    online: () => {
      for (const l of online) l();
    },
    answer: () => {
      for (const l of answers) l();
    },
    stream: (s: "connecting" | "open" | "closed") => {
      for (const l of streams) l(s);
    },
  };
}

describe("Connection: when the connection comes back", () => {
  it("says so on the browser's online event, the push channel opening and any answer; not on the channel dropping", () => {
    const f = fakeConnection();
    const signs: BackSign[] = [];
    f.connection.onBack((s) => signs.push(s));
    f.online();
    f.stream("connecting");
    f.stream("open");
    f.answer();
    expect(signs).toEqual(["online", "stream", "answer"]);
  });
});

describe("deliver: a choice inside a round waits for the connection", () => {
  it("sends the same request again when the connection is back, and says it waited", async () => {
    const f = fakeConnection();
    let sent = 0;
    const told: boolean[] = [];
    const answer = deliver(
      async () => {
        sent++;
        if (sent < 3) throw lost();
        return "revealed";
      },
      f.connection,
      (waiting) => told.push(waiting),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toBe(1);
    f.online();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toBe(2);
    f.stream("open");
    expect(await answer).toBe("revealed");
    expect(sent).toBe(3);
    expect(told).toEqual([true, false]);
  });

  it("a refusal is an answer: it is not sent again", async () => {
    const f = fakeConnection();
    let sent = 0;
    await expect(
      deliver(
        async () => {
          sent++;
          throw refused();
        },
        f.connection,
        () => {},
      ),
    ).rejects.toThrow("stale");
    expect(sent).toBe(1);
  });
});

describe("Unanswered: a round start whose answer was lost is kept to be sent again unchanged", () => {
  it("keeps the body on a lost connection, forgets it on an answer or a refusal", async () => {
    const u = new Unanswered<{ requestId: string }>();
    const body = { requestId: "r1" };
    await expect(u.send(body, () => Promise.reject(lost()))).rejects.toBeInstanceOf(ApiRequestError);
    expect(u.body).toBe(body);
    const seen: string[] = [];
    expect(
      await u.send(u.body ?? { requestId: "new" }, async (b) => {
        seen.push(b.requestId);
        return "step";
      }),
    ).toBe("step");
    expect(seen).toEqual(["r1"]);
    expect(u.body).toBeNull();
    await expect(u.send(body, () => Promise.reject(lost()))).rejects.toBeDefined();
    await expect(u.send(body, () => Promise.reject(refused()))).rejects.toBeDefined();
    expect(u.body).toBeNull();
  });

  it("tells a lost connection from a server's answer", () => {
    expect(isConnectionLost(lost())).toBe(true);
    expect(isConnectionLost(refused())).toBe(false);
    expect(isConnectionLost(new TypeError("x"))).toBe(false);
  });
});
