import { useCallback, useSyncExternalStore } from 'react';

/** Phones (antd's xs and sm): lists show their rows as cards and fold their filters. */
export const PHONE_QUERY = '(max-width: 767px)';

/** The visitor asked their system for less motion: antd's transitions are turned off (app/antd-providers.tsx). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether a CSS media query matches now, following it as the window changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener?.('change', onChange);
      return () => list.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
