/** Whole percent of installments received, never 100 before the last one. */
export function receivedPercent(received: number, total: number): number {
  if (total <= 0) return 0;
  return received >= total ? 100 : Math.floor((received / total) * 100);
}

/**
 * A plain progress bar (installments paid of all): the ARIA progressbar with its words as its
 * name. Not antd's Progress, which alone would cost the routes that show it 5.5 KB gzip.
 */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      className="member-progress"
      role="progressbar"
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={label}
    >
      <span className="member-progress-fill" style={{ inlineSize: `${percent}%` }} />
    </div>
  );
}

/** Grey bars where content will be (no antd Skeleton on these routes, for the same budget). */
export function Bones({ rows = 3 }: { rows?: number }) {
  return (
    <div className="member-bones" aria-hidden="true">
      <span className="member-bone member-bone-title" />
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder.
        <span key={i} className="member-bone" />
      ))}
    </div>
  );
}
