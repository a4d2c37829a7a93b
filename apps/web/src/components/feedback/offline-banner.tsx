import { DisconnectOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useOffline } from '../../lib/offline';

/**
 * "Offline — as of <time>" above every signed-in page while the browser is offline or the page
 * shows the service worker's copies (docs/decisions/0032-pwa.md; components/layout/app-layout.tsx
 * loads it then). Back online, every query is asked again at once: a copy is never left on screen
 * as if it were fresh (money figures above all).
 */
export default function OfflineBanner() {
  const { t } = useTranslation();
  const { offline, copyAt } = useOffline();
  const queryClient = useQueryClient();
  useEffect(() => {
    const again = () => void queryClient.invalidateQueries();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [queryClient]);
  if (!offline) return null;
  return (
    <Alert
      banner
      type="warning"
      icon={<DisconnectOutlined aria-hidden="true" />}
      className="offline-banner"
      data-testid="offline-banner"
      title={
        copyAt === null
          ? t('pwa.offline.title')
          : t('pwa.offline.as_of', { time: formatDateTime(new Date(copyAt), currentLanguage()) })
      }
      description={t('pwa.offline.read_only')}
      action={
        // The browser says it is online but the server did not answer: the person may try again.
        navigator.onLine ? (
          <Button size="small" onClick={() => void queryClient.invalidateQueries()}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}
