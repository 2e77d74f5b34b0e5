/**
 * 40 Mystic Gem's BUY BONUS as data (sheet "BUY BONUS"; DESIGN.md §2): five bought modes,
 * each with its exact price, its own reel set, and the reels its WILDs are placed on, drawn
 * once by the server with the published weights (the player never chooses). The guaranteed
 * modes redraw only the reels without a bought WILD until at least one LINE wins.
 */
import type { BetModeSpec, PriceMultiple } from "@reelhouse/engine";

export type ModeId = "wild1" | "wild2" | "wild3" | "wild1-guaranteed" | "wild2-guaranteed";
/** The base game's reel set and every mode's own. */
export type ReelSetId = "base" | ModeId;

/** Where a mode's bought WILDs go: 0-based reels (1 = reel 2), and the placement's weight. */
export interface Placement {
  readonly reels: readonly number[];
  readonly weight: number;
}

export interface MysticMode extends BetModeSpec<ModeId> {
  readonly reelSet: ModeId;
  /** The bought expanding WILDs. */
  readonly wilds: 1 | 2 | 3;
  /** The placements the server draws from, with their weights (out of their sum). */
  readonly placements: readonly Placement[];
}

const ONE_WILD: readonly Placement[] = [
  { reels: [1], weight: 1 },
  { reels: [2], weight: 1 },
  { reels: [3], weight: 1 },
];
const TWO_WILDS: readonly Placement[] = [
  { reels: [1, 2], weight: 1 },
  { reels: [1, 3], weight: 1 },
  { reels: [2, 3], weight: 1 },
];
const THREE_WILDS: readonly Placement[] = [{ reels: [1, 2, 3], weight: 1 }];

const times = (numerator: number, denominator = 1): PriceMultiple => ({ numerator, denominator });

/** The five modes, in the order the BUY BONUS panel lists them. */
export const MODES: readonly MysticMode[] = [
  {
    id: "wild1",
    label: "1 Expanding WILD",
    price: times(9, 2),
    reelSet: "wild1",
    wilds: 1,
    placements: ONE_WILD,
    description: "An expanding WILD on reel 2, 3 or 4, as the server draws.",
  },
  {
    id: "wild2",
    label: "2 Expanding WILDs",
    price: times(15),
    reelSet: "wild2",
    wilds: 2,
    placements: TWO_WILDS,
    description: "Expanding WILDs on two of reels 2, 3 and 4, as the server draws.",
  },
  {
    id: "wild3",
    label: "3 Expanding WILDs",
    price: times(143, 2),
    reelSet: "wild3",
    wilds: 3,
    placements: THREE_WILDS,
    description: "Expanding WILDs on reels 2, 3 and 4. No scatter can pay in this mode.",
  },
  {
    id: "wild1-guaranteed",
    label: "1 Expanding WILD, guaranteed prize",
    price: times(12),
    reelSet: "wild1-guaranteed",
    wilds: 1,
    placements: ONE_WILD,
    guarantee: "lineWin",
    guaranteedOf: "wild1",
    description: "An expanding WILD on reel 2, 3 or 4 and at least one winning line.",
  },
  {
    id: "wild2-guaranteed",
    label: "2 Expanding WILDs, guaranteed prize",
    price: times(25),
    reelSet: "wild2-guaranteed",
    wilds: 2,
    placements: TWO_WILDS,
    guarantee: "lineWin",
    guaranteedOf: "wild2",
    description: "Expanding WILDs on two of reels 2, 3 and 4 and at least one winning line.",
  },
];

/** A mode by id (the ids are the `ModeId` union: a miss is a programming error). */
export function modeById(id: ModeId): MysticMode {
  const mode = MODES.find((m) => m.id === id);
  if (!mode) throw new Error(`no mode '${id}'`);
  return mode;
}
