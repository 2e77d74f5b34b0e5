/** Decks: 52 distinct cards, half red; the Jackpot Cards deck of 3 per suit. */
import { describe, expect, it } from "vitest";
import { cardName, colourOf, jackpotCardsDeck, SUITS, standardDeck } from "./deck.js";

describe("decks", () => {
  it("the standard deck has 52 distinct cards, 13 per suit, 26 red and 26 black", () => {
    const deck = standardDeck();
    expect(deck).toHaveLength(52);
    expect(new Set(deck.map(cardName)).size).toBe(52);
    for (const suit of SUITS)
      expect(deck.filter((c) => c.suit === suit).map((c) => c.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(deck.filter((c) => colourOf(c.suit) === "red")).toHaveLength(26);
    expect(colourOf("hearts")).toBe("red");
    expect(colourOf("diamonds")).toBe("red");
    expect(colourOf("spades")).toBe("black");
    expect(colourOf("clubs")).toBe("black");
  });

  it("names cards shortly and lists Jackpot Cards' 12 cards, 3 per suit, lowest level first", () => {
    expect(cardName({ rank: 1, suit: "hearts" })).toBe("AH");
    expect(cardName({ rank: 10, suit: "spades" })).toBe("10S");
    expect(cardName({ rank: 12, suit: "diamonds" })).toBe("QD");
    expect(SUITS).toEqual(["clubs", "diamonds", "hearts", "spades"]);
    const deck = jackpotCardsDeck();
    expect(deck).toHaveLength(12);
    for (const suit of SUITS) expect(deck.filter((s) => s === suit)).toHaveLength(3);
  });
});
