/** The shared parts of a game module: identity from the model, the bet list. */
import { describe, expect, it } from "vitest";
import { betListOf, identityOf } from "./module.js";

describe("game module kit", () => {
  it("takes the identity from the model and the smallest and largest bets from the list", () => {
    expect(identityOf({ GAME_ID: "g", GAME_NAME: "G", MATHS_VERSION: "1.0.0" })).toEqual({
      id: "g",
      name: "G",
      version: "1.0.0",
    });
    const list = betListOf([{ stake: 0 }, { stake: 1 }, { stake: 2 }]);
    expect(list.minBet()).toEqual({ stake: 0 });
    expect(list.maxBet()).toEqual({ stake: 2 });
    expect(list.bets()).toHaveLength(3);
    expect(() => betListOf([])).toThrow(/at least one bet/);
  });
});
