import {
  isSettingKey,
  SETTING_DEFINITIONS,
  SETTING_KEYS,
  type SettingKey,
  type TClientSettings,
  type TSetting,
} from '@portal/shared/schemas/settings';
import { eq, inArray, sql } from 'drizzle-orm';
import { preparedRead } from '../../db/prepared.js';
import { settings } from '../../db/schema/settings.js';
import { inTransaction, type Reader } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/context.js';

function iso(value: string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** A setting's value: the stored one when it still fits its schema, else the default. */
function currentValue(key: SettingKey, stored: unknown) {
  const definition = SETTING_DEFINITIONS[key];
  if (stored === undefined) return definition.default;
  const parsed = definition.value.safeParse(stored);
  return parsed.success ? parsed.data : definition.default;
}

export async function readSetting<K extends SettingKey>(db: Reader, key: K) {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return currentValue(key, row?.value);
}

/** Recovery mode (off by default): drives the login's `dataRequired` and opens POST /recovery. */
export async function isRecoveryMode(db: Reader): Promise<boolean> {
  return (await readSetting(db, 'recovery_mode')) === true;
}

/** Recovery mode from the stored value read alongside another query (undefined when never set). */
export function recoveryModeOf(stored: unknown): boolean {
  return currentValue('recovery_mode', stored ?? undefined) === true;
}

const clientSettingRows = preparedRead('client_settings', (db) =>
  db
    .select()
    .from(settings)
    .where(
      inArray(
        settings.key,
        SETTING_KEYS.filter((key) => SETTING_DEFINITIONS[key].client),
      ),
    ),
);

/** GET /settings/client: the settings every signed-in screen reads (links, page size). */
export async function clientSettings(db: Reader): Promise<TClientSettings> {
  const rows = await clientSettingRows(db).execute();
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const value = <K extends SettingKey>(key: K) => currentValue(key, stored.get(key));
  return {
    request_documents_url: String(value('request_documents_url')),
    request_contracts_url: String(value('request_contracts_url')),
    default_page_size: Number(value('default_page_size')),
  };
}

/** POST /setting/index: every known setting with its current value. */
export async function listSettings(ctx: AppContext): Promise<TSetting[]> {
  const rows = await ctx.db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...SETTING_KEYS]));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return SETTING_KEYS.map((key) => {
    const row = byKey.get(key);
    return { id: key, key, value: currentValue(key, row?.value), updated_at: iso(row?.updatedAt) };
  });
}

/** POST /setting/change/{id}: the value is checked against that setting's own schema. */
export async function changeSetting(ctx: AppContext, key: string, value: unknown): Promise<TSetting> {
  if (!isSettingKey(key)) throw AppError.notFound();
  const parsed = SETTING_DEFINITIONS[key].value.safeParse(value);
  if (!parsed.success) {
    // The setting's own rule says what is wrong ("a full web address…"), in the reader's language.
    const key = parsed.error.issues[0]?.message ?? 'settings.invalid_value';
    throw AppError.validation([{ field: 'value', key }]);
  }
  const [row] = await inTransaction(
    ctx,
    (tx) =>
      tx.db
        .insert(settings)
        .values({ key, value: parsed.data })
        .onConflictDoUpdate({ target: settings.key, set: { value: parsed.data, updatedAt: sql`now()` } })
        .returning(),
    { action: 'setting.change' },
  );
  return { id: key, key, value: parsed.data, updated_at: iso(row?.updatedAt) };
}
