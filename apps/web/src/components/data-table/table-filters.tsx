import { DatePicker, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import '../../lib/dayjs';

/** A list filter: free text, a choice, or a from/to date range (the from_date / to_date query fields). */
export type FilterDef =
  | { kind: 'text'; name: string; label: string }
  | { kind: 'select'; name: string; label: string; options: { value: string; label: string }[] }
  | { kind: 'dateRange'; label: string };

export const DATE_RANGE_FIELDS = ['from_date', 'to_date'] as const;

export function filterNamesOf(defs: FilterDef[]): string[] {
  return defs.flatMap((d) => (d.kind === 'dateRange' ? [...DATE_RANGE_FIELDS] : [d.name]));
}

type Props = {
  defs: FilterDef[];
  values: Record<string, string>;
  onChange: (patch: Record<string, string | undefined>) => void;
};

export function TableFilters({ defs, values, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {defs.map((def) => {
        if (def.kind === 'text') {
          return (
            <Input.Search
              key={def.name}
              className="table-filter"
              placeholder={t(def.label)}
              aria-label={t(def.label)}
              defaultValue={values[def.name]}
              allowClear
              onSearch={(value) => onChange({ [def.name]: value.trim() || undefined })}
            />
          );
        }
        if (def.kind === 'select') {
          return (
            <Select
              key={def.name}
              className="table-filter"
              placeholder={t(def.label)}
              aria-label={t(def.label)}
              value={values[def.name]}
              allowClear
              options={def.options.map((o) => ({ value: o.value, label: t(o.label) }))}
              onChange={(value: string | undefined) => onChange({ [def.name]: value })}
            />
          );
        }
        const from = values.from_date ? dayjs(values.from_date) : null;
        const to = values.to_date ? dayjs(values.to_date) : null;
        return (
          <DatePicker.RangePicker
            key="dateRange"
            className="table-filter table-filter-dates"
            aria-label={t(def.label)}
            placeholder={[t('table.from_date'), t('table.to_date')]}
            value={[from, to]}
            allowEmpty={[true, true]}
            onChange={(range) =>
              onChange({
                from_date: range?.[0]?.format('YYYY-MM-DD'),
                to_date: range?.[1]?.format('YYYY-MM-DD'),
              })
            }
          />
        );
      })}
    </>
  );
}
