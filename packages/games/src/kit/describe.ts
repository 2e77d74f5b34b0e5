/**
 * The parts of a line game's model document and client description that every game builds the
 * same way from its model: the identity, the window, the symbols, the wild and the lines, and
 * the bet options (also as a `betSchema`). Each game adds its pays, features and rules.
 */

/** What the shared parts read from a game's model. */
export interface LineGameModel<K extends string> {
  id: string;
  name: string;
  version: string;
  reels: number;
  rows: number;
  symbols: readonly { id: string; kind: K; name: string }[];
  paylines: readonly (readonly number[])[];
}

/** A pay table (symbol → pays by count) as a document's own arrays. */
export const copyPays = (table: Readonly<Record<string, readonly number[]>>) =>
  Object.fromEntries(Object.entries(table).map(([k, v]) => [k, [...v]]));

const symbolsOf = <K extends string>(game: LineGameModel<K>) =>
  game.symbols.map((s) => ({ id: s.id, kind: s.kind, name: s.name }));

/**
 * The opening of the `reelhouse.model/1` document, up to the lines: the wild `wild` substitutes
 * for every symbol whose kind is in `substitutes`, and pays on its own.
 */
export function modelHead<K extends string>(game: LineGameModel<K>, wild: string, substitutes: readonly K[]) {
  return {
    schema: "reelhouse.model/1",
    id: game.id,
    name: game.name,
    version: game.version,
    reels: game.reels,
    rows: game.rows,
    symbols: symbolsOf(game),
    wild: { symbol: wild, substitutes: game.symbols.filter((s) => substitutes.includes(s.kind)).map((s) => s.id), ownPays: true },
    lines: game.paylines.map((l) => [...l]),
  };
}

/** The opening of a line game's client description, up to the lines: the bet options at `defaultBet`, also as a `betSchema`. */
export function describeHead<K extends string, D extends object>(
  game: LineGameModel<K>,
  options: { coinValues: readonly number[]; coinsPerLine: readonly number[]; lines: readonly number[] },
  defaultBet: D,
) {
  const bet = {
    coinValues: [...options.coinValues],
    coinsPerLine: [...options.coinsPerLine],
    lines: [...options.lines],
    default: { ...defaultBet },
  };
  return {
    id: game.id,
    name: game.name,
    version: game.version,
    kind: "lines" as const,
    reels: game.reels,
    rows: game.rows,
    symbols: symbolsOf(game),
    bet,
    betSchema: { kind: "lines" as const, ...bet },
    lines: game.paylines.map((l) => [...l]),
  };
}

/**
 * The opening of a fixed-stake game's client description: the total stakes (minor units) at
 * `defaultStake` (an index) as a `betSchema` of kind `fixed`, with the buy modes a game sells.
 */
export function describeStakeHead<K extends string>(
  game: LineGameModel<K>,
  stakes: readonly number[],
  defaultStake: number,
  buyModes: readonly { id: string; label: string; priceTimesBet: number; guaranteedOf?: string; description?: string }[] = [],
) {
  return {
    id: game.id,
    name: game.name,
    version: game.version,
    kind: "fixed" as const,
    reels: game.reels,
    rows: game.rows,
    symbols: symbolsOf(game),
    betSchema: {
      kind: "fixed" as const,
      stakes: stakes.map((cash) => ({ cash })),
      default: defaultStake,
      ...(buyModes.length > 0 ? { buyModes: buyModes.map((m) => ({ ...m })) } : {}),
    },
    lines: game.paylines.map((l) => [...l]),
  };
}

/** What every game's model module exports about its identity and window. */
export interface ModelModule<K extends string> {
  readonly GAME_ID: string;
  readonly GAME_NAME: string;
  readonly MATHS_VERSION: string;
  readonly REELS: number;
  readonly ROWS: number;
  readonly SYMBOLS: readonly { id: string; kind: K; name: string }[];
  readonly PAYLINES: readonly (readonly number[])[];
}

/** The model's identity, window, symbols and lines, for the shared parts of the documents. */
export function lineGameOf<K extends string>(model: ModelModule<K>): LineGameModel<K> {
  return {
    id: model.GAME_ID,
    name: model.GAME_NAME,
    version: model.MATHS_VERSION,
    reels: model.REELS,
    rows: model.ROWS,
    symbols: model.SYMBOLS,
    paylines: model.PAYLINES,
  };
}
