import { TOAST_SECONDS } from '@portal/shared/constants';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/** SPEC §8: a failed delete says "can not delete", followed by the server's reason when it gave one. */
export function toastDeleteFailed(t: TFunction, error: unknown): void {
  const reason = error instanceof ApiError ? error.message : '';
  toast.error(reason ? `${t('usersUi.delete_failed')}: ${reason}` : t('usersUi.delete_failed'), TOAST_SECONDS);
}

/** SPEC §8: a delete the user backs out of says "cancel". */
export function toastDeleteCancelled(t: TFunction): void {
  toast.info(t('usersUi.cancelled'));
}
