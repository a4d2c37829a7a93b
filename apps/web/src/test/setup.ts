import i18next from 'i18next';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setClockForTests } from '../lib/clock';
import { schemaLoadsSettled } from '../lib/forms';
import { changeLanguage, initI18n, loadScreenTexts, screenTextNames } from '../lib/i18n';
import { clearOfflineCopies } from '../lib/offline';
import { currentToasts, dismissToast } from '../lib/toast';
import { fakeMatchMedia } from './media';

// antd reads these browser APIs that jsdom lacks (STACK.md).
Object.defineProperty(window, 'matchMedia', { writable: true, value: fakeMatchMedia(() => false) });
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.scrollTo = () => {};
const computed = window.getComputedStyle;
window.getComputedStyle = (el: Element) => computed(el);

// findBy… and waitFor wait for what a person waits for (a screen's first render pulls its lazy
// modules): their default second fails the first test of a file on a busy two-core machine.
configure({ asyncUtilTimeout: 10_000 });

initI18n('ar');
// Component tests render screens without their routes: every screen's texts, in each language used.
await loadScreenTexts(screenTextNames(), 'ar');
// Files share their worker's modules (vitest.config.ts: isolate false): each starts in Arabic
// whatever the file before it switched to.
if (i18next.language !== 'ar') await changeLanguage('ar');

afterEach(async () => {
  cleanup();
  await schemaLoadsSettled();
  // A screen's lazy part still downloading when its test ends (the photo picker's progress bar) would
  // fail once the file's environment is gone, and that failed module stays in the worker's shared
  // cache (isolate: false) for every later file that draws it.
  await vi.dynamicImportSettled();
  // A test that fixed the clock (lib/clock.ts setClockForTests) leaves the real one to the next.
  setClockForTests(undefined);
  window.localStorage.clear();
  for (const shown of currentToasts()) dismissToast(shown.id);
  vi.unstubAllGlobals();
  // A test that showed offline copies (lib/offline.ts) leaves the next one online.
  await clearOfflineCopies();
});
