import { describe, expect, it } from "vitest";
import { OneAtATime } from "./history.js";

describe("OneAtATime (history pages, one after the other)", () => {
  it("runs tasks in arrival order, never two at once, and a failed task does not stop the next", async () => {
    const gate = new OneAtATime();
    const log: string[] = [];
    let running = 0;
    const task =
      (name: string, fail = false) =>
      async () => {
        expect(++running).toBe(1);
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, 5));
        log.push(`end ${name}`);
        running--;
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([gate.run(task("a")), gate.run(task("b", true)), gate.run(task("c"))]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual(["a", "b", "c"]);
    expect(results[1]?.status).toBe("rejected");
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
  });
});
