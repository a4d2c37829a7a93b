import { TOAST_SECONDS, TOAST_SHORT_SECONDS } from '@portal/shared/constants';
import type { MessageInstance } from 'antd/es/message/interface';
import i18next from 'i18next';
import { ApiError } from './api-client';

/**
 * Toasts from anywhere (query caches, services), through the antd App instance
 * so they follow the current direction and theme. Set once by <ToastBridge>.
 */
let messageApi: MessageInstance | null = null;

export function setToastApi(api: MessageInstance): void {
  messageApi = api;
}

export const toast = {
  success(text: string, seconds = TOAST_SECONDS) {
    void messageApi?.success({ content: text, duration: seconds });
  },
  info(text: string, seconds = TOAST_SECONDS) {
    void messageApi?.info({ content: text, duration: seconds });
  },
  error(text: string, seconds = TOAST_SHORT_SECONDS) {
    void messageApi?.error({ content: text, duration: seconds });
  },
};

/** SPEC §8: the server's message for 1.5 s, or "check your connection" for 2 s when there is none. */
export function toastApiError(error: unknown): void {
  if (error instanceof ApiError && error.message) {
    toast.error(error.message);
    return;
  }
  toast.error(i18next.t('common.check_connection'), TOAST_SECONDS);
}
