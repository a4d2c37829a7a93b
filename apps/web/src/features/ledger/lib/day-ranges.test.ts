import { describe, expect, it } from 'vitest';
import { dayRuns, dayRunsText } from './day-ranges';

describe('turn days as runs (the compact list of installments)', () => {
  it('joins consecutive days and keeps single ones, in order, once each', () => {
    expect(dayRuns([7, 1, 2, 3, 4, 8, 12, 3])).toEqual([
      [1, 4],
      [7, 8],
      [12, 12],
    ]);
    expect(dayRuns([])).toEqual([]);
  });

  it('writes them in the UI digits with the language’s separator, each run isolated', () => {
    const arabic = (n: number) => n.toLocaleString('ar-EG');
    expect(dayRunsText([1, 2, 3, 5], String, ', ')).toBe('\u20681–3\u2069, \u20685\u2069');
    expect(dayRunsText([11, 12], arabic, '، ')).toBe('\u2068١١–١٢\u2069');
  });
});
