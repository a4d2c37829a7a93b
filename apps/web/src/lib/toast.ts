import { TOAST_SECONDS, TOAST_SHORT_SECONDS } from '@portal/shared/constants';
import type { MessageInstance } from 'antd/es/message/interface';
import i18next from 'i18next';
import { ApiError } from './api-client';

/**
 * Toasts from anywhere (query caches, services, forms). Where antd is loaded
 * (the signed-in shell, the recovery form) they go through the antd App
 * instance, so they follow its direction and theme; <ToastBridge> sets it.
 * On the light guest pages, which never load antd, they go to a small list
 * that <Toaster> (components/guest/toaster.tsx) shows in a live region.
 */
let messageApi: MessageInstance | null = null;

/** Set by the antd providers while they are mounted, cleared (null) when they go. */
export function setToastApi(api: MessageInstance | null): void {
  messageApi = api;
}

export type ToastKind = 'success' | 'info' | 'error';
export type Toast = { id: number; kind: ToastKind; text: string };

let shown: readonly Toast[] = [];
let lastId = 0;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]): void {
  shown = next;
  for (const listener of listeners) listener();
}

/** The guest toasts on screen now (for useSyncExternalStore). */
export function currentToasts(): readonly Toast[] {
  return shown;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dismissToast(id: number): void {
  if (shown.some((t) => t.id === id)) publish(shown.filter((t) => t.id !== id));
}

function show(kind: ToastKind, text: string, seconds: number): void {
  if (messageApi) {
    void messageApi[kind]({ content: text, duration: seconds });
    return;
  }
  lastId += 1;
  const id = lastId;
  publish([...shown, { id, kind, text }]);
  setTimeout(() => dismissToast(id), seconds * 1000);
}

export const toast = {
  success(text: string, seconds = TOAST_SECONDS) {
    show('success', text, seconds);
  },
  info(text: string, seconds = TOAST_SECONDS) {
    show('info', text, seconds);
  },
  error(text: string, seconds = TOAST_SHORT_SECONDS) {
    show('error', text, seconds);
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
