/** Exact maths of Mermaid Treasure (placeholder until the full calculation lands). */
import type { ParReport } from "@reelhouse/engine";

export function computeExact(): ParReport {
  throw new Error("exact maths not implemented yet");
}
