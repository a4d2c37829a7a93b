import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../guest/language-toggle';

/**
 * The frame of guest pages: brand, language toggle, one card. Plain HTML (no
 * antd), so the light guest pages stay light (DESIGN §5); the recovery form,
 * which does load antd, uses the same frame.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="auth-page">
      <div className="auth-toolbar">
        <LanguageToggle />
      </div>
      <section className="auth-card" aria-labelledby="auth-title">
        <div className="auth-brand" aria-hidden="true">
          <img src="/favicon.svg" alt="" width={48} height={48} />
        </div>
        <p className="auth-app-name">{t('app.name')}</p>
        <h1 className="auth-title" id="auth-title">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}
