import { UploadOutlined } from '@ant-design/icons';
import type { Locale } from '@portal/shared/constants';
import type { TArchiveListing } from '@portal/shared/schemas/archive';
import { Alert, Button, Input, Modal } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { formatFileSize, formatNumber, isolated } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { toast, toastApiError } from '../../../lib/toast';
import { uploadArchiveFiles, useInvalidateArchive } from '../api/archive-api';

type Limits = TArchiveListing['limits'];

/** What the browser can tell before sending: the type by the name's extension, the size, the count (the server decides by content). */
export function checkChosenFiles(
  files: readonly File[],
  limits: Limits,
  t: (key: string, values?: Record<string, string | number>) => string,
  lang: Locale = currentLanguage(),
) {
  const problems: string[] = [];
  if (files.length > limits.max_files) problems.push(t('archiveUi.upload.too_many', { max: limits.max_files }));
  for (const file of files) {
    const ext = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
    if (!limits.types.includes(ext)) problems.push(t('archive.validation.file_type', { name: file.name }));
    else if (file.size === 0) problems.push(t('archive.validation.file_empty', { name: file.name }));
    else if (file.size > limits.max_file_bytes) {
      problems.push(
        t('files.too_large', { name: isolated(file.name), size: formatFileSize(limits.max_file_bytes, lang) }),
      );
    }
  }
  return problems;
}

type Props = { open: boolean; folderId: number; limits: Limits; onClose: () => void };

/**
 * Upload into a folder (SPEC §5, §7, §8): choose files, optionally name a new folder to hold
 * them, and watch the percentage as the bytes leave the browser. If the connection fails
 * half-way the translated 'reconnect' message shows and the dialog starts again from nothing;
 * files the server refuses (by content) are listed, and nothing was kept. The manager mounts it
 * when opened, so every opening starts empty too.
 */
export function UploadDialog({ open, folderId, limits, onClose }: Props) {
  const { t } = useTranslation();
  const invalidate = useInvalidateArchive();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [folder, setFolder] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [reconnect, setReconnect] = useState(false);
  const folderInput = useId();

  /** Back to an empty dialog: no files, no progress, the file input cleared. */
  const reset = () => {
    setFiles([]);
    setFolder('');
    setProgress(null);
    setProblems([]);
    if (input.current) input.current.value = '';
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const choose = (chosen: File[]) => {
    setReconnect(false);
    setFiles(chosen);
    setProblems(checkChosenFiles(chosen, limits, (key, values) => t(key, values ?? {})));
  };

  const start = async () => {
    if (files.length === 0 || problems.length > 0 || progress !== null) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      await uploadArchiveFiles(folderId, files, {
        folder: folder.trim() || undefined,
        onProgress: setProgress,
        signal: controller.signal,
      });
      toast.success(t('archive.messages.uploaded'));
      invalidate();
      reset();
      onClose();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        reset();
      } else if (error instanceof ApiError && error.isNetwork) {
        // SPEC §8: the connection failed during the upload: say so and start again from nothing.
        reset();
        setReconnect(true);
        toast.error(t('archiveUi.upload.reconnect'));
      } else if (error instanceof ApiError && error.errors.length > 0) {
        setProgress(null);
        setProblems(error.errors.map((e) => e.title));
      } else {
        setProgress(null);
        toastApiError(error);
      }
    } finally {
      abort.current = null;
    }
  };

  const lang = currentLanguage();
  const uploading = progress !== null;
  const percent = formatNumber((progress ?? 0) / 100, lang, { style: 'percent' });
  return (
    <Modal open={open} title={t('archiveUi.upload.title')} onCancel={close} footer={null} destroyOnHidden>
      <div className="archive-upload" data-testid="archive-upload">
        {reconnect && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('archiveUi.upload.reconnect')}
            data-testid="archive-reconnect"
          />
        )}
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={limits.types.map((ext) => `.${ext}`).join(',')}
          onChange={(event) => choose([...(event.target.files ?? [])])}
          data-testid="archive-upload-input"
          aria-label={t('archiveUi.upload.choose')}
        />
        <Button
          icon={<UploadOutlined aria-hidden="true" />}
          onClick={() => input.current?.click()}
          disabled={uploading}
        >
          {t('archiveUi.upload.choose')}
        </Button>
        <p className="muted archive-upload-hint">
          {t('archiveUi.upload.hint', {
            types: limits.types.join('، '),
            size: formatFileSize(limits.max_file_bytes, lang),
            max: formatNumber(limits.max_files, lang),
          })}
        </p>
        {files.length > 0 && (
          <>
            <p data-testid="archive-upload-count">{t('archiveUi.upload.chosen', { count: files.length })}</p>
            <ul className="archive-upload-files">
              {files.map((file) => (
                <li key={`${file.name}-${file.size}-${file.lastModified}`}>
                  <bdi>{file.name}</bdi>
                </li>
              ))}
            </ul>
          </>
        )}
        <div className="archive-upload-folder">
          <label htmlFor={folderInput}>{t('archiveUi.upload.folder')}</label>
          <Input
            id={folderInput}
            value={folder}
            onChange={(event) => setFolder(event.target.value)}
            placeholder={t('archiveUi.upload.folder_placeholder')}
            maxLength={255}
            disabled={uploading}
          />
        </div>
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('archiveUi.upload.refused')}
            description={
              <ul className="archive-upload-problems" data-testid="archive-upload-problems">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            }
          />
        )}
        {uploading && (
          <div className="archive-upload-progress">
            <progress
              value={progress}
              max={100}
              aria-label={t('archiveUi.upload.progress')}
              data-testid="archive-upload-progress"
            />
            <span data-testid="archive-upload-percent">{t('archiveUi.upload.uploading', { percent })}</span>
          </div>
        )}
        <div className="form-actions">
          <Button
            type="primary"
            onClick={() => void start()}
            loading={uploading}
            disabled={files.length === 0 || problems.length > 0 || uploading}
            data-testid="archive-upload-start"
          >
            {t('archiveUi.upload.start')}
          </Button>
          <Button onClick={close}>{t('archiveUi.upload.cancel')}</Button>
        </div>
      </div>
    </Modal>
  );
}
