/**
 * Worker-thread entry: runs its shards (one per variant of the run, in order) and posts
 * progress (once per chunk, never per round) and then the shards' counts back to the main
 * thread. Games outside the registry are imported from their `gameModule` first.
 */
import { parentPort, workerData } from "node:worker_threads";
import { loadGameModule, runShard, type ShardResult, type ShardTask } from "./shard.js";

/** What a worker is given: its shard of each variant, played in order. */
export interface WorkerJob {
  tasks: ShardTask[];
}

/** Messages a worker sends to the main thread. `done` counts rounds over all its tasks. */
export type WorkerMessage =
  | { type: "progress"; done: number }
  | { type: "done"; results: ShardResult[] }
  | { type: "error"; message: string };

async function main(port: NonNullable<typeof parentPort>): Promise<void> {
  const post = (message: WorkerMessage) => port.postMessage(message);
  try {
    const { tasks } = workerData as WorkerJob;
    for (const url of new Set(tasks.flatMap((t) => (t.gameModule ? [t.gameModule] : [])))) await loadGameModule(url);
    const results: ShardResult[] = [];
    let before = 0;
    for (const task of tasks) {
      results.push(runShard(task, (done) => post({ type: "progress", done: before + done })));
      before += task.rounds;
    }
    post({ type: "done", results });
  } catch (error) {
    post({ type: "error", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

if (parentPort) void main(parentPort);
