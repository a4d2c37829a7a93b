import type { TCustomerRequestDetail } from '@portal/shared/schemas/customer-requests-api';
import {
  EXTRA_FILE_MAX_BYTES,
  FILE_EXTENSIONS,
  listTitle,
  MAIN_DOCUMENT_MAX_BYTES,
  type MainDocument,
} from '@portal/shared/schemas/customer-requests-rules';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileField, type FileRule } from '../../../components/forms/file-field';
import { Panel } from '../../../components/layout/panel';
import { formatFileSize } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

const MAIN_RULE: FileRule = {
  extensions: FILE_EXTENSIONS.main,
  mimeTypes: ['application/pdf', 'image/png', 'image/jpeg'],
  maxBytes: MAIN_DOCUMENT_MAX_BYTES,
};
const PDF_RULE: FileRule = {
  extensions: FILE_EXTENSIONS.signedContract,
  mimeTypes: ['application/pdf'],
  maxBytes: EXTRA_FILE_MAX_BYTES,
  // Too large: the field's generic message, which names the file and the limit.
  messages: { type: 'requests.validation.file_type_size' },
};
const ADDITIONAL_RULE: FileRule = {
  extensions: FILE_EXTENSIONS.additionalFile,
  mimeTypes: ['application/pdf', 'image/png', 'image/jpeg'],
  maxBytes: EXTRA_FILE_MAX_BYTES,
  messages: { type: 'requests.validation.file_type_size' },
};

/**
 * The request form's documents (SPEC §3, §5): the main documents the choices require (marked
 * required unless one is stored), the signed contract and the investment file (pdf), and any
 * number of additional files, each checked in the browser by type and size before it is taken.
 * The files travel with the form's save (request-form.tsx).
 */
export function RequestFormDocuments({
  request,
  shown,
  required,
  additional,
  onAdd,
}: {
  request?: TCustomerRequestDetail;
  shown: readonly MainDocument[];
  required: ReadonlySet<string>;
  additional: readonly File[];
  onAdd: (file: File) => void;
}) {
  const { t } = useTranslation();
  const stored = new Map((request?.files.main_files ?? []).map((f) => [f.content_type, f.document]));
  const documentLabel = (d: string) => t(`requestsDetail.documents.types.${d}`);
  const lang = currentLanguage();
  const pdfHint = t('requestsForm.pdf_hint', { size: formatFileSize(EXTRA_FILE_MAX_BYTES, lang) });
  return (
    <Panel title={t('requestsDetail.sections.documents')} className="request-form-documents">
      {shown.map((document) => {
        const current = stored.get(document);
        return (
          <Form.Item
            key={document}
            name={document}
            label={documentLabel(document)}
            required={required.has(document) && !current}
            extra={
              current
                ? t('requestsForm.stored', {
                    title: listTitle(current.title),
                    size: formatFileSize(current.size, lang),
                  })
                : undefined
            }
          >
            <FileField
              {...MAIN_RULE}
              testId={`file-${document}`}
              hint={t('requestsForm.main_hint', { size: formatFileSize(MAIN_DOCUMENT_MAX_BYTES, lang) })}
            />
          </Form.Item>
        );
      })}
      <Form.Item name="signedContract" label={documentLabel('signedContract')}>
        <FileField {...PDF_RULE} testId="file-signedContract" hint={pdfHint} />
      </Form.Item>
      <Form.Item name="investment" label={documentLabel('investment')}>
        <FileField {...PDF_RULE} testId="file-investment" hint={pdfHint} />
      </Form.Item>
      <Form.Item label={t('requestsForm.additional')}>
        <ul className="request-form-additional">
          {(request?.files.additional_files ?? []).map((f) => (
            <li key={`stored-${f.document.id}`} title={f.document.title}>
              <bdi>{listTitle(f.document.title)}</bdi>
            </li>
          ))}
          {additional.map((file) => (
            <li key={`new-${file.name}-${file.size}-${file.lastModified}`} title={file.name}>
              <bdi>{listTitle(file.name)}</bdi>
            </li>
          ))}
        </ul>
        <FileField
          {...ADDITIONAL_RULE}
          value={null}
          onChange={(file) => file && onAdd(file)}
          chooseLabel={t('requestsForm.add_file')}
          hint={t('requestsForm.additional_hint', { size: formatFileSize(EXTRA_FILE_MAX_BYTES, lang) })}
          testId="file-additionalFile"
        />
      </Form.Item>
    </Panel>
  );
}
