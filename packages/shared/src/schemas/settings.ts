import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, OFFERED_PAGE_SIZES, REMINDER_DAYS_MAX } from '../constants.js';
import { flag, hasNoControlCharacters, wholeNumber } from './fields.js';
import { PAYOUT_ARREARS_POLICIES, type PayoutArrearsPolicy } from './ledger.js';

/**
 * Settings an administrator can change (POST /setting/index, /setting/change/{id}).
 * Each key has a value schema and a default used until it is first changed;
 * the stored row (settings table, key/value jsonb) wins over the default.
 */

/** A flag from JSON (true/false, 1/0) or a form field ('true'/'false', '1'/'0'). */
const onOff = flag('settings.invalid_value');

/** http(s)://host[:port][/path…], no spaces: what a browser opens as is. */
const WEB_ADDRESS = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?(\/[^\s]*)?$/i;

/** An address outside the app (http or https), or '' for none: a link not set is not shown. */
const externalLink = z
  .string({ error: 'settings.invalid_url' })
  .trim()
  .max(500, { error: 'validation.too_long' })
  .refine((s) => s === '' || (WEB_ADDRESS.test(s) && hasNoControlCharacters(s)), {
    error: 'settings.invalid_url',
  });

/** The display name of the mail sender; quotes and angle brackets would break the From header. */
const senderName = z
  .string({ error: 'settings.sender_required' })
  .trim()
  .min(1, { error: 'settings.sender_required' })
  .max(80, { error: 'validation.too_long' })
  .refine((s) => hasNoControlCharacters(s) && !/["<>\\]/.test(s), { error: 'settings.sender_characters' });

const pageSize = wholeNumber('settings.invalid_page_size', { min: 1, max: 1_000 }).refine(
  (n) => (OFFERED_PAGE_SIZES as readonly number[]).includes(n),
  { error: 'settings.invalid_page_size' },
);

const arrearsPolicy = z.enum(PAYOUT_ARREARS_POLICIES, { error: 'settings.invalid_value' });
/** 0 (on the due date itself) to REMINDER_DAYS_MAX, from JSON or a form field, in either digit system. */
const reminderDays = wholeNumber('settings.invalid_reminder_days', { min: 0, max: REMINDER_DAYS_MAX });

/**
 * What an operator changes without a deploy (docs/decisions/0022-staff-tools.md). `kind` tells
 * the settings screen which control to show; `client` settings are read by every signed-in
 * screen through GET /settings/client.
 */
export const SETTING_DEFINITIONS = {
  /** When on, customers whose recovery data is incomplete get `dataRequired` at login (docs/decisions/0005). */
  recovery_mode: { value: onOff, default: false as boolean, kind: 'flag', client: false },
  /** The request form's link to the folder of document templates (SPEC §2, on create only). */
  request_documents_url: { value: externalLink, default: '', kind: 'url', client: true },
  /** The request form's link to the contracts page. */
  request_contracts_url: { value: externalLink, default: '', kind: 'url', client: true },
  /** Who customers see an email from ("بوابة الجمعيات"); the address stays MAIL_FROM's. */
  mail_sender_name: { value: senderName, default: 'بوابة الجمعيات', kind: 'text', client: false },
  /** The rows a list shows before the user picks another size. */
  default_page_size: { value: pageSize, default: DEFAULT_PAGE_SIZE as number, kind: 'page_size', client: true },
  /**
   * What a payout does with the member's arrears on that subscription (docs/decisions/0029):
   * `net` settles them from the payout by deduction and transfers the rest; `refuse` refuses the
   * payout until they are paid. Arrears above the payout are refused under either.
   */
  payout_arrears_policy: {
    value: arrearsPolicy,
    default: 'net' as PayoutArrearsPolicy,
    kind: 'choice',
    choices: PAYOUT_ARREARS_POLICIES,
    client: false,
  },
  /**
   * How many days before an installment's due date its member is reminded (the daily reminders job,
   * docs/decisions/0031-reminders.md); 0 reminds on the day itself.
   */
  reminder_days_before: { value: reminderDays, default: 1 as number, kind: 'days', client: false },
} as const;

export type SettingKind = (typeof SETTING_DEFINITIONS)[SettingKey]['kind'];

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export const SETTING_KEYS = Object.keys(SETTING_DEFINITIONS) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key);
}

export const ZSettingParams = z.object({
  id: z.string({ error: 'validation.invalid_id' }).trim().min(1, { error: 'validation.invalid_id' }).max(100, {
    error: 'validation.invalid_id',
  }),
});

/** POST /setting/change/{id}: the new value, checked against that setting's schema by the server. */
export const ZSettingChangeRequest = z.object({ value: z.unknown() });

export const ZSetting = z.object({
  id: z.string(),
  key: z.string(),
  value: z.unknown(),
  updated_at: z.string().nullable(),
});
export type TSetting = z.infer<typeof ZSetting>;

/** GET /settings/client: the settings every signed-in screen reads. */
export const ZClientSettings = z.object({
  request_documents_url: z.string(),
  request_contracts_url: z.string(),
  default_page_size: z.number().int(),
});
export type TClientSettings = z.infer<typeof ZClientSettings>;
