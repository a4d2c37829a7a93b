import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/guest/alert';
import { ApiError } from '../../../lib/api-client';

/** A failed call as an alert above a form (SPEC §8): the server's message and its numbered error list. */
export function ServerErrorAlert({ error, title }: { error: unknown; title: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  const api = error instanceof ApiError ? error : null;
  const message = api?.message || t('common.check_connection');
  const details = (api?.errors ?? []).map((e) => e.title).filter((text) => text && text !== message);
  return (
    <Alert type="error" title={title}>
      <p className="alert-text form-alert-text">{message}</p>
      {details.length > 0 && (
        <ol className="form-alert-list">
          {details.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ol>
      )}
    </Alert>
  );
}
