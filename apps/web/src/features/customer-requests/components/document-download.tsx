import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { saveFile } from '../../../components/data-table/export-button';
import { usePendingGuard } from '../../../lib/pending-guard';
import { toastApiError } from '../../../lib/toast';
import { downloadDocument } from '../api/request-detail-api';

/**
 * A request document's download button (its request's page, a member's documents tab): fetched
 * through the authorized route (`url`, relative to /api/v1), saved under its title, once per click.
 */
export function DocumentDownloadButton({ url, title, label }: { url: string; title: string; label: string }) {
  const { run, pending } = usePendingGuard(async () => {
    try {
      saveFile(await downloadDocument(url, title));
    } catch (error) {
      toastApiError(error);
    }
  });
  return (
    <Button
      size="small"
      icon={<DownloadOutlined aria-hidden="true" />}
      loading={pending}
      onClick={() => void run()}
      aria-label={label}
    />
  );
}
