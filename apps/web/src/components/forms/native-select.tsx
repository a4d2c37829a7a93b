import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './native-select.css';

export type NativeOption<V extends string | number> = { value: V; label: string };

type Props<V extends string | number> = {
  /** Form.Item gives id, value and onChange. */
  id?: string;
  value?: V | null;
  onChange?: (value: V | undefined) => void;
  options: readonly NativeOption<V>[];
  /** The empty choice's text; by default "Choose…". Always offered, so a choice can be undone. */
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
  'aria-required'?: boolean;
  'aria-invalid'?: boolean;
};

/**
 * A choice among a few known options as the browser's own <select>, for the forms of the first
 * load budget (DESIGN §5): antd's Select brings 22 KB gzip with its virtual list. On phones the
 * system picker opens, which people know. Values keep their type (a lookup id stays a number).
 */
export function NativeSelect<V extends string | number>(props: Props<V>) {
  const { t } = useTranslation();
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const picked = props.options.find((o) => String(o.value) === event.target.value);
    props.onChange?.(picked?.value);
  };
  return (
    <select
      id={props.id}
      className="native-select"
      value={props.value === undefined || props.value === null ? '' : String(props.value)}
      onChange={onChange}
      disabled={props.disabled}
      data-testid={props.testId}
      aria-required={props['aria-required']}
      aria-invalid={props['aria-invalid']}
    >
      <option value="">{props.placeholder ?? t('common.choose')}</option>
      {props.options.map((o) => (
        <option key={String(o.value)} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
