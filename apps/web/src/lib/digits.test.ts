import { describe, expect, it } from 'vitest';
import { matchesTyped, typedSearch } from './digits';

describe('a search box finds digits in either system (issue 22 item 1)', () => {
  it.each([
    ['١٠', 'اليوم 10 — 10 مارس', true],
    ['10', 'اليوم ١٠ — ١٠ مارس', true],
    ['۴۲', 'جمعية الأمل · A-000042', true],
    ['a-٠٠٠٠٤٢', 'A-000042', true],
    ['الأمل', 'جمعية الأمل', true],
    ['', 'anything', true],
    ['١١', 'اليوم 10', false],
  ])('%j in %j: %s', (typed, text, found) => {
    expect(matchesTyped(typed, text)).toBe(found);
  });

  it("antd's filter reads the fields it is given, the label by default", () => {
    const option = { label: 'هبة سامي', title: 'جمعية الأمل', code: 'A-000042' };
    expect(typedSearch().filterOption('هبة', option)).toBe(true);
    expect(typedSearch().filterOption('٤٢', option)).toBe(false);
    expect(typedSearch('title', 'code').filterOption('٤٢', option)).toBe(true);
    expect(typedSearch('title', 'code').filterOption('٤٢', undefined)).toBe(false);
  });
});
