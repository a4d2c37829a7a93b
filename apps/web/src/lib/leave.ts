import { useEffect, useRef, useState } from 'react';
import { type NavigateOptions, type To, useLocation, useNavigate } from 'react-router';

export type LeaveAfterSave = {
  /** Goes to `to` once a save went through; the form stays busy until the page has moved on. */
  leave: (to: To, options?: NavigateOptions) => void;
  /** True from `leave` until the location changes: the submit stays disabled, with its spinner. */
  leaving: boolean;
  /** The same, read at once (two clicks in one tick both see the state before it re-renders). */
  isLeaving: () => boolean;
};

/**
 * A form that navigates away after a save (issue 22 item 5). The next screen is a lazy route:
 * React Router keeps the form on screen while that screen's code and texts download, so a
 * second click in that moment sent the save again ("the phone belongs to another user" right
 * after the success). `leave` navigates and keeps the form busy until the location has changed;
 * `onMoved` runs then (the forms helper forgets the idempotency key there, not before).
 */
export function useLeaveAfterSave(onMoved?: () => void): LeaveAfterSave {
  const navigate = useNavigate();
  const location = useLocation();
  const [leaving, setLeaving] = useState(false);
  const left = useRef(false);
  const moved = useRef(onMoved);
  moved.current = onMoved;
  const seen = useRef(location.key);

  useEffect(() => {
    if (seen.current === location.key) return;
    seen.current = location.key;
    // The same screen shows another location (the form stayed mounted): it is a new form now.
    if (left.current) {
      left.current = false;
      setLeaving(false);
      moved.current?.();
    }
  }, [location.key]);

  return {
    leave: (to, options) => {
      left.current = true;
      setLeaving(true);
      void navigate(to, options);
    },
    leaving,
    isLeaving: () => left.current,
  };
}
