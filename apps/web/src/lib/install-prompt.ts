import { useSyncExternalStore } from 'react';

/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium's browsers), kept for the
 * profile menu's "Install the app" (components/layout/install-app.tsx; docs/decisions/0032-pwa.md).
 * The event comes once per page load, soon after it, whatever page that is (the login, mostly), so
 * it is caught from the app's entry; the browser's own install banner is held back meanwhile.
 */
type InstallPromptEvent = Event & { prompt(): Promise<unknown>; userChoice: Promise<{ outcome: string }> };

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function set(next: InstallPromptEvent | null): void {
  offer = next;
  for (const listener of listeners) listener();
}

export function catchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    set(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => set(null));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => offer;

/** The pending offer, or null (none yet, already used, or a browser without it). */
export function useInstallPrompt(): InstallPromptEvent | null {
  return useSyncExternalStore(subscribe, current, current);
}

/** Shows the browser's install dialog; the offer is spent either way. */
export async function promptInstall(): Promise<void> {
  const pending = offer;
  if (!pending) return;
  set(null);
  await pending.prompt();
  await pending.userChoice.catch(() => undefined);
}
