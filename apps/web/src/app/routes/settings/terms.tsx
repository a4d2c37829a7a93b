import { useTranslation } from 'react-i18next';
import { TermsEditor } from '../../../features/terms/components/terms-editor';

/** /terms (terms.put): the terms and conditions text per language. */
export default function TermsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="page-title">{t('termsUi.title')}</h1>
      <p className="muted">{t('termsUi.description')}</p>
      <TermsEditor />
    </>
  );
}
