export * from "./par-render.js";
export * from "./platform.js";
export * from "./report.js";
export * from "./runner.js";
export * from "./shard.js";
export * from "./tally.js";
