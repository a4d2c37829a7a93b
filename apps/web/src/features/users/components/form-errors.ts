import { TOAST_SECONDS } from '@portal/shared/constants';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { toast, toastApiError } from '../../../lib/toast';

/**
 * A refused save: the server's per-field errors go under their fields (they are
 * already translated), with "complete the fields" for validation or the server's
 * message otherwise (phone taken, no permission…).
 */
export function showSaveError<T>(form: FormInstance<T>, t: TFunction, error: unknown, fields: readonly string[]): void {
  if (!(error instanceof ApiError) || error.isNetwork) {
    toastApiError(error);
    return;
  }
  const known = error.errors.filter((e) => e.field && fields.includes(e.field));
  if (known.length > 0) {
    // biome-ignore lint/suspicious/noExplicitAny: antd's setFields is typed by the form's own name paths.
    form.setFields(known.map((e) => ({ name: e.field as any, errors: [e.title] })));
  }
  if (error.status === 422) toast.error(t('validation.complete_fields'), TOAST_SECONDS);
  else toastApiError(error);
}
