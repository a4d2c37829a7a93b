import type { TAvailableDays } from '@portal/shared/schemas/members';
import { toLatinDigits } from '@portal/shared/text';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { dayText } from './day-text';

type Day = TAvailableDays['days'][number];
type Option = { value: number; label: string; search: string };

type Props = {
  id?: string;
  days: readonly Day[];
  loading?: boolean;
  value?: number;
  onChange?: (day: number) => void;
  placeholder: string;
  disabled?: boolean;
  /** What an empty list says (no free day, still loading, …). */
  notFoundContent?: string;
  /** A day as the list shows it (default: the members' "day 15 — 12 Mar 2026"), in the screen's own texts. */
  labelOf?: (day: Day) => string;
  testId?: string;
};

/**
 * Typing a number finds days by their number ("2" → 2, 20–29, 200–299, in date order, so Enter
 * takes day 2); typing words finds them by their date as shown ("مايو", "May").
 */
export function matchesDay(input: string, option: Pick<Option, 'value' | 'search'>): boolean {
  const typed = toLatinDigits(input).trim().toLowerCase();
  if (typed === '') return true;
  if (/^\d+$/.test(typed)) return String(option.value).startsWith(typed);
  return option.search.toLowerCase().includes(typed);
}

/**
 * A free turn day to take or move to: "day 15 — 12 Mar 2026", in date order. Up to 1,200 days, so
 * the list is virtual and typing filters it (matchesDay), in either digit system (GLOSSARY
 * "Digits": inputs accept both).
 */
export function DaySelect({
  id,
  days,
  loading,
  value,
  onChange,
  placeholder,
  disabled,
  notFoundContent,
  labelOf,
  testId,
}: Props) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const options: Option[] = days.map((day) => {
    const label = labelOf ? labelOf(day) : dayText(t, day, lang);
    return { value: day.day_number, label, search: `${toLatinDigits(label)} ${day.date}` };
  });
  return (
    <Select<number, Option>
      id={id}
      className="full-width"
      value={value}
      onChange={(next) => onChange?.(next)}
      options={options}
      loading={loading}
      disabled={disabled}
      notFoundContent={notFoundContent}
      placeholder={placeholder}
      showSearch={{ filterOption: (input, option) => (option ? matchesDay(input, option) : false) }}
      data-testid={testId}
    />
  );
}
