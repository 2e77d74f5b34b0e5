/**
 * The figures of a PAR report that an exact-only game cannot give as one number (its win is
 * unbounded: free spins chain without limit): left empty, the maximum win explained in words.
 */
export function unboundedFigures(maxWinDescription: string) {
  return {
    hitFrequency: Number.NaN,
    hitFrequencies: [],
    stdev: Number.NaN,
    volatilityIndex: Number.NaN,
    maxWin: {
      x: null,
      probability: 0,
      log10Probability: Number.NEGATIVE_INFINITY,
      description: maxWinDescription,
    },
  };
}
