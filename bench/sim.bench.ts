/**
 * `npm run bench:sim`: full Mermaid Treasure rounds per second per core, at the game's
 * default bet (max lines). Measures the round code alone, the runner's per-round
 * accounting on top of it, then the real worker-thread simulator on 1 and T threads.
 *
 *   npm run bench:sim -- [--rounds N] [--threads T] [--game ID]
 */
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { Xoshiro128 } from "@reelhouse/engine";
import { defaultBet, playRounds, resolveTask, simContext, simulate, Tally } from "@reelhouse/sim";

const { values } = parseArgs({
  options: { rounds: { type: "string" }, threads: { type: "string" }, game: { type: "string" } },
});
const gameId = values.game ?? "mermaid-treasure";
const rounds = Number(values.rounds ?? 3_000_000);
const threads = Number(values.threads ?? availableParallelism());
const { game, policy } = resolveTask({ game: gameId, policy: "default" });
const bet = game.parseBet(defaultBet(gameId));
const fmt = (n: number) => Math.round(n).toLocaleString("en").padStart(12);

/** Rounds/s of the bare round loop (start, policy, act until over) on this thread, no accounting. */
function bareLoop(n: number): number {
  const rng = new Xoshiro128(1);
  const lean = { events: false } as const;
  const context = simContext(game, undefined);
  let sink = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    let step = game.start(bet, rng, context, lean);
    while (step.awaiting !== null) step = game.act(step.state, policy(step.state, step.awaiting), rng, context, lean);
    sink += step.state.totalWin;
  }
  const seconds = (performance.now() - t0) / 1000;
  if (sink < 0) console.log(sink);
  return n / seconds;
}

/** Rounds/s of the runner's own loop (the same loop plus the exact per-round tally) on this thread. */
function runnerLoop(n: number): number {
  const rng = new Xoshiro128(1);
  const tally = new Tally();
  const t0 = performance.now();
  playRounds(game, bet, policy, rng, n, tally);
  return n / ((performance.now() - t0) / 1000);
}

console.log(`bench:sim ${game.id} (maths ${game.version}), bet ${JSON.stringify(bet)} = ${game.totalBet(bet)}, policy default`);
console.log(`${rounds.toLocaleString("en")} full rounds per measurement; ${availableParallelism()} cores visible\n`);
// Alternate the two in-thread loops and keep the best of each, so that a burst of load
// from other processes does not land on one of them only (and the JIT is warm for both).
let bare = 0;
let counted = 0;
const slice = Math.max(1, Math.floor(rounds / 3));
for (let i = 0; i < 4; i++) {
  bare = Math.max(bare, bareLoop(slice));
  counted = Math.max(counted, runnerLoop(slice));
}
console.log(`round code alone, main thread       ${fmt(bare)} rounds/s  (best of 4 x ${slice.toLocaleString("en")})`);
console.log(
  `+ runner accounting, main thread    ${fmt(counted)} rounds/s  (${((bare / counted - 1) * 100).toFixed(1)}% overhead)`,
);

const one = await simulate({ game: gameId, rounds, seed: 1, threads: 1, bet, exact: false });
console.log(`simulator, 1 worker thread          ${fmt(one.roundsPerSecond)} rounds/s per core`);
const many = await simulate({ game: gameId, rounds: rounds * threads, seed: 1, threads, bet, exact: false });
console.log(
  `simulator, ${threads} worker threads        ${fmt(many.roundsPerSecond)} rounds/s total, ${fmt(many.roundsPerSecond / threads).trim()} per core (threads: ${many.roundsPerSecondPerThread.map((v) => Math.round(v).toLocaleString("en")).join(", ")})`,
);
console.log(
  `\nRTP of the ${threads}-thread run: ${(many.rtp * 100).toFixed(4)}% over ${many.rounds.toLocaleString("en")} rounds`,
);
