import { describe, expect, it } from "vitest";
import type { Card } from "./gamble.js";
import { RecentCards } from "./recent-cards.js";

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
const s = (rank: string): Card => ({ suit: "spades", rank });

describe("RecentCards: the double's strip across rounds", () => {
  it("shows the round's own cards first, then earlier rounds', latest first, at most `length`", () => {
    const storage = memoryStorage();
    const cards = new RecentCards("game", 5, storage);
    expect(cards.strip([])).toEqual([]);
    cards.commit([h("3"), h("2"), h("A")]);
    expect(cards.strip([])).toEqual([h("3"), h("2"), h("A")]);
    expect(cards.strip([s("9")])).toEqual([s("9"), h("3"), h("2"), h("A")]);
    cards.commit([s("K"), s("9")]);
    expect(cards.strip([h("7")])).toEqual([h("7"), s("K"), s("9"), h("3"), h("2")]);
    // Another page of the same tab (a reload) reads the same strip.
    expect(new RecentCards("game", 5, storage).past()).toEqual([s("K"), s("9"), h("3"), h("2"), h("A")]);
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
    none.commit([h("Q"), s("J"), h("10")]);
    expect(none.past()).toEqual([h("Q"), s("J")]);
  });
});
