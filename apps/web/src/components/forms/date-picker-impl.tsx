import { DatePicker } from 'antd';

/** antd's DatePicker as its own chunk (components/forms/lazy-date-picker.tsx loads it). */
export default DatePicker;
