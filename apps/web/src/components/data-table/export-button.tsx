import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiDownload, type DownloadedFile } from '../../lib/api-client';
import { usePendingGuard } from '../../lib/pending-guard';
import { toast, toastApiError } from '../../lib/toast';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Where a list exports to: its export endpoint (POST, body = the list's filters plus `format`),
 * e.g. `{ path: '/subscriptions/payments/export' }`. `request` reshapes the table's request when
 * the endpoint wants it otherwise, or adds the filters a screen fixes (one association's rows).
 */
export type ExportTo = {
  path: string;
  request?: (body: Record<string, string | number>) => Record<string, unknown>;
  /** The file's name when the server names none (without extension). */
  name?: string;
};

/**
 * The export request of a table's current request: every filter, search and sort it shows, but
 * not its page: the export holds every matching row (issue 10 "Exports").
 */
export function exportRequest(
  body: Record<string, string | number>,
  format: ExportFormat,
  exportTo: ExportTo,
): Record<string, unknown> {
  const { page: _page, perPage: _perPage, ...filters } = body;
  return { ...(exportTo.request ? exportTo.request(filters) : filters), format };
}

/** Hands a downloaded file to the browser as a download (an object URL behind a clicked link). */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * The export of the shared data table (DataTable's `exportTo`): a menu of CSV and XLSX. The
 * server streams every row the current filters match, with headers, dates and money in the
 * user's language (Accept-Language); the file keeps the name the server gives it.
 */
export function ExportButton({ exportTo, body }: { exportTo: ExportTo; body: Record<string, string | number> }) {
  const { t } = useTranslation();
  const { run, pending } = usePendingGuard(async (format: ExportFormat) => {
    try {
      const file = await apiDownload(exportTo.path, exportRequest(body, format, exportTo), {
        fallbackName: `${exportTo.name ?? 'export'}.${format}`,
      });
      saveFile(file);
      toast.success(t('table.export_done', { name: file.filename }));
    } catch (error) {
      toastApiError(error);
    }
  });
  return (
    <Dropdown
      trigger={['click']}
      disabled={pending}
      menu={{
        items: EXPORT_FORMATS.map((format) => ({
          key: format,
          label: t(`table.export_${format}`),
          'data-testid': `table-export-${format}`,
        })),
        onClick: ({ key }) => void run(key as ExportFormat),
      }}
    >
      <Button
        icon={<DownloadOutlined aria-hidden="true" />}
        loading={pending}
        aria-busy={pending || undefined}
        title={t('table.export_label')}
        data-testid="table-export"
      >
        {t('table.export')}
        <DownOutlined aria-hidden="true" />
      </Button>
    </Dropdown>
  );
}
