import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjsOfDay, dayOfDayjs } from '../../lib/clock';

type Props = {
  id: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (patch: { from_date?: string; to_date?: string }) => void;
};

/**
 * The from/to date filter (from_date / to_date, calendar days). Its own module: antd's date picker
 * (rc-picker and dayjs' locales) downloads only when a list's filter panel is opened.
 */
export default function DateRangeFilter({ id, from, to, onChange }: Props) {
  const { t } = useTranslation();
  // Days in the URL are calendar days (yyyy-mm-dd); the picker shows the same dates in any machine zone.
  return (
    <DatePicker.RangePicker
      id={{ start: id, end: `${id}-to` }}
      className="dt-date-range"
      placeholder={[t('table.from_date'), t('table.to_date')]}
      value={[from ? dayjsOfDay(from) : null, to ? dayjsOfDay(to) : null]}
      allowEmpty={[true, true]}
      onChange={(range) =>
        onChange({
          from_date: range?.[0] ? dayOfDayjs(range[0]) : undefined,
          to_date: range?.[1] ? dayOfDayjs(range[1]) : undefined,
        })
      }
    />
  );
}
