import type { ButtonHTMLAttributes, ComponentProps, ReactNode } from 'react';
import { Link } from './link';
import { Spinner } from './spinner';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'default' | 'link';
  danger?: boolean;
  block?: boolean;
  /** Pending: the button shows a spinner and takes no click (one request at a time, SPEC §5). */
  loading?: boolean;
  icon?: ReactNode;
};

/** A plain button in the product's look. `type` is "button" unless it is the form's submit. */
export function Button({
  variant = 'default',
  danger = false,
  block = false,
  loading = false,
  icon,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: Props) {
  const classes = ['btn', `btn-${variant}`, danger && 'btn-danger', block && 'btn-block', className]
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <Spinner /> : icon}
      <span>{children}</span>
    </button>
  );
}

/**
 * A link in the look of a button, for a way to another page ("back home"): unlike a button it
 * opens in a new tab on a middle click and offers "open in new tab" and "copy link".
 */
export function ButtonLink({
  variant = 'default',
  block = false,
  className,
  ...rest
}: ComponentProps<typeof Link> & { variant?: 'primary' | 'default'; block?: boolean }) {
  const classes = ['btn', `btn-${variant}`, block && 'btn-block', className].filter(Boolean).join(' ');
  return <Link className={classes} {...rest} />;
}
