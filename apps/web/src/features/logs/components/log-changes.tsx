import type { Locale } from '@portal/shared/constants';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

type Values = Record<string, unknown>;

/** A record as the trigger stored it: an object of columns, or nothing. */
function asRecord(value: unknown): Values | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export type FieldChange = { field: string; old: unknown; new: unknown; changed: boolean };

/**
 * Field by field, what an entry changed: every column of the old and the new record, in the
 * order they were stored, each marked changed or not. A creation has only new values, a deletion
 * only old ones; a value that is not a record (rare) is one row named "value".
 */
export function diffValues(oldValue: unknown, newValue: unknown): FieldChange[] {
  const before = asRecord(oldValue);
  const after = asRecord(newValue);
  if (!before && !after) {
    if (oldValue == null && newValue == null) return [];
    return [{ field: 'value', old: oldValue, new: newValue, changed: !same(oldValue, newValue) }];
  }
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const old = before?.[field];
    const next = after?.[field];
    return { field, old, new: next, changed: !same(old, next) };
  });
}

const MOMENT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A stored value as people read it: dates in Cairo time and the UI language, yes/no, empty. */
function ValueText({ value, lang }: { value: unknown; lang: Locale }): ReactNode {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') {
    return <span className="log-empty">{t('logs.empty_value')}</span>;
  }
  if (typeof value === 'boolean') return t(value ? 'logs.yes' : 'logs.no');
  if (typeof value === 'string') {
    if (MOMENT.test(value)) return <span title={value}>{formatDateTime(value, lang)}</span>;
    if (DAY.test(value)) return <span title={value}>{formatDate(value, lang)}</span>;
    return <bdi>{value}</bdi>;
  }
  if (typeof value === 'number') return <bdi dir="ltr">{String(value)}</bdi>;
  return (
    <code dir="ltr" className="log-json">
      {JSON.stringify(value)}
    </code>
  );
}

/**
 * What an audit entry changed (issue 9 item 10): a table of field, old value and new value —
 * the changed fields, and the unchanged ones on request — instead of two blocks of raw JSON.
 */
export function LogChanges({ oldValue, newValue }: { oldValue: unknown; newValue: unknown }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage();
  const [showUnchanged, setShowUnchanged] = useState(false);
  const all = diffValues(oldValue, newValue);
  const unchanged = all.filter((c) => !c.changed).length;
  const shown = showUnchanged ? all : all.filter((c) => c.changed);
  const fieldLabel = (field: string) => {
    const key = `logs.fields.${field}`;
    return i18n.exists(key) ? t(key) : field;
  };

  return (
    <div className="log-changes">
      {shown.length === 0 ? (
        <p className="log-empty">{t('logs.no_changes')}</p>
      ) : (
        <div className="log-changes-scroll">
          <table className="log-changes-table" data-testid="log-changes">
            <caption className="visually-hidden">{t('logs.changes')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('logs.field')}</th>
                <th scope="col">{t('logs.old_value')}</th>
                <th scope="col">{t('logs.new_value')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((change) => (
                <tr key={change.field} className={change.changed ? 'is-changed' : undefined}>
                  <th scope="row" title={change.field}>
                    {fieldLabel(change.field)}
                  </th>
                  <td className="log-old">
                    <ValueText value={change.old} lang={lang} />
                  </td>
                  <td className="log-new">
                    <ValueText value={change.new} lang={lang} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {unchanged > 0 && (
        <Button type="link" className="log-toggle" onClick={() => setShowUnchanged((v) => !v)}>
          {showUnchanged ? t('logs.hide_unchanged') : t('logs.show_unchanged', { count: unchanged })}
        </Button>
      )}
    </div>
  );
}
