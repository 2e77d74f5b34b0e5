/**
 * TEST-ONLY platform answerer: answers `jackpotValue` with a value derived from the pool
 * key, and writes a row in the request's own transaction (in `settings`, keyed by round and
 * step), so a test can see that an answer commits — or rolls back — with its step.
 */
import { PlatformAnswerers, type PlatformCall } from "../../src/rounds/platform.js";

/** The value the test answerer gives a pool key, micro-units. */
export const poolValue = (key: string) => 7_000_000 + Number(key) * 1000;

export function testPlatform(): { platform: PlatformAnswerers; calls: PlatformCall[] } {
  const calls: PlatformCall[] = [];
  const platform = new PlatformAnswerers().register("jackpotValue", async (request, call) => {
    calls.push(call);
    await call.sql.run("INSERT INTO settings (key, value) VALUES ($1, $2)", [
      `test-answer:${call.roundId}:${call.stepIndex}`,
      JSON.stringify(request.ref),
    ]);
    return { kind: "jackpotValue", ref: request.ref, micro: poolValue(request.ref.key) };
  });
  return { platform, calls };
}
