import { useSyncExternalStore } from 'react';
import { currentToasts, subscribeToasts, type Toast } from '../../lib/toast';
import { ErrorIcon, InfoIcon, SuccessIcon } from './icons';

const ICONS = { success: SuccessIcon, error: ErrorIcon, info: InfoIcon } as const;

/**
 * The toasts of pages that run without antd (lib/toast.ts), at the top of the
 * screen. Two live regions that are always present, so screen readers announce
 * what is added: errors assertively, the rest politely.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  const errors = toasts.filter((t) => t.kind === 'error');
  const others = toasts.filter((t) => t.kind !== 'error');
  return (
    <div className="toaster">
      <div aria-live="assertive" aria-atomic="false" className="toaster-region">
        {errors.map(render)}
      </div>
      <div aria-live="polite" aria-atomic="false" className="toaster-region">
        {others.map(render)}
      </div>
    </div>
  );
}

function render(toast: Toast) {
  const Icon = ICONS[toast.kind];
  return (
    <div key={toast.id} className={`toast toast-${toast.kind}`} data-testid="toast">
      <span className="toast-icon">
        <Icon />
      </span>
      <span>{toast.text}</span>
    </div>
  );
}
