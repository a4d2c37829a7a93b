import type { Locale } from '@portal/shared/constants';
import { translate } from '@portal/shared/messages';

/** Every message the portal emails (texts in packages/shared/src/locales/<lang>/server/mail.json, namespace mail). */
export const MAIL_KINDS = [
  'activation',
  'password_reset',
  'password_changed',
  'recovery_activation',
  'recovery_verified',
  'recovery_deleted',
  'turn_move_approved',
  'turn_move_rejected',
  'card_request_issued',
  'card_request_rejected',
  'customer_request_status',
  'ticket_answered',
  'contact_reply',
  'payout_recorded',
  'receipt_reversed',
  'payout_reversed',
  'payment_due',
  'payment_late',
  'arrears_digest',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export type MailParams = {
  /** The recipient's name, used in the greeting. */
  name: string;
  /** The action link (activation, reset, login). */
  link?: string;
  /** The 6-digit activation code. */
  code?: string;
  hours?: number;
  minutes?: number;
  /** Further values the message names ({{association}}, {{day}}, {{note}}…), already formatted. */
  values?: Record<string, string | number>;
  /** A list the message shows where its layout says `lines` (a digest's installments), already written. */
  lines?: string[];
};

export type MailContent = { subject: string; text: string; html: string };

/** The lines of each message after the greeting; `link` and `code` mark where those go. */
const LAYOUT: Record<MailKind, string[]> = {
  activation: ['intro', 'link', 'code', 'validity', 'mail.ignore'],
  password_reset: ['intro', 'link', 'validity', 'mail.ignore'],
  password_changed: ['intro', 'warning'],
  recovery_activation: ['intro', 'link', 'validity', 'after', 'mail.ignore'],
  recovery_verified: ['intro', 'link'],
  recovery_deleted: ['intro', 'next', 'link'],
  turn_move_approved: ['intro', 'link'],
  turn_move_rejected: ['intro', 'note', 'link'],
  card_request_issued: ['intro', 'note', 'link'],
  card_request_rejected: ['intro', 'note', 'link'],
  customer_request_status: ['intro', 'note', 'link'],
  ticket_answered: ['intro', 'note', 'link'],
  contact_reply: ['intro', 'note', 'after'],
  payout_recorded: ['intro', 'link'],
  receipt_reversed: ['intro', 'link'],
  payout_reversed: ['intro', 'link'],
  payment_due: ['intro', 'lines', 'how_to_pay', 'link', 'mail.reminders_optout'],
  payment_late: ['intro', 'lines', 'how_to_pay', 'link', 'mail.reminders_optout'],
  arrears_digest: ['intro', 'top', 'lines', 'link', 'mail.reminders_optout'],
};

const CODE_MARK = '\u0000code\u0000';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Renders one message in the recipient's language: a plain-text part and a
 * simple HTML part (dir=rtl in Arabic), both with the same words (GLOSSARY).
 */
export function renderMail(kind: MailKind, locale: Locale, params: MailParams): MailContent {
  const t = (key: string, extra: Record<string, string | number> = {}) =>
    translate(locale, key, {
      name: params.name,
      hours: params.hours ?? '',
      minutes: params.minutes ?? '',
      code: params.code ?? '',
      ...params.values,
      ...extra,
    });
  const own = (line: string) => (line.startsWith('mail.') ? line : `mail.${kind}.${line}`);
  const product = t('mail.product');
  const subject = `${t(`mail.${kind}.subject`)} - ${product}`;
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const align = locale === 'ar' ? 'right' : 'left';

  const textLines: string[] = [t('mail.greeting'), ''];
  const htmlLines: string[] = [`<p>${escapeHtml(t('mail.greeting'))}</p>`];
  for (const line of LAYOUT[kind]) {
    if (line === 'link') {
      if (!params.link) continue;
      textLines.push(params.link, '');
      const href = escapeHtml(params.link);
      htmlLines.push(
        `<p style="margin:24px 0"><a href="${href}" style="background:#1668dc;color:#ffffff;padding:10px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(t(`mail.${kind}.button`))}</a></p>`,
        `<p dir="ltr" style="text-align:left;word-break:break-all;font-size:12px;color:#555555"><a href="${href}">${href}</a></p>`,
      );
      continue;
    }
    // A decision's note is its own line, left out when staff wrote none.
    if (line === 'note' && !params.values?.note) continue;
    if (line === 'lines') {
      const items = params.lines ?? [];
      if (items.length === 0) continue;
      textLines.push(...items.map((item) => `- ${item}`), '');
      htmlLines.push(`<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`);
      continue;
    }
    if (line === 'code') {
      if (!params.code) continue;
      textLines.push(t(`mail.${kind}.code`), '');
      const withMark = escapeHtml(t(`mail.${kind}.code`, { code: CODE_MARK }));
      const code = `<strong dir="ltr" style="font-size:22px;letter-spacing:4px">${escapeHtml(params.code)}</strong>`;
      htmlLines.push(`<p>${withMark.replace(CODE_MARK, code)}</p>`);
      continue;
    }
    textLines.push(t(own(line)), '');
    htmlLines.push(`<p>${escapeHtml(t(own(line)))}</p>`);
  }
  textLines.push(t('mail.signature'));
  htmlLines.push(`<p style="color:#555555">${escapeHtml(t('mail.signature'))}</p>`);

  const html = [
    '<!doctype html>',
    `<html lang="${locale}" dir="${dir}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body dir="${dir}" style="margin:0;padding:24px;background:#f5f5f5;font-family:Tahoma,Arial,sans-serif;font-size:15px;line-height:1.7;color:#222222;text-align:${align}">`,
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">',
    `<h2 style="margin-top:0;font-size:18px">${escapeHtml(product)}</h2>`,
    ...htmlLines,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
  return { subject, text: `${textLines.join('\n').trim()}\n`, html };
}
