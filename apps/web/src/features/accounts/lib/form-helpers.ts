import { toLatinDigits } from '@portal/shared/text';
import type { FormInstance } from 'antd';
import { serverFieldErrors } from '../../../components/guest/use-form';

/**
 * Puts the server's per-field errors (e.g. "this email is already registered")
 * on an antd form's fields (the recovery form). Returns true when at least one
 * matched a field. The light guest forms use useLeanForm's showServerErrors.
 */
export function showServerFieldErrors(form: FormInstance, error: unknown, fields: readonly string[]): boolean {
  const found = serverFieldErrors(error, fields);
  if (!found) return false;
  form.setFields(Object.entries(found).map(([name, text]) => ({ name, errors: [text as string] })));
  form.scrollToField(Object.keys(found)[0] as string, { block: 'center' });
  return true;
}

/** Digits only (Arabic-Indic and Persian digits become Latin ones), for mobiles, ids and codes. */
export function digitsOnly(value: string | undefined): string {
  return toLatinDigits(value ?? '').replace(/\D+/g, '');
}
