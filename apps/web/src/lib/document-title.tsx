import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "<page> — <app name>" in the UI language, or the app's name alone where the page has none. */
export function documentTitle(pageKey: string | null, t: (key: string) => string): string {
  const app = t('app.name');
  // A signed-in page's texts arrive with antd (lib/i18n.ts): until then, the app's name alone.
  return pageKey && i18next.exists(pageKey) ? `${t(pageKey)} — ${app}` : app;
}

/**
 * Sets the browser tab's title to the page named `pageKey`, in the current language, and again
 * when the language, the page or the texts change. No router: the login island (app/login-island.tsx)
 * uses it as the app's DocumentTitle (lib/route-meta.ts) does.
 */
export function useDocumentTitle(pageKey: string | null): void {
  const { t, i18n } = useTranslation();
  // Texts that arrive later (the signed-in screens' part) name the page once they are there.
  const [texts, setTexts] = useState(0);
  useEffect(() => {
    const added = () => setTexts((n) => n + 1);
    i18next.store.on('added', added);
    return () => i18next.store.off('added', added);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language and the texts are triggers, read through t.
  useEffect(() => {
    document.title = documentTitle(pageKey, t);
  }, [pageKey, t, i18n.language, texts]);
}
