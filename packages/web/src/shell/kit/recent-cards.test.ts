import type { GambleCardsResponse } from "@reelhouse/protocol";
import { describe, expect, it } from "vitest";
import type { Card } from "./gamble.js";
import { type GambleCardsSource, pastCards, RecentCards, useGambleCards } from "./recent-cards.js";

/** A Storage kept in a Map (the tab's sessionStorage in the browser). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

const h = (rank: string): Card => ({ suit: "hearts", rank });
const s_ = (rank: string): Card => ({ suit: "spades", rank });

describe("RecentCards: the double's strip across rounds", () => {
  it("shows the round's own cards first, then earlier rounds', latest first, at most `length`", () => {
    const storage = memoryStorage();
    const cards = new RecentCards("game", 5, storage, null);
    expect(cards.strip([])).toEqual([]);
    cards.commit([h("3"), h("2"), h("A")]);
    expect(cards.strip([])).toEqual([h("3"), h("2"), h("A")]);
    expect(cards.strip([s_("9")])).toEqual([s_("9"), h("3"), h("2"), h("A")]);
    cards.commit([s_("K"), s_("9")]);
    expect(cards.strip([h("7")])).toEqual([h("7"), s_("K"), s_("9"), h("3"), h("2")]);
    // Another page of the same tab (a reload) reads the same strip.
    expect(new RecentCards("game", 5, storage).past()).toEqual([s_("K"), s_("9"), h("3"), h("2"), h("A")]);
    // Each game keeps its own.
    expect(new RecentCards("other", 5, storage).past()).toEqual([]);
  });

  it("a round with no card (collected at once) leaves the strip as it was", () => {
    const cards = new RecentCards("game", 5, memoryStorage());
    cards.commit([h("5")]);
    cards.commit([]);
    expect(cards.past()).toEqual([h("5")]);
  });

  it("ignores what is not a card in storage, and works without storage", () => {
    const storage = memoryStorage();
    storage.setItem("reelhouse.cards.game", JSON.stringify([h("4"), { suit: "stars", rank: "1" }, "x", { suit: "spades" }]));
    expect(new RecentCards("game", 5, storage).past()).toEqual([h("4")]);
    storage.setItem("reelhouse.cards.game", "{not json");
    expect(new RecentCards("game", 5, storage).past()).toEqual([]);
    const none = new RecentCards("game", 2, null);
    none.commit([h("Q"), s_("J"), h("10")]);
    expect(none.past()).toEqual([h("Q"), s_("J")]);
  });

  it("without a server read each test above passes no source; none is lent outside a game screen", () => {
    expect(new RecentCards("game", 5, memoryStorage()).past()).toEqual([]);
  });
});

/** A server that answers the session's cards (latest first) and counts its reads. */
function server(answer: () => GambleCardsResponse | Error) {
  const calls: { game: string; limit: number }[] = [];
  const source: GambleCardsSource = async (game, limit) => {
    calls.push({ game, limit });
    const a = answer();
    if (a instanceof Error) throw a;
    return a;
  };
  return { source, calls };
}
const wire = (suit: Card["suit"], rank: number, roundId: string) => ({ suit, rank, roundId });

describe("RecentCards: the session's cards from the server", () => {
  it("reads the server when made and on load(); the round in play's cards left out (its awaiting carries them)", async () => {
    let answer: GambleCardsResponse = {
      gameId: "game",
      cards: [wire("hearts", 12, "r2"), wire("spades", 1, "r1"), wire("hearts", 10, "r1")],
      openRoundId: null,
    };
    const s = server(() => answer);
    const storage = memoryStorage();
    // The tab's own earlier cards are not what a server-backed strip shows.
    storage.setItem("reelhouse.cards.game", JSON.stringify([s_("2")]));
    const cards = new RecentCards("game", 5, storage, s.source);
    expect(await cards.load()).toEqual([h("Q"), s_("A"), h("10")]);
    expect(s.calls[0]).toEqual({ game: "game", limit: 5 });
    expect(cards.strip([h("3")])).toEqual([h("3"), h("Q"), s_("A"), h("10")]);
    // Another tab of the session played round r3 and is mid-double in r4: a fresh read shows r3, not r4.
    answer = {
      gameId: "game",
      cards: [wire("spades", 7, "r4"), wire("hearts", 5, "r3"), ...answer.cards],
      openRoundId: "r4",
    };
    await cards.load();
    expect(cards.past()).toEqual([h("5"), h("Q"), s_("A"), h("10")]);
    expect(cards.strip([s_("7")])).toEqual([s_("7"), h("5"), h("Q"), s_("A"), h("10")]);
  });

  it("a commit joins the round's cards at once; a failed read keeps what was known", async () => {
    let fail = false;
    const s = server(() =>
      fail ? new Error("offline") : { gameId: "game", cards: [wire("hearts", 2, "r1")], openRoundId: null },
    );
    const cards = new RecentCards("game", 3, memoryStorage(), s.source);
    await cards.load();
    cards.commit([s_("K"), h("4")]);
    expect(cards.past()).toEqual([s_("K"), h("4"), h("2")]);
    fail = true;
    expect(await cards.load()).toEqual([s_("K"), h("4"), h("2")]);
    // Never read (the server down from the start): the tab's own cards, as before.
    const storage = memoryStorage();
    storage.setItem("reelhouse.cards.game", JSON.stringify([h("9")]));
    expect(await new RecentCards("game", 3, storage, s.source).load()).toEqual([h("9")]);
  });

  it("the shell lends its read to strips made while a game screen is on; taken back after", async () => {
    const s = server(() => ({ gameId: "g", cards: [wire("clubs", 11, "r")], openRoundId: null }));
    const drop = useGambleCards(s.source);
    const lent = new RecentCards("g", 30, null);
    expect(await lent.load()).toEqual([{ suit: "clubs", rank: "J" }]);
    // The server lists at most 20.
    expect(s.calls.every((c) => c.limit === 20)).toBe(true);
    drop();
    const after = new RecentCards("g", 5, null);
    await after.load();
    expect(after.past()).toEqual([]);
    // One read: the one made with the strip, which load() joined; none after the read was taken back.
    expect(s.calls).toHaveLength(1);
  });

  it("pastCards: latest first, at most `length`, never the open round's", () => {
    expect(
      pastCards(
        { gameId: "g", cards: [wire("hearts", 1, "o"), wire("spades", 13, "a"), wire("hearts", 11, "a")], openRoundId: "o" },
        1,
      ),
    ).toEqual([s_("K")]);
  });
});
