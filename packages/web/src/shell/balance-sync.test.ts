import { describe, expect, it } from "vitest";
import { BalanceSync } from "./balance-sync.js";

/** A screen: at rest or not, the balance it shows, what the server would answer to a read. */
function screen(server: number) {
  const s = {
    rest: true,
    shown: 100_000,
    server,
    reads: 0,
    grantReads: 0,
  };
  const sync = new BalanceSync({
    atRest: () => s.rest,
    shown: () => s.shown,
    show: (b) => {
      s.shown = b;
    },
    read: async () => {
      s.reads++;
      return s.server;
    },
    readGrants: async () => {
      s.grantReads++;
    },
  });
  return { s, sync };
}

describe("BalanceSync: the balance follows the server, never mid-round", () => {
  it("at rest an account event shows at once; a grant event reads the grants", () => {
    const { s, sync } = screen(99_570);
    sync.offer(99_570, "round");
    expect(s.shown).toBe(99_570);
    expect(s.grantReads).toBe(0);
    sync.offer(99_570, "grant");
    expect(s.grantReads).toBe(1);
  });

  it("mid-round an event is not shown (it may hold a win the reels have not shown); at rest a different one is read again", async () => {
    const { s, sync } = screen(100_200);
    s.rest = false;
    sync.offer(100_200, "round");
    expect(s.shown).toBe(100_000);
    // The round ends showing its own answer, 100 200: the event said the same, nothing to read.
    s.rest = true;
    s.shown = 100_200;
    await sync.rested();
    expect(s.reads).toBe(0);
    // An event from another tab arrives mid-round and differs from what the round ends on: read at rest.
    s.rest = false;
    sync.offer(99_000, "round");
    s.server = 98_850;
    s.rest = true;
    s.shown = 100_050;
    await sync.rested();
    expect(s.reads).toBe(1);
    expect(s.shown).toBe(98_850);
  });

  it("the tab shown again reads the balance; mid-round the read waits for the rest", async () => {
    const { s, sync } = screen(95_700);
    await sync.reread();
    expect(s.shown).toBe(95_700);
    expect(s.grantReads).toBe(1); // an operator's grant made meanwhile shows too
    s.rest = false;
    s.server = 95_000;
    await sync.reread();
    expect(s.reads).toBe(1);
    s.rest = true;
    await sync.rested();
    expect(s.reads).toBe(2);
    expect(s.shown).toBe(95_000);
  });
});
