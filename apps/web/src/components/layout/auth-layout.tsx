import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from './header-bar';

/** The frame of guest pages: brand, language toggle, one card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="auth-page">
      <div className="auth-toolbar">
        <LanguageToggle />
      </div>
      <Card className="auth-card">
        <div className="auth-brand" aria-hidden="true">
          <img src="/favicon.svg" alt="" width={48} height={48} />
        </div>
        <p className="auth-app-name">{t('app.name')}</p>
        <h1 className="auth-title">{title}</h1>
        {children}
      </Card>
    </main>
  );
}
