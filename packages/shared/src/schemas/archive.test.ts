import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_CONTROL_CHARACTERS,
  ARCHIVE_FORMAT_CHARACTERS,
  displayNameField,
  sanitizeDisplayName,
  shortNameField,
  suggestShortName,
} from './archive.js';
import { CONTROL_CHARACTERS, FORMAT_CHARACTERS } from './fields.js';

describe('the archive names', () => {
  it('uses the character classes of fields.ts', () => {
    expect(ARCHIVE_CONTROL_CHARACTERS.source).toBe(CONTROL_CHARACTERS.source);
    expect(ARCHIVE_FORMAT_CHARACTERS.source).toBe(FORMAT_CHARACTERS.source);
  });

  it("sanitises display names and keeps a long file name's extension", () => {
    expect(sanitizeDisplayName('../../etc/passwd')).toBe('-..-etc-passwd');
    expect(sanitizeDisplayName('  ..\\hidden\u0000\u202E name  ')).toBe('-hidden name');
    expect(sanitizeDisplayName(`${'ا'.repeat(300)}.pdf`)).toBe(`${'ا'.repeat(251)}.pdf`);
    expect(displayNameField.safeParse('..').success).toBe(false);
    expect(displayNameField.safeParse('تقارير ٢٠٢٦').data).toBe('تقارير ٢٠٢٦');
  });

  it('takes short names of one strict shape, and suggests one from a name', () => {
    expect(shortNameField.parse(' Reports-2026 ')).toBe('reports-2026');
    expect(shortNameField.parse('تقارير-٢٠٢٦'.replace('تقارير', 'r'))).toBe('r-2026');
    for (const bad of ['../x', '/etc', 'a b', 'a.b', '-a', 'a-', '', 'x'.repeat(101), 'نص']) {
      expect(shortNameField.safeParse(bad).success, bad).toBe(false);
    }
    expect(suggestShortName('Contracts 2026 (final)')).toBe('contracts-2026-final');
    expect(suggestShortName('عقود ٢٠٢٦')).toBe('2026');
    expect(suggestShortName('عقود')).toBe('');
  });
});
