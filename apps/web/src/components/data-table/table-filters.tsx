import { Button } from 'antd';
import { type FormEvent, lazy, type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A choice of a select filter: its value and the catalogue key of its label. */
export type FilterOption = { value: string; label: string };
/** Choices under a heading (an <optgroup>), e.g. the audit actions of one kind of record. */
export type FilterOptionGroup = { label: string; options: FilterOption[] };

/** What a custom filter field gets: the id its label points at, its value in the URL, and how to change it. */
export type CustomFilterField = {
  id: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
};

/**
 * A list filter: free text, a choice, a flag (a checkbox sending `value`, 'true' by default), a
 * from/to date range (the from_date / to_date query fields), or a field the list draws itself
 * (`custom`: a choice among records loaded from the server, e.g. an association or a member,
 * applied at once like a select). Labels are catalogue keys, shown above each field (issue 9
 * item 20: a filter is never named by its placeholder alone).
 */
export type FilterDef =
  /** `dir: 'ltr'`: a value typed left to right whatever the language (an email, a phone, a link, a code). */
  | { kind: 'text'; name: string; label: string; dir?: 'ltr' }
  | { kind: 'select'; name: string; label: string; options: FilterOption[] | FilterOptionGroup[] }
  | { kind: 'checkbox'; name: string; label: string; value?: string }
  | { kind: 'dateRange'; label: string }
  | { kind: 'custom'; name: string; label: string; render: (field: CustomFilterField) => ReactNode };

export const DATE_RANGE_FIELDS = ['from_date', 'to_date'] as const;

export function filterNamesOf(defs: readonly FilterDef[]): string[] {
  return defs.flatMap((d) => (d.kind === 'dateRange' ? [...DATE_RANGE_FIELDS] : [d.name]));
}

/** How many filters are set (a date range counts once). */
export function activeFilterCount(defs: readonly FilterDef[], values: Record<string, string>): number {
  return defs.filter((d) =>
    d.kind === 'dateRange' ? DATE_RANGE_FIELDS.some((name) => values[name]) : Boolean(values[d.name]),
  ).length;
}

/** The sort of a list shown as cards (phones), where no column header can be clicked. */
export type SortChoice = {
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
};

type Props = {
  id: string;
  defs: readonly FilterDef[];
  values: Record<string, string>;
  onChange: (patch: Record<string, string | undefined>) => void;
  sort?: SortChoice;
};

// antd's date picker (with dayjs' locales) arrives with the first panel that shows a date range.
const DateRangeFilter = lazy(() => import('./date-range-filter'));

function isGrouped(options: FilterOption[] | FilterOptionGroup[]): options is FilterOptionGroup[] {
  return options.length > 0 && 'options' in (options[0] as FilterOption | FilterOptionGroup);
}

/**
 * The filter panel of a list: every field labelled. Choices, flags and dates apply at once; text
 * fields when the panel is submitted (Enter in a field, or Apply).
 */
export function TableFilters({ id, defs, values, onChange, sort }: Props) {
  const { t } = useTranslation();
  const base = useId();
  const fieldId = (name: string) => `${base}-${name}`;
  const texts = defs.filter((d) => d.kind === 'text');

  const applyTexts = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const patch: Record<string, string | undefined> = {};
    for (const def of texts) patch[def.name] = String(form.get(def.name) ?? '').trim() || undefined;
    onChange(patch);
  };

  return (
    <form id={id} className="dt-filters" aria-label={t('table.filters')} onSubmit={applyTexts}>
      {defs.map((def) => {
        if (def.kind === 'text') {
          return (
            <div key={def.name} className="dt-field">
              <label htmlFor={fieldId(def.name)}>{t(def.label)}</label>
              <input
                id={fieldId(def.name)}
                name={def.name}
                type="search"
                className="dt-input"
                dir={def.dir}
                defaultValue={values[def.name] ?? ''}
                autoComplete="off"
              />
            </div>
          );
        }
        if (def.kind === 'select') {
          const option = (o: FilterOption) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          );
          return (
            <div key={def.name} className="dt-field">
              <label htmlFor={fieldId(def.name)}>{t(def.label)}</label>
              <select
                id={fieldId(def.name)}
                className="dt-input dt-select"
                value={values[def.name] ?? ''}
                onChange={(event) => onChange({ [def.name]: event.target.value || undefined })}
              >
                <option value="">{t('table.all')}</option>
                {isGrouped(def.options)
                  ? def.options.map((group) => (
                      <optgroup key={group.label} label={t(group.label)}>
                        {group.options.map(option)}
                      </optgroup>
                    ))
                  : def.options.map(option)}
              </select>
            </div>
          );
        }
        if (def.kind === 'custom') {
          return (
            <div key={def.name} className="dt-field">
              <label htmlFor={fieldId(def.name)}>{t(def.label)}</label>
              {def.render({
                id: fieldId(def.name),
                value: values[def.name],
                onChange: (value) => onChange({ [def.name]: value || undefined }),
              })}
            </div>
          );
        }
        if (def.kind === 'checkbox') {
          const on = def.value ?? 'true';
          return (
            <div key={def.name} className="dt-field dt-field-check">
              <input
                id={fieldId(def.name)}
                type="checkbox"
                className="dt-check"
                checked={values[def.name] === on}
                onChange={(event) => onChange({ [def.name]: event.target.checked ? on : undefined })}
              />
              <label htmlFor={fieldId(def.name)}>{t(def.label)}</label>
            </div>
          );
        }
        return (
          <div key="dateRange" className="dt-field dt-field-dates">
            <label htmlFor={fieldId('dates')}>{t(def.label)}</label>
            <Suspense fallback={<span className="dt-input dt-date-range dt-date-range-placeholder" />}>
              <DateRangeFilter
                id={fieldId('dates')}
                from={values.from_date}
                to={values.to_date}
                onChange={(patch) => onChange(patch)}
              />
            </Suspense>
          </div>
        );
      })}
      {sort && (
        <div className="dt-field">
          <label htmlFor={fieldId('sort')}>{t('table.sort_by')}</label>
          <select
            id={fieldId('sort')}
            className="dt-input dt-select"
            value={sort.value}
            onChange={(event) => sort.onChange(event.target.value)}
          >
            {sort.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      )}
      {texts.length > 0 && (
        <div className="dt-field dt-filter-apply">
          <Button htmlType="submit">{t('table.apply')}</Button>
        </div>
      )}
    </form>
  );
}
