import { useTranslation } from 'react-i18next';

/** Copyright with the current year and a Powered-by line, no links (SPEC §2). */
export function AppFooter() {
  const { t } = useTranslation();
  const year = new Intl.NumberFormat(t('intl.locale'), { useGrouping: false }).format(new Date().getFullYear());
  return (
    <footer className="app-footer">
      <span>{t('footer.copyright', { year })}</span>
      <span>{t('footer.powered_by')}</span>
    </footer>
  );
}
