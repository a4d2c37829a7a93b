import { lazy, type ReactNode, Suspense, useState } from 'react';
import { loadScreenTexts } from '../../lib/i18n';
import { promptInstall, useInstallPrompt } from '../../lib/install-prompt';

// The iPhone how-to is a dialog of its own, downloaded with its texts when asked for.
const InstallHowTo = lazy(() =>
  Promise.all([import('./install-how-to'), loadScreenTexts(['pwa'])]).then(([module]) => module),
);

/** An iPhone or iPad (iPadOS says it is a Mac, with a touch screen): no install prompt there. */
function isAppleMobile(): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  );
}

/** Already opened as the installed app. */
function isInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/**
 * The profile menu's "Install the app" (docs/decisions/0032-pwa.md): the browser's own install
 * dialog where the browser offers one (lib/install-prompt.ts), the Share → Add to Home Screen
 * how-to on an iPhone, and nothing elsewhere or once installed.
 */
export function useInstallApp(): { available: boolean; start(): void; dialog: ReactNode } {
  const offer = useInstallPrompt();
  const [howTo, setHowTo] = useState(false);
  const iphone = offer === null && isAppleMobile() && !isInstalled();
  return {
    available: offer !== null || iphone,
    start: () => (offer ? void promptInstall() : setHowTo(true)),
    dialog: howTo ? (
      <Suspense fallback={null}>
        <InstallHowTo onClose={() => setHowTo(false)} />
      </Suspense>
    ) : null,
  };
}
