/** The exact maths kit: pure functions for PAR sheets (laws, lines, cycles, series, chains, decisions, transforms). */
export * from "./cycle.js";
export * from "./fraction.js";
export * from "./hash.js";
export * from "./histogram.js";
export * from "./line-cycle.js";
export * from "./lines.js";
export * from "./markov.js";
export * from "./mdp.js";
export * from "./reels.js";
export * from "./round-law.js";
export * from "./series.js";
export * from "./transforms.js";
