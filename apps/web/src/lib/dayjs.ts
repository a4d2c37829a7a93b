import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import 'dayjs/locale/en';
import updateLocale from 'dayjs/plugin/updateLocale';
import i18next from 'i18next';

dayjs.extend(updateLocale);

// dayjs' Arabic weekday names are too long for date-picker cells (STACK.md).
dayjs.updateLocale('ar', { weekdaysMin: ['ح', 'ن', 'ث', 'ر', 'خ', 'ج', 'س'] });

function follow(lang: string) {
  dayjs.locale(lang === 'en' ? 'en' : 'ar');
}
follow(i18next.language);
i18next.on('languageChanged', follow);

export default dayjs;
