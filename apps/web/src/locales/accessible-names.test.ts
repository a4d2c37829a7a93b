import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n';

/**
 * A button's accessible name must contain its visible text (WCAG 2.5.3, axe label-content-name-mismatch):
 * a voice-control user says what they see. Pairs of (visible text, accessible name) from the catalogues.
 */
const PAIRS: [text: string, label: string][] = [
  ['recoveryReview.verify', 'recoveryReview.verify_label'],
  ['recoveryReview.delete', 'recoveryReview.delete_label'],
];

describe('accessible names that say what the button shows', () => {
  it.each(['ar', 'en'] as const)('in %s', async (lang) => {
    await changeLanguage(lang);
    for (const [text, label] of PAIRS) {
      const visible = i18next.t(text);
      expect(i18next.t(label, { name: 'منى حسن' }).toLowerCase(), `${lang} ${label}`).toContain(visible.toLowerCase());
    }
  });
});
