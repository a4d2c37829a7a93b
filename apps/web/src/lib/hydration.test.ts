import { afterEach, describe, expect, it } from 'vitest';
import { setDigitSystem } from './digits';
import { canHydrate, holdSubmitsUntilHydrated, hydrated, setAsideUntilRendered, takeHeldSubmit } from './hydration';
import { writeSession } from './session-store';

/** A root as the prerender writes it: the page in #root, marked with its language. */
function prerenderedRoot(lang: string | null): HTMLElement {
  const root = document.createElement('div');
  if (lang) root.dataset.prerendered = lang;
  return root;
}

describe('whether a prerendered guest page is hydrated (docs/decisions/0033)', () => {
  afterEach(async () => {
    window.localStorage.clear();
    await setDigitSystem('latn');
  });

  it('is, when it was prerendered in the language the app starts in, for a guest', () => {
    expect(canHydrate(prerenderedRoot('ar'), 'ar')).toBe(true);
    expect(canHydrate(prerenderedRoot('en'), 'en')).toBe(true);
  });

  it('is not for the other language, a page not prerendered, a signed-in user or Arabic-Indic digits', async () => {
    // The cookie said Arabic (or nothing), the stored choice says English: rendered afresh in English.
    expect(canHydrate(prerenderedRoot('ar'), 'en')).toBe(false);
    expect(canHydrate(prerenderedRoot(null), 'ar')).toBe(false);
    writeSession({ token: 't', userId: 1 });
    expect(canHydrate(prerenderedRoot('ar'), 'ar')).toBe(false);
    window.localStorage.clear();
    await setDigitSystem('arab');
    expect(canHydrate(prerenderedRoot('ar'), 'ar')).toBe(false);
    // English always shows Latin digits: the choice does not matter there.
    expect(canHydrate(prerenderedRoot('en'), 'en')).toBe(true);
  });
});

describe('a prerendered page the app will not hydrate', () => {
  it('stays in view but takes no typing nor a submit until the app draws over it', () => {
    const root = prerenderedRoot('ar');
    root.innerHTML = '<main><form method="post"><input id="phone"></form></main>';
    setAsideUntilRendered(root);
    const page = root.firstElementChild as HTMLElement;
    expect(page.hasAttribute('inert')).toBe(true);
    expect(page.getAttribute('aria-disabled')).toBe('true');
    expect(page.getAttribute('aria-busy')).toBe('true');
    // The page is still there to look at.
    expect(root.querySelector('#phone')).not.toBeNull();
  });
});

describe('a submit before the page is hydrated', () => {
  afterEach(() => {
    hydrated();
    document.body.innerHTML = '';
  });

  it('is held (not sent by the browser, not seen by others) and handed once to its form', () => {
    const form = document.createElement('form');
    const other = document.createElement('form');
    document.body.append(form, other);
    const seen: Event[] = [];
    document.body.addEventListener('submit', (event) => seen.push(event));

    holdSubmitsUntilHydrated();
    const early = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(seen).toEqual([]);

    expect(takeHeldSubmit(other)).toBe(false);
    // takeHeldSubmit ends the holding: the page is live.
    const late = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(late);
    expect(late.defaultPrevented).toBe(false);
    expect(seen).toEqual([late]);
  });

  it('is handed to the form it came from, once', () => {
    const form = document.createElement('form');
    document.body.append(form);
    holdSubmitsUntilHydrated();
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(takeHeldSubmit(form)).toBe(true);
    expect(takeHeldSubmit(form)).toBe(false);
  });
});
