import arDatePicker from 'antd/es/date-picker/locale/ar_EG';
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import 'dayjs/locale/en';
import preParsePostFormat from 'dayjs/plugin/preParsePostFormat';
import updateLocale from 'dayjs/plugin/updateLocale';
import i18next from 'i18next';
import { localizeDigits } from './digits';

dayjs.extend(updateLocale);
// Applies the locale's preparse/postformat: dates written in Arabic follow the digit choice (below),
// and Arabic-Indic digits typed into a picker are read.
dayjs.extend(preParsePostFormat);

/**
 * Short Arabic weekday names for the date pickers' headers: one letter each, as Arabic calendars
 * print them (أحد ح، إثنين ن، ثلاثاء ث، أربعاء ر، خميس خ، جمعة ج، سبت س).
 *
 * antd 6's DatePicker (rc-picker's DatePanel) takes the header names from its own locale,
 * `locale.lang.shortWeekDays`, and falls back to dayjs' `weekdaysMin` only when that is absent;
 * antd's ar_EG locale sets it to the full names ("الخميس", "الجمعة"), which overlap in the 36 px
 * columns. So both are set: the picker locale (the same object antd's ar_EG locale and the
 * Calendar's use, whoever passes it to ConfigProvider) and dayjs' weekdaysMin.
 */
export const AR_WEEKDAYS_MIN = ['ح', 'ن', 'ث', 'ر', 'خ', 'ج', 'س'];
arDatePicker.lang.shortWeekDays = AR_WEEKDAYS_MIN;

dayjs.updateLocale('ar', {
  weekdaysMin: AR_WEEKDAYS_MIN,
  // Dates written by dayjs (the pickers' input and day cells) show the digits the app shows
  // (lib/digits.ts), not always Arabic-Indic as dayjs' Arabic locale does; the Arabic comma stays.
  postformat: (text: string) => localizeDigits(text, 'ar').replace(/,/g, '،'),
});

function follow(lang: string) {
  dayjs.locale(lang === 'en' ? 'en' : 'ar');
}
follow(i18next.language);
i18next.on('languageChanged', follow);

export default dayjs;

/**
 * A date picker's format: shown like lib/format.ts `formatDate` shows a day in that language
 * ("15 مايو 1990", "May 15, 1990"), so a form shows a date as the profile does; the others are
 * accepted when typed.
 */
export function datePickerFormat(lang: 'ar' | 'en'): string[] {
  return [lang === 'en' ? 'MMM D, YYYY' : 'D MMM YYYY', 'YYYY-MM-DD', 'D/M/YYYY', 'DD/MM/YYYY'];
}
