/**
 * Window specs for tests: say what each cell of a window must show, find the stops on a
 * game's own strips that show it, and force the round's draws to them. Nothing hard-codes a
 * stop, so retuning the strips keeps the tests meaningful. Used by the games' rule and
 * property tests only.
 */
import { ForcedRng, ReplayRng } from "@reelhouse/engine";

export type Strips = readonly (readonly string[])[];
/** What one window cell must show: a symbol, one of a set, or anything but a set. */
export type Cell = string | { readonly in: readonly string[] } | { readonly not: readonly string[] };
/** A window spec, `[reel][row]`. */
export type Columns = Cell[][];
/** One cell of a spec: `[reel, row, cell]`. */
export type Placement = readonly [number, number, Cell];

/** Any symbol. */
export const ANY: Cell = { not: [] };

/** True when `symbol` satisfies `cell`. */
export function cellMatches(cell: Cell, symbol: string): boolean {
  if (typeof cell === "string") return cell === symbol;
  if ("in" in cell) return cell.in.includes(symbol);
  return !cell.not.includes(symbol);
}

/** Builders of specs for a window shape and its paylines. */
export function windowSpecs(shape: { reels: number; rows: number; paylines: readonly (readonly number[])[] }) {
  return {
    /** A window spec: `rest` everywhere, then each placement sets one cell. */
    grid(rest: Cell, ...placements: readonly Placement[]): Columns {
      const columns: Columns = Array.from({ length: shape.reels }, () => Array.from({ length: shape.rows }, () => rest));
      for (const [reel, row, cell] of placements) (columns[reel] as Cell[])[row] = cell;
      return columns;
    },
    /** Placements of `cells` along payline `line` (1-based), from reel 1. */
    along(line: number, cells: readonly Cell[]): Placement[] {
      const rows = shape.paylines[line - 1];
      if (!rows) throw new Error(`no payline ${line}`);
      return cells.map((cell, reel) => [reel, rows[reel] as number, cell] as const);
    },
  };
}

/** The first stop of `strip` whose visible rows satisfy `column`; -1 when none. */
export function columnStop(strip: readonly string[], column: readonly Cell[]): number {
  return strip.findIndex((_, s) => column.every((cell, row) => cellMatches(cell, strip[(s + row) % strip.length] as string)));
}

/** Per reel, the first stop satisfying the spec; undefined when a reel cannot show it. */
export function stopsFor(strips: Strips, columns: Columns): number[] | undefined {
  const stops: number[] = [];
  for (let reel = 0; reel < columns.length; reel++) {
    const stop = columnStop(strips[reel] as readonly string[], columns[reel] as Cell[]);
    if (stop < 0) return undefined;
    stops.push(stop);
  }
  return stops;
}

/** Stops for the spec, or a clear failure naming what the strips cannot show. */
export function mustStops(strips: Strips, columns: Columns, what: string): number[] {
  const stops = stopsFor(strips, columns);
  if (!stops) throw new Error(`the strips cannot show ${what}`);
  return stops;
}

/** A ForcedRng that fails on any draw beyond the forced ones. */
export const forced = (values: readonly number[]) => new ForcedRng(values, new ReplayRng([]));

/** Checks that a played window (`[reel][row]` symbol ids) satisfies its spec. */
export function expectWindowMatches(window: readonly (readonly string[])[], columns: Columns): void {
  columns.forEach((column, reel) => {
    column.forEach((cell, row) => {
      const symbol = window[reel]?.[row] as string;
      if (!cellMatches(cell, symbol))
        throw new Error(`reel ${reel + 1} row ${row + 1} shows ${symbol}, not ${JSON.stringify(cell)}`);
    });
  });
}
