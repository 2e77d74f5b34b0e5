import { describe, expect, it } from "vitest";
import { type EventHandlers, narrow, narrowOne, playEvents, tagsOf } from "./events.js";

type Ev = { type: "spin"; window: string[][] } | { type: "win"; amount: number } | { type: "end" };
const TAGS = tagsOf<Ev>({ spin: true, win: true, end: true });

describe("typed event playback", () => {
  it("keeps the wire values whose tag the game knows, in order", () => {
    const raw: unknown[] = [
      { type: "spin", window: [] },
      { type: "jackpot" },
      null,
      7,
      { type: "win", amount: 5 },
      { kind: "win" },
    ];
    expect(narrow(TAGS, raw)).toEqual([
      { type: "spin", window: [] },
      { type: "win", amount: 5 },
    ]);
    expect(narrowOne(TAGS, { type: "end" })).toEqual({ type: "end" });
    expect(narrowOne(TAGS, { type: "toString" })).toBeNull(); // not fooled by the prototype
  });

  it("plays each event through the handler of its own type, one after the other", async () => {
    const seen: string[] = [];
    const handlers: EventHandlers<Ev, string[]> = {
      spin: async (event, log) => {
        await new Promise((r) => setTimeout(r, 5));
        log.push(`spin ${event.window.length}`);
      },
      win: (event, log) => {
        log.push(`win ${event.amount}`);
      },
      end: (_event, log) => {
        log.push("end");
      },
    };
    await playEvents(
      handlers,
      narrow(TAGS, [{ type: "spin", window: [["A"]] }, { type: "win", amount: 3 }, { type: "end" }]),
      seen,
    );
    expect(seen).toEqual(["spin 1", "win 3", "end"]);
  });

  it("does not compile without a handler for every event type, nor with a wrong tag list", () => {
    // @ts-expect-error the handler for "end" is missing
    const missing: EventHandlers<Ev, null> = { spin: () => {}, win: () => {} };
    // @ts-expect-error "win" handlers receive the win event: it has no window
    const wrong: EventHandlers<Ev, null> = { spin: () => {}, win: (e) => void e.window, end: () => {} };
    // @ts-expect-error the tag list must name every type
    const partial = tagsOf<Ev>({ spin: true, win: true });
    // @ts-expect-error and no type the union lacks
    const extra = tagsOf<Ev>({ spin: true, win: true, end: true, jackpot: true });
    expect([missing, wrong, partial, extra]).toHaveLength(4);
  });
});
