import { message } from 'antd';
import { useEffect } from 'react';
import { setToastApi } from '../lib/toast';

/**
 * Toasts go through antd's message while this is mounted (themed, in the page's
 * direction), and back to the light toaster after. antd's message hook alone,
 * not its <App>: <App> also brings modal and notification (about 10 KB gzip)
 * that no screen uses. Its own chunk: antd-providers.tsx mounts it once the
 * first screen is up, so the first screen does not wait for it.
 */
export default function ToastBridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setToastApi(api);
    return () => setToastApi(null);
  }, [api]);
  return holder;
}
