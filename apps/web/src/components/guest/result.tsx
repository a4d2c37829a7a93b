import type { ReactNode } from 'react';
import { useDigits } from '../../lib/digits';
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons';

const ICONS = { success: SuccessIcon, error: ErrorIcon, info: InfoIcon, warning: WarningIcon } as const;

type Props = {
  status: keyof typeof ICONS;
  /** Replaces the status icon (e.g. the envelope of "check your email"). */
  icon?: ReactNode;
  /** A big status code above the title (the error pages: 404, 401, 500). */
  code?: string;
  title: ReactNode;
  subTitle?: ReactNode;
  /** What the user can do next. */
  extra?: ReactNode;
  /** The page's own heading when the result is the whole page (error pages). */
  headingLevel?: 1 | 2;
};

/** The outcome of an action or a visit: icon, title, details and the next steps. */
export function Result({ status, icon, code, title, subTitle, extra, headingLevel = 2 }: Props) {
  const Icon = ICONS[status];
  const digits = useDigits();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className={`result result-${status}`}>
      {code ? (
        <p className="result-code">{digits(code)}</p>
      ) : (
        <span className="result-icon">{icon ?? <Icon size={56} strokeWidth={1.6} />}</span>
      )}
      <Heading className="result-title">{title}</Heading>
      {subTitle && <p className="result-subtitle">{subTitle}</p>}
      {extra && <div className="result-extra">{extra}</div>}
    </div>
  );
}

/** The buttons under a result, side by side and wrapping on phones. */
export function ResultActions({ children }: { children: ReactNode }) {
  return <div className="result-actions">{children}</div>;
}
