import type { ReactNode } from 'react';

/**
 * A white panel around a form or a block of a page. antd's Card looks the same but brings its
 * Tabs and Skeleton with it (13 KB gzip): the form routes use this to stay within the 350 KB
 * first-load budget (DESIGN §5).
 */
export function Panel({
  title,
  extra,
  className,
  children,
  testId,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className={['panel', className].filter(Boolean).join(' ')} data-testid={testId}>
      {(title || extra) && (
        <header className="panel-head">
          {title && <h2 className="panel-title">{title}</h2>}
          {extra}
        </header>
      )}
      <div className="panel-body">{children}</div>
    </section>
  );
}
