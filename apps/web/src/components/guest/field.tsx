import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
  /** Also the input's id (the label's target and the e2e tests' selector). */
  name: string;
  label: string;
  /** The field's error, said under it and tied to the input (aria-invalid, aria-describedby). */
  error?: string | null;
  /** A help line under the field; hidden while an error says the same rule. */
  hint?: string;
  icon?: ReactNode;
  /** Something after the input, inside its frame (the show-password button). */
  addon?: ReactNode;
  /** The label is read by screen readers only (a search box whose placeholder says the same). */
  hideLabel?: boolean;
  className?: string;
};

/** A labelled text input with its error and hint, as plain accessible HTML. */
export function Field({ name, label, error, hint, icon, addon, hideLabel, className, ...input }: FieldProps) {
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  const showHint = Boolean(hint) && !error;
  const describedBy = [error ? errorId : null, showHint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field-invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className={hideLabel ? 'visually-hidden' : 'field-label'} htmlFor={name}>
        {label}
      </label>
      <div className="field-control">
        {icon && <span className="field-icon">{icon}</span>}
        <input
          id={name}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {addon}
      </div>
      {showHint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A password field with a button that shows or hides what was typed. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'addon'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      dir="ltr"
      spellCheck={false}
      autoCapitalize="off"
      addon={
        <button
          type="button"
          className="field-addon"
          aria-label={t(visible ? 'auth.hide_password' : 'auth.show_password')}
          aria-pressed={visible}
          aria-controls={props.name}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> & {
  name: string;
  label: string;
  error?: string | null;
  hint?: string;
};

/** A labelled multi-line text (a message), with its error and a count of what is left when it has a limit. */
export function TextAreaField({ name, label, error, hint, maxLength, value, ...textarea }: TextAreaFieldProps) {
  const { t } = useTranslation();
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  const showHint = Boolean(hint) && !error;
  const describedBy = [error ? errorId : null, showHint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const length = typeof value === 'string' ? value.length : 0;
  return (
    <div className={['field', error ? 'field-invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={name}>
        {label}
      </label>
      <div className="field-control field-control-textarea">
        <textarea
          id={name}
          name={name}
          value={value}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...textarea}
        />
      </div>
      {maxLength !== undefined && (
        <p className="field-count" aria-hidden="true">
          {t('common.characters_count', { count: length, max: maxLength })}
        </p>
      )}
      {showHint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The form's field errors said at once (issue 22 item 15). Each error is tied to its field
 * (aria-describedby), which a screen reader reads only when the field is reached; this live region,
 * out of sight (the errors show under their fields), says them as they appear, each after its
 * field's label. It is always in the page, so the change of its text is what is announced.
 */
export function ErrorSummary({
  errors,
  labels,
}: {
  errors: Readonly<Record<string, string | undefined>>;
  /** Each field's label, in the form's order. */
  labels: Readonly<Record<string, string>>;
}) {
  const shown = Object.entries(labels).flatMap(([field, label]) => {
    const error = errors[field];
    return error ? [`${label}: ${error}`] : [];
  });
  return (
    <div className="visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="form-error-summary">
      {shown.length > 0 && (
        <ul>
          {shown.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
