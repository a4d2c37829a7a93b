import {
  CloseOutlined,
  CopyOutlined,
  FileZipOutlined,
  FolderAddOutlined,
  ScissorOutlined,
  SnippetsOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { TArchiveItem } from '@portal/shared/schemas/archive';
import { Alert, Breadcrumb, Button, Empty, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/authorization';
import { currentLanguage } from '../../../lib/i18n';
import { usePendingGuard } from '../../../lib/pending-guard';
import { toast, toastApiError } from '../../../lib/toast';
import {
  downloadFolderZip,
  useArchiveCrumbs,
  useArchiveListing,
  useMoveItems,
  usePasteItems,
} from '../api/archive-api';
import { useClipboard } from '../hooks/use-clipboard';
import { ArchiveItems } from './archive-items';
import './archive.css';

// The dialogs and the page text (antd's Modal, Form, Tabs) load when first needed, so the
// folder's list stays within the route budget (DESIGN §5).
const ContentEditor = lazy(() => import('./content-editor').then((m) => ({ default: m.ContentEditor })));
const FolderDialog = lazy(() => import('./folder-dialog').then((m) => ({ default: m.FolderDialog })));
const UploadDialog = lazy(() => import('./upload-dialog').then((m) => ({ default: m.UploadDialog })));

const folderPath = (id: number) => (id === 0 ? paths.archive : paths.archiveFolder(id));

/**
 * The archive manager (SPEC §7 "Archive"; docs/decisions/0022-staff-tools.md): a folder's
 * breadcrumbs, its folders and files in order, and — for whoever may — new folders, uploads with
 * their progress, renames, order, copy or move through a clipboard that survives opening
 * another folder, deletes after a confirmation, the folder as a zip, and its page text per
 * language. What a user may do is the server's decision; the buttons follow the same permissions.
 * The route renders it keyed by the folder, so opening another folder starts afresh.
 */
export function ArchiveManager({ folderId }: { folderId: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const can = useCan();
  const canPut = can('archive.put');
  const canDelete = can('archive.delete');
  const listing = useArchiveListing(folderId);
  const crumbs = useArchiveCrumbs(folderId, lang);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [clipboard, setClipboard] = useClipboard();
  const [dialog, setDialog] = useState<'folder' | 'upload' | null>(null);
  const [renaming, setRenaming] = useState<TArchiveItem | null>(null);
  const move = useMoveItems();
  const paste = usePasteItems();

  const zip = usePendingGuard(async () => {
    try {
      await downloadFolderZip(folderId);
      toast.success(t('archiveUi.zip_started'));
    } catch (error) {
      toastApiError(error);
    }
  });

  const put = usePendingGuard(async () => {
    if (!clipboard) return;
    try {
      if (clipboard.mode === 'move') {
        await move.mutateAsync({ to: folderId, ids: clipboard.ids });
        toast.success(t('archive.messages.moved'));
      } else {
        await paste.mutateAsync({ to: folderId, ids: clipboard.ids });
        toast.success(t('archive.messages.pasted'));
      }
      setClipboard(null);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) toast.error(error.errors[0]?.title ?? error.message);
      else toastApiError(error);
    }
  });

  const take = (mode: 'copy' | 'move') => {
    setClipboard({ mode, ids: [...selected] });
    setSelected(new Set());
  };

  const notFound = listing.error instanceof ApiError && listing.error.status === 404;
  return (
    <div className="archive-manager" data-testid="archive-manager">
      <nav aria-label={t('archiveUi.breadcrumbs')} className="archive-crumbs">
        <Breadcrumb
          items={(crumbs.data ?? [{ id: 0, name: t('archiveUi.root'), short_name: null }]).map((crumb, index, all) => ({
            key: crumb.id,
            title:
              index === all.length - 1 ? (
                <bdi aria-current="page">{crumb.name}</bdi>
              ) : (
                <Link to={folderPath(crumb.id)}>
                  <bdi>{crumb.name}</bdi>
                </Link>
              ),
          }))}
        />
      </nav>

      <div className="archive-toolbar" role="toolbar" aria-label={t('archiveUi.columns.actions')}>
        {canPut && (
          <>
            <Button
              icon={<FolderAddOutlined aria-hidden="true" />}
              onClick={() => setDialog('folder')}
              disabled={!listing.data}
              data-testid="archive-new-folder"
            >
              {t('archiveUi.actions.new_folder')}
            </Button>
            <Button
              type="primary"
              icon={<UploadOutlined aria-hidden="true" />}
              onClick={() => setDialog('upload')}
              disabled={!listing.data}
              data-testid="archive-open-upload"
            >
              {t('archiveUi.actions.upload')}
            </Button>
          </>
        )}
        <Button
          icon={<FileZipOutlined aria-hidden="true" />}
          onClick={() => void zip.run()}
          loading={zip.pending}
          disabled={!listing.data}
          data-testid="archive-download-zip"
        >
          {t('archiveUi.actions.download_zip')}
        </Button>
        {canPut && selected.size > 0 && (
          <>
            <span className="muted" data-testid="archive-selected">
              {t('archiveUi.selected', { count: selected.size })}
            </span>
            <Button icon={<CopyOutlined aria-hidden="true" />} onClick={() => take('copy')} data-testid="archive-copy">
              {t('archiveUi.actions.copy')}
            </Button>
            <Button
              icon={<ScissorOutlined aria-hidden="true" />}
              onClick={() => take('move')}
              data-testid="archive-cut"
            >
              {t('archiveUi.actions.cut')}
            </Button>
          </>
        )}
        {canPut && clipboard && (
          <span className="archive-clipboard" data-testid="archive-clipboard">
            <span className="muted">{t(`archiveUi.clipboard.${clipboard.mode}`, { count: clipboard.ids.length })}</span>
            <Button
              type="primary"
              icon={<SnippetsOutlined aria-hidden="true" />}
              onClick={() => void put.run()}
              loading={put.pending}
              disabled={!listing.data}
              data-testid="archive-paste"
            >
              {clipboard.mode === 'move' ? t('archiveUi.actions.move_here') : t('archiveUi.actions.paste')}
            </Button>
            <Button
              icon={<CloseOutlined aria-hidden="true" />}
              onClick={() => setClipboard(null)}
              aria-label={t('archiveUi.actions.clear_clipboard')}
            />
          </span>
        )}
      </div>

      {listing.isPending ? (
        <div role="status" aria-busy="true" aria-label={t('archiveUi.loading')}>
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : listing.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={notFound ? t('errors_page.not_found') : t('archiveUi.load_failed')}
          action={
            notFound ? (
              <Link to={paths.archive}>{t('archiveUi.root')}</Link>
            ) : (
              <Button size="small" onClick={() => void listing.refetch()}>
                {t('archiveUi.retry')}
              </Button>
            )
          }
        />
      ) : listing.data.items.length === 0 ? (
        <Empty description={t('archiveUi.empty')} data-testid="archive-empty">
          {canPut && <p className="muted">{t('archiveUi.empty_hint')}</p>}
        </Empty>
      ) : (
        <ArchiveItems
          items={listing.data.items}
          selected={selected}
          onSelect={(id, value) =>
            setSelected((current) => {
              const next = new Set(current);
              if (value) next.add(id);
              else next.delete(id);
              return next;
            })
          }
          onRename={setRenaming}
          canPut={canPut}
          canDelete={canDelete}
        />
      )}

      <Suspense fallback={null}>
        {folderId > 0 && listing.data && <ContentEditor folderId={folderId} canEdit={canPut} />}
        {listing.data && dialog === 'upload' && (
          <UploadDialog open folderId={folderId} limits={listing.data.limits} onClose={() => setDialog(null)} />
        )}
        {(dialog === 'folder' || renaming !== null) && (
          <FolderDialog
            open
            folderId={folderId}
            item={renaming}
            onClose={() => {
              setDialog(null);
              setRenaming(null);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
