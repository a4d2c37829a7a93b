import { CheckOutlined, FileSearchOutlined } from '@ant-design/icons';
import { DAYS_IMPORT_MAX_BYTES, type TAssociation, type TDaysImportResult } from '@portal/shared/schemas/associations';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileField, type FileRule } from '../../../components/forms/file-field';
import { Panel } from '../../../components/layout/panel';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatFileSize, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { usePendingGuard } from '../../../lib/pending-guard';
import { useImportDays } from '../api/associations-api';
import './associations.css';

/** A days file: CSV or XLSX, 2 MB at most (the server checks the bytes again). */
export const DAYS_FILE_RULE: FileRule = {
  extensions: ['csv', 'xlsx'],
  mimeTypes: [
    'text/csv',
    'application/csv',
    // What Windows browsers report for a .csv when Excel is installed.
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ],
  maxBytes: DAYS_IMPORT_MAX_BYTES,
};

/** Where the import stands: nothing checked yet, checked (a preview), refused (bad rows or file), or applied. */
type Outcome =
  | { kind: 'preview'; result: TDaysImportResult }
  | { kind: 'applied'; result: TDaysImportResult }
  | { kind: 'refused'; message: string; problems: string[] };

/** A day as the file and the server's refusals write it: yyyy-mm-dd, in either digit system. */
const ISO_DAY = /([0-9\u0660-\u0669]{4}-[0-9\u0660-\u0669]{2}-[0-9\u0660-\u0669]{2})/;

/**
 * A refusal's text with each ISO date isolated left to right (issue 22 item 8): in an Arabic line
 * "(2026-01-10 – 2029-04-24)" came out scrambled, the date's hyphens and the range's dash taken
 * into the right-to-left flow.
 */
export function WithIsolatedDates({ text }: { text: string }) {
  return (
    <>
      {text.split(ISO_DAY).map((part, i) =>
        // split with a capturing group: the dates are the odd parts.
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered.
          <bdi key={i} dir="ltr" className="days-import-date">
            {part}
          </bdi>
        ) : (
          part
        ),
      )}
    </>
  );
}

function refusalOf(error: unknown, fallback: string): Outcome {
  if (error instanceof ApiError) {
    return {
      kind: 'refused',
      message: error.message || fallback,
      problems: error.errors.map((e) => e.title).filter(Boolean),
    };
  }
  return { kind: 'refused', message: fallback, problems: [] };
}

/**
 * The days import of an association (SPEC §2 days-import; DESIGN §2 "Turn days"): a CSV or XLSX
 * file with the columns day_number and date is first checked (a preview: apply=false) and every
 * bad row is named; it can be applied only once the same file checked clean, and the result says
 * how many days changed. The upload's progress shows while the file is sent.
 */
export function DaysImport({ association }: { association: TAssociation }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const importDays = useImportDays();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const send = usePendingGuard(async (apply: boolean) => {
    if (!file) return;
    try {
      const result = await importDays.mutateAsync({
        associationId: association.id,
        file,
        apply,
        onProgress: setProgress,
      });
      setOutcome({ kind: apply ? 'applied' : 'preview', result });
      if (apply) setFile(null);
    } catch (error) {
      setOutcome(refusalOf(error, t('common.check_connection')));
    } finally {
      setProgress(null);
    }
  });

  const checkedClean = outcome?.kind === 'preview';
  return (
    <Panel testId="days-import" title={t('associationsUi.import.title', { title: association.title })}>
      <div className="days-import">
        <p>{t('associationsUi.import.intro')}</p>
        <ul className="days-import-rules">
          <li>
            {t('associationsUi.import.rule_columns')} <code dir="ltr">day_number,date</code>
          </li>
          <li>
            {t('associationsUi.import.rule_dates', {
              from: formatDate(association.from_date, lang),
              to: formatDate(association.to_date, lang),
            })}
          </li>
          <li>{t('associationsUi.import.rule_held')}</li>
          <li>{t('associationsUi.import.rule_size', { size: formatFileSize(DAYS_IMPORT_MAX_BYTES, lang) })}</li>
        </ul>
        <h3 className="days-import-label">{t('associationsUi.import.file')}</h3>
        <FileField
          {...DAYS_FILE_RULE}
          value={file}
          onChange={(next) => {
            setFile(next);
            // A new file has not been checked: nothing may be applied from the last check.
            setOutcome(null);
          }}
          progress={progress}
          chooseLabel={t('associationsUi.import.choose')}
          testId="days-file"
        />
        <div className="form-actions">
          <Button
            icon={<FileSearchOutlined />}
            disabled={!file || send.pending}
            loading={send.pending && !checkedClean}
            onClick={() => void send.run(false)}
            data-testid="days-import-check"
          >
            {t('associationsUi.import.check')}
          </Button>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={!file || !checkedClean || send.pending}
            loading={send.pending && checkedClean}
            onClick={() => void send.run(true)}
            data-testid="days-import-apply"
          >
            {t('associationsUi.import.apply')}
          </Button>
          <Link to={paths.association(association.id)}>
            <Button tabIndex={-1}>{t('associationsUi.import.back')}</Button>
          </Link>
        </div>
        <div aria-live="polite">
          {outcome?.kind === 'preview' && (
            <Alert
              type="success"
              showIcon
              data-testid="days-import-preview"
              title={t('associationsUi.import.preview_ok', {
                count: outcome.result.rows,
                rows: formatNumber(outcome.result.rows, lang),
              })}
              description={t('associationsUi.import.preview_changes', {
                count: outcome.result.changed,
                formatted: formatNumber(outcome.result.changed, lang),
              })}
            />
          )}
          {outcome?.kind === 'applied' && (
            <Alert
              type="success"
              showIcon
              data-testid="days-import-result"
              title={t('associationsUi.import.applied', {
                count: outcome.result.changed,
                formatted: formatNumber(outcome.result.changed, lang),
              })}
              action={
                <Link to={`${paths.association(association.id)}?tab=days`}>
                  <Button size="small" tabIndex={-1}>
                    {t('associationsUi.import.see_days')}
                  </Button>
                </Link>
              }
            />
          )}
          {outcome?.kind === 'refused' && (
            <Alert
              type="error"
              showIcon
              data-testid="days-import-errors"
              title={<WithIsolatedDates text={outcome.message} />}
              description={
                outcome.problems.length > 0 ? (
                  <>
                    <p className="days-import-count">
                      {t('associationsUi.import.bad_rows', {
                        count: outcome.problems.length,
                        formatted: formatNumber(outcome.problems.length, lang),
                      })}
                    </p>
                    {/* A long list scrolls: a keyboard reaches it, and it says what it holds (axe scrollable-region-focusable). */}
                    <section
                      className="days-import-problems-scroll"
                      aria-label={t('associationsUi.import.problems_label')}
                      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is reached by keyboard (WCAG 2.1.1).
                      tabIndex={0}
                      data-testid="days-import-problems"
                    >
                      <ol className="days-import-problems">
                        {outcome.problems.map((problem) => (
                          <li key={problem}>
                            <WithIsolatedDates text={problem} />
                          </li>
                        ))}
                      </ol>
                    </section>
                  </>
                ) : undefined
              }
            />
          )}
        </div>
      </div>
    </Panel>
  );
}
