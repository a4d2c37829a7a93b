import { lazy, Suspense } from 'react';
import type { Decision } from './decision-dialog';

export type { Decision } from './decision-dialog';

// The dialog (a modal with a form, and the forms helper) downloads when a decision is first asked for.
const DecisionDialog = lazy(() => import('./decision-dialog'));

/** The decision dialog (./decision-dialog.tsx), mounted only while a decision is asked for. */
export function LazyDecisionDialog({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  if (!decision) return null;
  return (
    <Suspense fallback={null}>
      <DecisionDialog decision={decision} onClose={onClose} />
    </Suspense>
  );
}
