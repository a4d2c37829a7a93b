import { codesOf, isUserColumn } from '@portal/shared/audit-fields';
import type { Locale } from '@portal/shared/constants';
import type { TLogPerson } from '@portal/shared/schemas/logs';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate, formatDateTime, formatFileSize, formatId, formatMoneyFromPiastres } from '../../../lib/format';
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

/** Which record and column a value belongs to, and the people the entry names (GET /logs/{id}). */
type ValueContext = { entity: string | null; field: string; people: ReadonlyMap<number, string> };

/**
 * A stored value as people read it (issue 22 item 7): a user's id as their name, linked to their
 * record; a code (a status, a type) as its label; piastres as money; a size as a size; dates in
 * Cairo time and the UI language; yes/no; empty.
 */
function ValueText({ value, lang, context }: { value: unknown; lang: Locale; context: ValueContext }): ReactNode {
  const { t, i18n } = useTranslation();
  if (value === null || value === undefined || value === '') {
    return <span className="log-empty">{t('logs.empty_value')}</span>;
  }
  const { entity, field, people } = context;
  if (typeof value === 'number' && Number.isInteger(value) && isUserColumn(field)) {
    const name = people.get(value);
    return (
      <Link to={paths.user(value)} data-testid="log-person">
        {name ? <bdi>{name}</bdi> : `#${formatId(value, lang)}`}
      </Link>
    );
  }
  if (entity && (typeof value === 'string' || typeof value === 'number') && codesOf(entity, field)?.includes(value)) {
    const key = `logs.values.${entity}.${field}.${value}`;
    if (i18n.exists(key)) return <span title={String(value)}>{t(key)}</span>;
  }
  if (typeof value === 'number' && field.endsWith('_piastres')) {
    return <bdi>{formatMoneyFromPiastres(value, lang)}</bdi>;
  }
  if (typeof value === 'number' && (field === 'size' || field === 'file_size')) {
    return <bdi>{formatFileSize(value, lang)}</bdi>;
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
export function LogChanges({
  oldValue,
  newValue,
  entity = null,
  people = [],
}: {
  oldValue: unknown;
  newValue: unknown;
  /** The audited table: its codes' labels (statuses, types) depend on it. */
  entity?: string | null;
  /** The users the values name by id, with their names. */
  people?: readonly TLogPerson[];
}) {
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
  const named = new Map(people.map((p) => [p.id, p.name]));
  const contextOf = (field: string): ValueContext => ({ entity, field, people: named });

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
                    <ValueText value={change.old} lang={lang} context={contextOf(change.field)} />
                  </td>
                  <td className="log-new">
                    <ValueText value={change.new} lang={lang} context={contextOf(change.field)} />
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
