import { useTranslation } from 'react-i18next';

/** A ring in the current text colour; decorative (the button or region around it says what is happening). */
export function Spinner({ large = false }: { large?: boolean }) {
  return <span className={large ? 'spinner spinner-large' : 'spinner'} aria-hidden="true" />;
}

/** The page-sized loader: a spinner and "loading…" for screen readers (SPEC §8). */
export function GuestLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <Spinner large />
      {label ? <span>{label}</span> : <span className="visually-hidden">{t('common.loading')}</span>}
    </div>
  );
}
