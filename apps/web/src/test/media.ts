import { vi } from 'vitest';

/**
 * window.matchMedia, which jsdom lacks and antd and the app read: `holds` says which CSS media
 * queries match (none by default, test/setup.ts).
 */
export function fakeMatchMedia(holds: (query: string) => boolean): (query: string) => MediaQueryList {
  return (query) =>
    ({
      matches: holds(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/** For one test: these queries match (a phone's width, less motion asked for); test/setup.ts undoes it after each test. */
export function mediaMatching(holds: (query: string) => boolean): void {
  vi.stubGlobal('matchMedia', fakeMatchMedia(holds));
}
