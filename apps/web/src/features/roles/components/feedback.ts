import { TOAST_SECONDS } from '@portal/shared/constants';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { toast, toastApiError } from '../../../lib/toast';

/** A refused role save: the name's error under the field (already translated), the message as a toast. */
export function showRoleSaveError(form: FormInstance<{ name: string }> | null, t: TFunction, error: unknown): void {
  if (form && error instanceof ApiError) {
    const nameError = error.errors.find((e) => e.field === 'name');
    if (nameError) form.setFields([{ name: 'name', errors: [nameError.title] }]);
    if (error.status === 422) return void toast.error(t('validation.complete_fields'), TOAST_SECONDS);
  }
  toastApiError(error);
}

/** SPEC §8: "can not delete" with the server's reason (in use, built-in…), and "cancel" when backed out of. */
export function toastRoleDeleteFailed(t: TFunction, error: unknown): void {
  const reason = error instanceof ApiError ? error.message : '';
  toast.error(reason ? `${t('rolesUi.delete_failed')}: ${reason}` : t('rolesUi.delete_failed'), TOAST_SECONDS);
}

export function toastRoleDeleteCancelled(t: TFunction): void {
  toast.info(t('rolesUi.cancelled'));
}
