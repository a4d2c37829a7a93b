import type { Locale } from '@portal/shared/constants';
import { digitsFor } from './digits';
import { readSession } from './session-store';

/**
 * The guest pages arrive as HTML prerendered at build time, one per language (docs/decisions/0033):
 * the form shows and takes typing before the app's code has run, and React hydrates it after. This
 * module holds what bridges the two.
 */

/**
 * Whether the page in `root` can be hydrated: it was prerendered in the language the app starts in
 * (the server chose it by the language cookie, which may be missing or stale), with the default
 * digits, and nobody is signed in here (a guest-only page sends them on, the contact page shows them
 * another link). Otherwise the app renders afresh over it.
 */
export function canHydrate(root: HTMLElement, lang: Locale): boolean {
  return root.dataset.prerendered === lang && digitsFor(lang) === 'latn' && readSession() === null;
}

/**
 * A prerendered page the app will not hydrate (canHydrate said no) stays in view, but cannot be used
 * until the app draws over it: what was typed there would be lost with it, and Enter would send the
 * plain form to the server (a full page load back to the same page). `inert` keeps people and their
 * password managers out; `aria-disabled` tells automation the fields are not ready; the app's first
 * render replaces these elements, attributes and all.
 */
export function setAsideUntilRendered(root: HTMLElement): void {
  for (const child of Array.from(root.children)) {
    child.setAttribute('inert', '');
    child.setAttribute('aria-disabled', 'true');
    child.setAttribute('aria-busy', 'true');
  }
}

let held: HTMLFormElement | null = null;
let live = false;

function holdSubmit(event: Event): void {
  if (live || !(event.target instanceof HTMLFormElement)) return;
  // Not sent by the browser (a full page load that would lose the form) nor seen by React while it
  // hydrates: the form's own code sends it once it runs (takeHeldSubmit).
  event.preventDefault();
  event.stopPropagation();
  held = event.target;
}

/**
 * From the app's first line until the page is hydrated, a submit (Enter in a field, a click on the
 * button) is held instead of lost: the visitor who types fast, or a password manager's autofill,
 * does not have to send the form twice.
 */
export function holdSubmitsUntilHydrated(): void {
  live = false;
  held = null;
  document.addEventListener('submit', holdSubmit, true);
}

/** The page is hydrated: submits go to React from now on. */
export function hydrated(): void {
  live = true;
  document.removeEventListener('submit', holdSubmit, true);
}

/** True once, when `form` was submitted before the page was hydrated (the caller sends it now). */
export function takeHeldSubmit(form: HTMLFormElement | null): boolean {
  hydrated();
  if (!form || held !== form) return false;
  held = null;
  return true;
}
