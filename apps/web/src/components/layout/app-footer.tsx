import { useTranslation } from 'react-i18next';
import { currentYear } from '../../lib/clock';
import { formatId } from '../../lib/format';

/** Copyright with the current year (in Cairo, from the app's clock) and a Powered-by line, no links (SPEC §2). */
export function AppFooter() {
  const { t, i18n } = useTranslation();
  // A year reads like an id: no grouping, in the digits the app shows (lib/format.ts).
  const year = formatId(currentYear(), i18n.language === 'en' ? 'en' : 'ar');
  return (
    <footer className="app-footer">
      <span>{t('footer.copyright', { year })}</span>
      <span>{t('footer.powered_by')}</span>
    </footer>
  );
}
