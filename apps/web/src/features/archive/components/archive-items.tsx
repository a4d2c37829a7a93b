import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FileOutlined,
  FolderFilled,
} from '@ant-design/icons';
import type { TArchiveItem } from '@portal/shared/schemas/archive';
import { Button, Checkbox, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { saveFile } from '../../../components/data-table/export-button';
import { paths } from '../../../config/paths';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { usePendingGuard } from '../../../lib/pending-guard';
import { toast, toastApiError } from '../../../lib/toast';
import { downloadArchiveFile, useDeleteItem, useOrderItem } from '../api/archive-api';

type RowProps = {
  item: TArchiveItem;
  previous?: TArchiveItem | undefined;
  next?: TArchiveItem | undefined;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onRename: (item: TArchiveItem) => void;
  canPut: boolean;
  canDelete: boolean;
};

/** One folder or file: open or download it, and (with the rights) move it up or down, rename or delete it. */
function ArchiveRow({ item, previous, next, selected, onSelect, onRename, canPut, canDelete }: RowProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const order = useOrderItem();
  const remove = useDeleteItem();
  const name = item.name;

  const download = usePendingGuard(async () => {
    try {
      saveFile(await downloadArchiveFile(item));
    } catch (error) {
      toastApiError(error);
    }
  });
  const move = usePendingGuard(async (type: 'before' | 'after', other: TArchiveItem) => {
    try {
      await order.mutateAsync({ a: item.id, type, b: other.id });
    } catch (error) {
      toastApiError(error);
    }
  });
  const del = usePendingGuard(async () => {
    try {
      await remove.mutateAsync(item.id);
      toast.success(t('archive.messages.deleted'));
    } catch (error) {
      toastApiError(error);
    }
  });

  const folder = item.kind === 'folder';
  return (
    <li className="archive-row" data-testid={`archive-item-${item.short_name}`}>
      <Checkbox
        checked={selected}
        onChange={(event) => onSelect(event.target.checked)}
        aria-label={t('archiveUi.select', { name })}
      />
      <span className="archive-row-icon" aria-hidden="true">
        {folder ? <FolderFilled /> : <FileOutlined />}
      </span>
      <span className="archive-row-main">
        {folder ? (
          <Link to={paths.archiveFolder(item.id)} className="archive-row-name">
            <bdi>{name}</bdi>
          </Link>
        ) : (
          <Button
            type="link"
            className="archive-row-name"
            onClick={() => void download.run()}
            loading={download.pending}
            aria-label={t('archiveUi.actions.download_label', { name })}
          >
            <bdi>{name}</bdi>
          </Button>
        )}
        <span className="archive-row-meta muted">
          <bdi dir="ltr">{item.short_name}</bdi>
          {' · '}
          {folder ? t('archiveUi.kinds.folder') : formatFileSize(item.size ?? 0, lang)}
          {' · '}
          {formatDateTime(item.updated_at, lang)}
        </span>
      </span>
      <span className="archive-row-actions">
        {!folder && (
          <Button
            size="small"
            type="text"
            icon={<DownloadOutlined aria-hidden="true" />}
            onClick={() => void download.run()}
            aria-label={t('archiveUi.actions.download_label', { name })}
            data-testid={`archive-download-${item.short_name}`}
          />
        )}
        {canPut && (
          <>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined aria-hidden="true" />}
              disabled={!previous || move.pending}
              onClick={() => previous && void move.run('before', previous)}
              aria-label={t('archiveUi.actions.up_label', { name })}
              data-testid={`archive-up-${item.short_name}`}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined aria-hidden="true" />}
              disabled={!next || move.pending}
              onClick={() => next && void move.run('after', next)}
              aria-label={t('archiveUi.actions.down_label', { name })}
              data-testid={`archive-down-${item.short_name}`}
            />
            <Button
              size="small"
              type="text"
              icon={<EditOutlined aria-hidden="true" />}
              onClick={() => onRename(item)}
              aria-label={t('archiveUi.actions.rename_label', { name })}
              data-testid={`archive-rename-${item.short_name}`}
            />
          </>
        )}
        {canDelete && (
          <Popconfirm
            title={t('archiveUi.delete.title', { name })}
            description={folder ? t('archiveUi.delete.folder') : t('archiveUi.delete.file')}
            okText={t('archiveUi.delete.yes')}
            cancelText={t('archiveUi.delete.no')}
            okButtonProps={{ danger: true, loading: del.pending }}
            onConfirm={() => del.run()}
            onCancel={() => toast.info(t('archiveUi.delete.cancelled'))}
          >
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden="true" />}
              aria-label={t('archiveUi.actions.delete_label', { name })}
              data-testid={`archive-delete-${item.short_name}`}
            />
          </Popconfirm>
        )}
      </span>
    </li>
  );
}

type Props = {
  items: TArchiveItem[];
  selected: ReadonlySet<number>;
  onSelect: (id: number, selected: boolean) => void;
  onRename: (item: TArchiveItem) => void;
  canPut: boolean;
  canDelete: boolean;
};

/** A folder's items in their order. */
export function ArchiveItems({ items, selected, onSelect, onRename, canPut, canDelete }: Props) {
  return (
    <ul className="archive-items" data-testid="archive-items">
      {items.map((item, index) => (
        <ArchiveRow
          key={item.id}
          item={item}
          previous={items[index - 1]}
          next={items[index + 1]}
          selected={selected.has(item.id)}
          onSelect={(value) => onSelect(item.id, value)}
          onRename={onRename}
          canPut={canPut}
          canDelete={canDelete}
        />
      ))}
    </ul>
  );
}
