import i18next from 'i18next';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { takeHeldSubmit } from '../../lib/hydration';
import { toastApiError } from '../../lib/toast';

/** One translated message per field. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Runs a shared schema (packages/shared) over the form's values and keeps the
 * first issue of each field, translated: the form refuses exactly what the
 * server refuses, in the same words.
 */
export function schemaErrors<F extends string>(
  result: z.ZodSafeParseResult<unknown>,
  fields: readonly F[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as F;
    if (fields.includes(field) && errors[field] === undefined) errors[field] = i18next.t(issue.message);
  }
  return errors;
}

/**
 * The server's per-field errors (e.g. "this email is already registered") for
 * the fields this form has, or null when none names one of them.
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> | null {
  if (!(error instanceof ApiError)) return null;
  const errors: FieldErrors<F> = {};
  for (const e of error.errors) {
    const field = e.field as F | undefined;
    if (field && fields.includes(field) && errors[field] === undefined) errors[field] = e.title;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

type Schema<T> = z.ZodType<T>;

type Options<F extends string, T> = {
  fields: readonly F[];
  initialValues?: Partial<Record<F, string>>;
  /**
   * The shared schema the values must pass; `toInput` adds what is not a field (e.g. the reset token).
   * Or a loader of it: zod then stays out of the page's first load and arrives with the first
   * keystroke (the login page, DESIGN §5); a submit before that waits for it.
   */
  schema: Schema<T> | (() => Promise<Schema<T>>);
  toInput?: (values: Record<F, string>) => unknown;
  /** As the user types: e.g. digits only, spaces removed. */
  normalize?: Partial<Record<F, (value: string) => string>>;
  /** Checked again when this field changes (the confirmation when the password changes). */
  dependants?: Partial<Record<F, readonly F[]>>;
  /** "submit": fields are checked on submit; "blur": also when the user leaves a field they changed. */
  validateOn?: 'submit' | 'blur';
  /** The values passed the schema: its output (normalized) is what gets sent. */
  onValid: (data: T) => void;
  /** The values did not pass: the errors are shown and the first wrong field has the focus. */
  onInvalid?: () => void;
};

/**
 * A small form helper for the guest pages (no antd): values, errors under
 * their fields, the shared schema as the only rule set, the server's field
 * errors, Enter submits (a real <form>), and the focus moves to the first
 * field that needs attention.
 */
export function useLeanForm<F extends string, T>(options: Options<F, T>) {
  const { fields } = options;
  const empty = Object.fromEntries(fields.map((f) => [f, options.initialValues?.[f] ?? ''])) as Record<F, string>;
  const [values, setValues] = useState<Record<F, string>>(empty);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const valuesRef = useRef(values);
  const changed = useRef(new Set<F>());
  const formRef = useRef<HTMLFormElement>(null);
  const opts = useRef(options);
  opts.current = options;
  const submitting = useRef(false);
  const schemaRef = useRef<Schema<T> | null>(typeof options.schema === 'function' ? null : options.schema);
  const schemaLoad = useRef<Promise<Schema<T>> | null>(null);

  /** The schema, loading it first when it is given as a loader. */
  const loadSchema = (): Promise<Schema<T>> => {
    if (schemaRef.current) return Promise.resolve(schemaRef.current);
    const source = opts.current.schema;
    if (typeof source !== 'function') return Promise.resolve(source);
    schemaLoad.current ??= source().then(
      (schema) => {
        schemaRef.current = schema;
        return schema;
      },
      (error: unknown) => {
        schemaLoad.current = null; // offline: try again on the next submit
        throw error;
      },
    );
    return schemaLoad.current;
  };

  const check = (schema: Schema<T>, vals: Record<F, string>) => {
    const { toInput } = opts.current;
    return schema.safeParse(toInput ? toInput(vals) : vals);
  };

  const focusFirst = (errs: FieldErrors<F>) => {
    const first = fields.find((f) => errs[f]);
    if (!first) return;
    // After React has rendered the error (aria-describedby), so it is read with the field.
    requestAnimationFrame(() => {
      const input = formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`);
      input?.focus();
    });
  };

  /** Checks `names` again with the current values: errors appear, change or go. */
  const recheck = (names: readonly F[], vals: Record<F, string>) => {
    const schema = schemaRef.current;
    if (!schema) return;
    const fresh = schemaErrors(check(schema, vals), fields);
    setErrors((prev) => {
      const next = { ...prev };
      for (const name of names) {
        if (fresh[name]) next[name] = fresh[name];
        else delete next[name];
      }
      return next;
    });
  };

  const setValue = (name: F, raw: string) => {
    const value = opts.current.normalize?.[name]?.(raw) ?? raw;
    const next = { ...valuesRef.current, [name]: value };
    valuesRef.current = next;
    changed.current.add(name);
    setValues(next);
    if (!schemaRef.current) void loadSchema().catch(() => undefined);
    // A field that shows an error (or whose confirmation does) is checked again as it changes.
    const related = [name, ...(opts.current.dependants?.[name] ?? [])];
    const showing = related.filter((f) => errors[f] !== undefined);
    if (showing.length > 0) recheck(showing, next);
  };

  const setField = (name: F, patch: { value?: string; error?: string | null }) => {
    if (patch.value !== undefined) {
      const next = { ...valuesRef.current, [name]: patch.value };
      valuesRef.current = next;
      setValues(next);
    }
    if (patch.error !== undefined) {
      setErrors((prev) => {
        const next = { ...prev };
        if (patch.error) next[name] = patch.error;
        else delete next[name];
        return next;
      });
      if (patch.error) focusFirst({ [name]: patch.error } as FieldErrors<F>);
    }
  };

  /** The server's field errors under their fields; true when one matched. */
  const showServerErrors = (error: unknown): boolean => {
    const found = serverFieldErrors(error, fields);
    if (!found) return false;
    setErrors((prev) => ({ ...prev, ...found }));
    focusFirst(found);
    return true;
  };

  const validate = (schema: Schema<T>) => {
    const result = check(schema, valuesRef.current);
    if (result.success) {
      setErrors({});
      opts.current.onValid(result.data);
      return;
    }
    const found = schemaErrors(result, fields);
    setErrors(found);
    focusFirst(found);
    opts.current.onInvalid?.();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (schemaRef.current) {
      validate(schemaRef.current);
      return;
    }
    if (submitting.current) return;
    submitting.current = true;
    loadSchema()
      .then(validate, (error: unknown) => toastApiError(error))
      .finally(() => {
        submitting.current = false;
      });
  };

  // A prerendered page (docs/decisions/0033): what was typed before React hydrated the form is in
  // the fields but not in the state (React keeps a hydrated field's text, and tells nobody); it is
  // taken in, and a submit asked for meanwhile (lib/hydration.ts) is sent now, with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form is first there.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const name of fields) {
      const element = form.elements.namedItem(name);
      const text =
        element instanceof HTMLTextAreaElement ||
        (element instanceof HTMLInputElement && element.type !== 'checkbox' && element.type !== 'radio')
          ? element.value
          : null;
      if (text !== null && text !== valuesRef.current[name]) setValue(name, text);
    }
    if (takeHeldSubmit(form)) form.requestSubmit();
  }, []);

  /** Props for a field's input: value, change, blur, name and its error. */
  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
    onBlur: () => {
      if (opts.current.validateOn === 'blur' && changed.current.has(name)) {
        recheck(
          [name, ...(opts.current.dependants?.[name] ?? []).filter((f) => changed.current.has(f))],
          valuesRef.current,
        );
      }
    },
  });

  return {
    values,
    errors,
    field,
    setField,
    showServerErrors,
    formProps: {
      ref: formRef,
      onSubmit,
      noValidate: true,
      // Sent by React, never by the browser; should the browser send it (a prerendered page before
      // its code has run), a POST keeps the password out of the address and the server's log, and
      // the server answers with the page again (apps/api/src/plugins/web-app.ts).
      method: 'post',
    },
  };
}
