import { z } from 'zod';

/**
 * Settings an administrator can change (POST /setting/index, /setting/change/{id}).
 * Each key has a value schema and a default used until it is first changed;
 * the stored row (settings table, key/value jsonb) wins over the default.
 */

/** A flag from JSON (true/false, 1/0) or a form field ('true'/'false', '1'/'0'). */
const flag = z.union(
  [
    z.boolean(),
    z.literal(1).transform(() => true),
    z.literal(0).transform(() => false),
    z.enum(['true', '1']).transform(() => true),
    z.enum(['false', '0']).transform(() => false),
  ],
  { error: 'settings.invalid_value' },
);

export const SETTING_DEFINITIONS = {
  /** When on, customers whose recovery data is incomplete get `dataRequired` at login (docs/decisions/0005). */
  recovery_mode: { value: flag, default: false as boolean },
} as const;

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
