import type { TTerms } from '@portal/shared/schemas/terms';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/guest/spinner';
import { currentLanguage } from '../../../lib/i18n';
import { useTerms } from '../../terms/api/terms-api';

type Props = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | null;
};

/** The terms as written (paragraphs kept), or what stands in for them while they load. */
function TermsText({
  terms,
  loading,
  failed,
  retry,
}: {
  terms?: TTerms;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <p className="terms-status" role="status">
        <Spinner /> {t('accountsUi.register.terms_loading')}
      </p>
    );
  }
  if (failed || !terms) {
    return (
      <p className="terms-status" role="alert">
        {t('accountsUi.register.terms_failed')}{' '}
        <button type="button" className="link-button" onClick={retry}>
          {t('common.retry')}
        </button>
      </p>
    );
  }
  return <>{terms.terms}</>;
}

/**
 * The terms and conditions on the register page (SPEC §2 /terms, issue 13): the text in the
 * reader's language in a box that scrolls (reachable by keyboard), and the box to tick. The
 * form sends the version it showed; the server records it with the time of acceptance.
 */
export function TermsAcceptance({ checked, onChange, error }: Props) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const terms = useTerms(lang);
  const errorId = 'accept_terms-error';
  return (
    <div className={['field', 'terms-field', error ? 'field-invalid' : ''].filter(Boolean).join(' ')}>
      <h2 className="field-label terms-title" id="terms-title">
        {t('accountsUi.register.terms_title')}
      </h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1). */}
      <section className="terms-box" aria-labelledby="terms-title" tabIndex={0} lang={lang}>
        <TermsText
          terms={terms.data}
          loading={terms.isPending}
          failed={terms.isError}
          retry={() => void terms.refetch()}
        />
      </section>
      <label className="terms-check">
        <input
          type="checkbox"
          name="accept_terms"
          id="accept_terms"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={!terms.data}
        />
        <span>{t('accountsUi.register.terms_accept')}</span>
      </label>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The version the page shows, for the registration to name (undefined until the text has loaded). */
export function useShownTermsVersion(): number | undefined {
  return useTerms(currentLanguage()).data?.version_id ?? undefined;
}
