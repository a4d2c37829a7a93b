import { CloseOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { FILE_SIZE_LIMIT_BYTES } from '@portal/shared/constants';
import { Button } from 'antd';
import { lazy, type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize, isolated } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import './file-field.css';

/** What a file field accepts. The server checks the bytes again (DESIGN §4: type by content). */
export type FileRule = {
  /** Extensions without the dot, lower case: ['jpg', 'jpeg', 'png']. */
  extensions: readonly string[];
  /** MIME types the browser may report: ['image/jpeg', 'image/png']. A file with none is judged by its name. */
  mimeTypes: readonly string[];
  /** Largest size in bytes; default FILE_SIZE_LIMIT_BYTES (512 KB, SPEC §9). */
  maxBytes?: number;
  /**
   * Catalogue keys that replace the generic messages (e.g. the photo's own). A size message
   * names the file refused and the limit: it takes {{name}} and {{size}}.
   */
  messages?: { type?: string; size?: string };
};

export type FileProblem = { key: string; params: Record<string, string> };

/** Why a file is refused (a translatable key and its parameters), or null when it is acceptable. */
export function fileProblem(
  file: Pick<File, 'name' | 'size' | 'type'>,
  rule: FileRule,
  lang = currentLanguage(),
): FileProblem | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop()?.toLowerCase() ?? '') : '';
  const typeOk = file.type === '' || rule.mimeTypes.includes(file.type);
  if (!rule.extensions.includes(extension) || !typeOk) {
    return { key: rule.messages?.type ?? 'files.type', params: { types: rule.extensions.join(', ') } };
  }
  const max = rule.maxBytes ?? FILE_SIZE_LIMIT_BYTES;
  if (file.size > max) {
    return {
      key: rule.messages?.size ?? 'files.too_large',
      params: { name: isolated(file.name), size: formatFileSize(max, lang) },
    };
  }
  return null;
}

/** The `accept` attribute of a rule: extensions and MIME types, so the picker offers the right files. */
export function acceptOf(rule: FileRule): string {
  return [...rule.extensions.map((e) => `.${e}`), ...rule.mimeTypes].join(',');
}

type Props = FileRule & {
  /** The chosen file (a Form.Item passes value and onChange). */
  value?: File | null;
  onChange?: (file: File | null) => void;
  /** Upload progress (0–100) while the file is being sent; null or absent otherwise. */
  progress?: number | null;
  /** The choose button's text, translated; default "Choose a file". */
  chooseLabel?: string;
  /** Shown beside the button: what the field wants. */
  hint?: ReactNode;
  /** Shown before the button: a preview of the chosen or current file (the photo picker's avatar). */
  preview?: ReactNode;
  /** Hide the chosen file's name (when the preview shows it). */
  hideName?: boolean;
  disabled?: boolean;
  testId?: string;
  id?: string;
};

/** antd's progress bar shows only while a file is sent: it is downloaded then, not with the form (DESIGN §5). */
const Progress = lazy(() => import('antd/es/progress'));

/**
 * A file input for forms (photo, request attachments, imports): accepted types by extension
 * and MIME type, a size limit, the refusal said under the field in the UI language, and the
 * upload's progress in percent while it is sent (apiUpload's onProgress).
 */
export function FileField(props: Props) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const uploading = typeof props.progress === 'number';
  return (
    <div className="file-field" data-testid={props.testId}>
      {props.preview}
      <div className="file-field-body">
        <div className="file-field-actions">
          {/* A plain file input behind the button: antd's Upload would add 10 KB to every form with a file. */}
          <input
            ref={input}
            type="file"
            hidden
            accept={acceptOf(props)}
            disabled={props.disabled || uploading}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Emptied, so picking the same file again (after removing it) is seen as a change.
              event.target.value = '';
              if (!file) return;
              const found = fileProblem(file, props, lang);
              setProblem(found);
              // Never uploaded on pick: the form sends it when it saves.
              if (!found) props.onChange?.(file);
            }}
          />
          <Button
            id={props.id}
            icon={<UploadOutlined />}
            disabled={props.disabled || uploading}
            aria-describedby={problem ? errorId : undefined}
            data-testid={props.testId ? `${props.testId}-choose` : undefined}
            onClick={() => input.current?.click()}
          >
            {props.chooseLabel ?? t('files.choose')}
          </Button>
          {props.value && !uploading && (
            <Button
              type="text"
              icon={<CloseOutlined />}
              onClick={() => {
                setProblem(null);
                props.onChange?.(null);
              }}
              disabled={props.disabled}
            >
              {t('files.remove')}
            </Button>
          )}
        </div>
        {props.value && !props.hideName && (
          <span className="file-field-name">
            <PaperClipOutlined /> <bdi>{props.value.name}</bdi>
          </span>
        )}
        {props.hint && <span className="muted file-field-hint">{props.hint}</span>}
        {uploading && (
          <div className="file-field-progress">
            <Suspense
              fallback={<span className="muted">{t('files.uploading', { percent: `${props.progress}%` })}</span>}
            >
              <Progress
                percent={props.progress ?? 0}
                size="small"
                format={() => t('files.uploading', { percent: `${props.progress}%` })}
                aria-label={t('files.upload_progress')}
              />
            </Suspense>
          </div>
        )}
        {problem && (
          <span id={errorId} role="alert" className="file-field-error">
            {t(problem.key, problem.params)}
          </span>
        )}
      </div>
    </div>
  );
}
