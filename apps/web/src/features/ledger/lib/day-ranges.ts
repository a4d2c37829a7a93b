/**
 * Turn-day numbers as runs, for a compact list of installments: [1, 2, 3, 4, 7, 8, 12] →
 * [[1, 4], [7, 8], [12, 12]]. Duplicates are dropped and the order is the numbers' own.
 */
export function dayRuns(days: readonly number[]): [number, number][] {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const day of sorted) {
    const last = runs.at(-1);
    if (last && day === last[1] + 1) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/**
 * The runs as text: "1–4، 7–8، 12" in Arabic, "1–4, 7–8, 12" in English; `format` writes each
 * number in the UI's digits. Each run is isolated (U+2068…U+2069) so "1–4" keeps its order in an
 * Arabic line.
 */
export function dayRunsText(days: readonly number[], format: (n: number) => string, separator: string): string {
  return dayRuns(days)
    .map(([from, to]) => `\u2068${from === to ? format(from) : `${format(from)}–${format(to)}`}\u2069`)
    .join(separator);
}
