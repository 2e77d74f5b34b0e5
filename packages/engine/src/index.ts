export * from "./lines/evaluate.js";
export * from "./reels/strips.js";
export * from "./rng/crypto.js";
export * from "./rng/policy.js";
export * from "./rng/recording.js";
export * from "./rng/rng.js";
export * from "./rng/xoshiro.js";
export * from "./round.js";
