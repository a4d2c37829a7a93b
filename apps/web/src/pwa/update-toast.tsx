import { useTranslation } from 'react-i18next';
import { Button } from '../components/guest/button';
import { InfoIcon } from '../components/guest/icons';

/**
 * "A new version is ready" (docs/decisions/0032-pwa.md): it opens by itself the next time the app
 * is opened; "Open it now" reloads into it at once, on the person's own press. Plain controls (no
 * antd): it shows on the light guest pages too.
 */
export function UpdateToast({ onApply, onClose }: { onApply: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="update-toast-host">
      <section
        className="toast update-toast"
        role="status"
        aria-labelledby="update-toast-title"
        data-testid="update-toast"
      >
        <span className="toast-icon">
          <InfoIcon />
        </span>
        <div className="update-toast-text">
          <strong id="update-toast-title">{t('pwaUpdate.title')}</strong>
          <span>{t('pwaUpdate.body')}</span>
          <div className="update-toast-actions">
            <Button variant="primary" onClick={onApply} data-testid="update-now">
              {t('pwaUpdate.open_now')}
            </Button>
            <Button onClick={onClose}>{t('pwaUpdate.later')}</Button>
          </div>
        </div>
      </section>
    </div>
  );
}
