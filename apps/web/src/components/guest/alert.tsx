import type { ReactNode } from 'react';
import { ErrorIcon, InfoIcon, WarningIcon } from './icons';

const ICONS = { error: ErrorIcon, warning: WarningIcon, info: InfoIcon } as const;

/**
 * A message above a form. Errors and warnings are announced at once (role
 * "alert"); an information note is a polite status.
 */
export function Alert({
  type,
  title,
  children,
}: {
  type: 'error' | 'warning' | 'info';
  title: ReactNode;
  children?: ReactNode;
}) {
  const Icon = ICONS[type];
  return (
    <div className={`alert alert-${type}`} role={type === 'info' ? 'status' : 'alert'}>
      <span className="alert-icon">
        <Icon />
      </span>
      <div className="alert-body">
        <p className="alert-title">{title}</p>
        {children}
      </div>
    </div>
  );
}
