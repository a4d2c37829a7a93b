import { describe, expect, it } from 'vitest';
import { MAIL_KINDS, renderMail } from './mail-templates.js';

const PARAMS = {
  name: 'سارة',
  link: 'http://portal.test/x',
  code: '123456',
  hours: 24,
  minutes: 30,
  values: { association: 'جمعية النور', from: 5, to: 9, date: '1 مارس 2027', name: 'سارة', note: 'ملاحظة' },
};

describe('mail templates', () => {
  it.each(MAIL_KINDS.flatMap((kind) => (['ar', 'en'] as const).map((locale) => [kind, locale] as const)))(
    '%s in %s: every line has its text and every placeholder its value',
    (kind, locale) => {
      const mail = renderMail(kind, locale, PARAMS);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(/\{\{|\}\}/);
        expect(part).not.toMatch(/\bmail\.[a-z_]+\.[a-z_]+/);
      }
      expect(mail.html).toContain(`dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`);
    },
  );

  it('a digest’s list is a line each in the text and a list in HTML, escaped; no list, no lines', () => {
    const digest = renderMail('payment_due', 'en', {
      name: 'Omar',
      values: { date: '2 March 2027', total: 'EGP 150.00', count: 2 },
      lines: ['جمعية <النور> (your turn day 3): EGP 100.00', 'B (your turn day 9): EGP 50.00'],
    });
    expect(digest.text).toContain('- جمعية <النور> (your turn day 3): EGP 100.00\n- B (your turn day 9): EGP 50.00\n');
    expect(digest.html).toContain(
      '<ul><li>جمعية &lt;النور&gt; (your turn day 3): EGP 100.00</li><li>B (your turn day 9): EGP 50.00</li></ul>',
    );
    const empty = renderMail('payment_due', 'en', { name: 'Omar', values: { date: '2 March 2027' } });
    expect(empty.html).not.toContain('<ul>');
  });

  it('a decision’s note is its own line, left out when staff wrote none, and escaped in HTML', () => {
    const withNote = renderMail('card_request_rejected', 'en', {
      name: 'Omar',
      values: { name: 'Omar <b>', note: 'Wrong <script> id' },
    });
    expect(withNote.text).toContain('The reason: Wrong <script> id');
    expect(withNote.html).toContain('Wrong &lt;script&gt; id');
    expect(withNote.html).not.toContain('<script>');
    const without = renderMail('turn_move_rejected', 'ar', {
      name: 'عمر',
      values: { association: 'جمعية', to: 4, date: '2 مارس 2027', note: '' },
    });
    expect(without.text).not.toContain('ملاحظة الإدارة');
    expect(without.text).toContain('ويبقى موعد قبضك 2 مارس 2027');
  });
});
