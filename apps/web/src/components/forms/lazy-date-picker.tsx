import type { DatePickerProps } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';

// antd's picker is generic over its value; forms use it with Dayjs only (DatePickerProps).
const DatePicker = lazy(() =>
  import('./date-picker-impl').then((m) => ({ default: m.default as ComponentType<DatePickerProps> })),
);

/**
 * antd's DatePicker, downloaded once a form that has one is on screen (about 31 KB gzip with its
 * calendar and dayjs locale glue): forms stay within the 350 KB first-load budget (DESIGN §5).
 * Until it arrives a read-only field of the same size holds its place, so nothing moves. Used
 * inside Form.Item like the picker itself: value and onChange pass straight through.
 */
export function LazyDatePicker(props: DatePickerProps) {
  return (
    <Suspense
      fallback={
        <input
          className={`ant-input ant-input-outlined date-picker-placeholder ${props.className ?? ''}`}
          readOnly
          aria-busy="true"
          aria-label={typeof props.placeholder === 'string' ? props.placeholder : undefined}
          placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined}
          id={props.id}
        />
      }
    >
      <DatePicker {...props} />
    </Suspense>
  );
}
