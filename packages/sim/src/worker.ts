/**
 * Worker-thread entry: runs one shard and posts progress (once per chunk, never per
 * round) and then the shard's counts back to the main thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import { runShard, type ShardResult, type ShardTask } from "./shard.js";

/** Messages a worker sends to the main thread. */
export type WorkerMessage =
  | { type: "progress"; done: number }
  | { type: "done"; result: ShardResult }
  | { type: "error"; message: string };

const port = parentPort;
if (port) {
  const post = (message: WorkerMessage) => port.postMessage(message);
  try {
    const result = runShard(workerData as ShardTask, (done) => post({ type: "progress", done }));
    post({ type: "done", result });
  } catch (error) {
    post({ type: "error", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}
