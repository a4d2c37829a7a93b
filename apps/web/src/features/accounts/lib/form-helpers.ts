import { toLatinDigits } from '@portal/shared/text';
import type { FormInstance } from 'antd';
import type { RuleRender } from 'antd/es/form';
import i18next from 'i18next';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';

/**
 * A rule for one field that runs the WHOLE shared object schema over the form's
 * values and reports that field's first issue: for rules that look at several
 * fields (confirm_password equals password, first_name unless name), so the
 * form checks exactly what the server checks, with the same translated text.
 */
export function schemaFieldRule(schema: z.ZodType, field: string): RuleRender {
  return (form) => ({
    validator: async () => {
      const result = schema.safeParse(form.getFieldsValue(true) ?? {});
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(i18next.t(issue.message));
    },
  });
}

/**
 * Puts the server's per-field errors (e.g. "this email is already registered")
 * on the form's fields. Returns true when at least one matched a field.
 */
export function showServerFieldErrors(form: FormInstance, error: unknown, fields: readonly string[]): boolean {
  if (!(error instanceof ApiError)) return false;
  const byField = new Map<string, string[]>();
  for (const e of error.errors) {
    if (!e.field || !fields.includes(e.field)) continue;
    byField.set(e.field, [...(byField.get(e.field) ?? []), e.title]);
  }
  if (byField.size === 0) return false;
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  form.scrollToField([...byField.keys()][0] as string, { block: 'center' });
  return true;
}

/** Digits only (Arabic-Indic and Persian digits become Latin ones), for mobiles, ids and codes. */
export function digitsOnly(value: string | undefined): string {
  return toLatinDigits(value ?? '').replace(/\D+/g, '');
}
