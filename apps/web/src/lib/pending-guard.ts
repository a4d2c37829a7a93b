import { useRef, useState } from 'react';

/**
 * Runs an async action once at a time: a call while the previous one is pending is dropped
 * (a ref, not only state: two clicks in one tick both see the state before it re-renders).
 * `pending` is for the button's spinner. The form submit, row actions and switches use it.
 * A module of its own, free of the forms helper's schemas: row actions and switches need it
 * without zod (DESIGN §5).
 */
export function usePendingGuard<A extends unknown[]>(
  action: (...args: A) => Promise<unknown>,
): { run: (...args: A) => Promise<void>; pending: boolean } {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const run = async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await action(...args);
    } finally {
      running.current = false;
      setPending(false);
    }
  };
  return { run, pending };
}
