import { TOAST_SECONDS } from '@portal/shared/constants';
import { PASSWORDS_MISMATCH, passwordsMatch } from '@portal/shared/users-rules';
import type { FormInstance } from 'antd';
import type { Rule, RuleRender } from 'antd/es/form';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { useIdempotencyKey, withIdempotencyKey } from './idempotency';
import { type LeaveAfterSave, useLeaveAfterSave } from './leave';
import { usePendingGuard } from './pending-guard';
import { toast, toastApiError } from './toast';

/**
 * The forms helper of the signed-in screens (antd Form): rules from the shared zod
 * schemas, the server's field errors under their fields, the confirm-password rule,
 * and a submit that runs once while it is pending (SPEC §5: no double submit).
 * components/forms/ holds the matching components (SubmitButton, FileField).
 */

/**
 * An antd Form rule from a field of a shared zod schema: the form checks
 * exactly what the server checks, with the same translated message.
 */
export function zodRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? undefined);
      if (!result.success) throw new Error(i18next.t(result.error.issues[0]?.message ?? 'validation.invalid_value'));
    },
  };
}

/**
 * zodRule for a schema that is downloaded when first needed: a form names its shared schema
 * module with `import()` and zod (about 25 KB gzip) stays out of the route's first load
 * (DESIGN §5: 350 KB). antd validators are asynchronous, so the rule waits for it; forms start
 * the download when they open (`useSchemas`), so by the first check it is there.
 */
export function lazyZodRule(load: () => Promise<z.ZodType>): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const schema = await load();
      const result = schema.safeParse(value ?? undefined);
      if (!result.success) throw new Error(i18next.t(result.error.issues[0]?.message ?? 'validation.invalid_value'));
    },
  };
}

/** Schema downloads under way: nothing renders them, so a test could end before they arrive. */
const schemaLoads = new Set<Promise<unknown>>();

/**
 * Resolves once every schema download started by `useSchemas` has arrived. The component tests
 * wait for it after each test: a download still in flight when vitest tears the environment
 * down fails the run ("Cannot load … after the environment was torn down").
 */
export async function schemaLoadsSettled(): Promise<void> {
  await Promise.allSettled([...schemaLoads]);
}

/**
 * A schema module downloaded when the form opens (`import('@portal/shared/schemas/users')`): the
 * loader given back resolves to the module, once, for the rules and the submit handler.
 */
export function useSchemas<M>(load: () => Promise<M>): () => Promise<M> {
  const [loader] = useState(() => {
    let loading: Promise<M> | undefined;
    return () => {
      if (!loading) {
        const started = load();
        schemaLoads.add(started);
        void started.finally(() => schemaLoads.delete(started)).catch(() => {});
        loading = started;
      }
      return loading;
    };
  });
  useEffect(() => {
    void loader();
  }, [loader]);
  return loader;
}

const usersSchemas = () => import('@portal/shared/schemas/users');

/**
 * A rule that runs a WHOLE shared object schema over the form's values and reports the
 * issue of one field: for rules across fields (a refine with `path: [field]`).
 * `toInput` maps the form's values to the schema's input when their names differ.
 */
export function schemaRule(
  schema: z.ZodType,
  field: string,
  toInput: (values: Record<string, unknown>) => unknown = (values) => values,
): RuleRender {
  return (form) => ({
    validator: async () => {
      const result = schema.safeParse(toInput(form.getFieldsValue(true) ?? {}));
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(i18next.t(issue.message));
    },
  });
}

/**
 * The confirmation of a new password, from the shared schema (packages/shared/src/schemas/users.ts):
 * required as `confirmPasswordField` says, and equal to `passwordField` as `passwordsMatch` says.
 * Give its Form.Item `dependencies={[passwordField]}` so it is checked again when the password changes.
 */
export function confirmPasswordRules(passwordField: string): Rule[] {
  return [
    lazyZodRule(async () => (await usersSchemas()).confirmPasswordField),
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (typeof value !== 'string' || value.trim() === '') return; // "required" is the rule above's
        if (!passwordsMatch(getFieldValue(passwordField) ?? '', value)) throw new Error(i18next.t(PASSWORDS_MISMATCH));
      },
    }),
  ];
}

/** "Please complete the required fields" (SPEC §8), when the form itself refuses to send. */
export function toastCompleteFields(): void {
  toast.error(i18next.t('validation.complete_fields'), TOAST_SECONDS);
}

export type SaveErrorOptions = {
  /** Form fields the server's errors may name; default: every field the form has. */
  fields?: readonly string[];
  /** Server field name → form field name, where they differ. */
  rename?: Readonly<Record<string, string>>;
};

/**
 * A refused save: the server's per-field errors (already translated) go under their fields,
 * then "complete the fields" for a validation error (422) or the server's message otherwise
 * (phone taken, no permission…); "check your connection" when nothing answered.
 * Returns true when at least one error landed on a field.
 */
export function showSaveError<V>(form: FormInstance<V>, error: unknown, options: SaveErrorOptions = {}): boolean {
  if (!(error instanceof ApiError) || error.isNetwork) {
    toastApiError(error);
    return false;
  }
  const fields = options.fields ?? Object.keys(form.getFieldsValue() ?? {});
  const byField = new Map<string, string[]>();
  for (const e of error.errors) {
    const name = e.field ? (options.rename?.[e.field] ?? e.field) : undefined;
    if (!name || !fields.includes(name)) continue;
    byField.set(name, [...(byField.get(name) ?? []), e.title]);
  }
  if (byField.size > 0) {
    // biome-ignore lint/suspicious/noExplicitAny: antd's setFields is typed by the form's own name paths.
    form.setFields([...byField].map(([name, errors]) => ({ name: name as any, errors })));
  }
  if (error.status === 422) toastCompleteFields();
  else toastApiError(error);
  return byField.size > 0;
}

// The pending guard lives on its own (no schemas): row actions and switches import it without zod.
export { usePendingGuard } from './pending-guard';

export type FormSubmit<V> = {
  /** Give to <Form onFinish>. */
  onFinish: (values: V) => void;
  /** Give to <Form onFinishFailed>: "complete the required fields". */
  onFinishFailed: () => void;
  /**
   * True from the click until the save settles, and after a save that leaves (`leave`) until the
   * page has moved on: the submit button shows it and takes no click.
   */
  pending: boolean;
};

/**
 * Sends a form once: `submit` (which awaits its mutation, e.g. `create.mutateAsync(...)`) runs
 * only when no earlier submit is still pending, however many clicks or Enter presses arrive;
 * a rejection goes to `onError`, by default `showSaveError` (field errors and the toast).
 *
 * `submit` also gets `idempotent`: wrap the request body in it (`create.mutateAsync(idempotent(body))`)
 * and the request carries an `Idempotency-Key` (lib/idempotency.ts). Sending the same body again
 * after a failure (a lost answer, a timeout) reuses the key, so the server does the save once;
 * a changed body, or a save that went through, gets a new key.
 *
 * And `leave`: a form that goes to another page after its save calls `leave(path)` instead of
 * `navigate(path)` (lib/leave.ts). The next page may take a moment to download while this one
 * stays on screen; the form stays pending, refuses Enter and clicks, and keeps its idempotency
 * key until the page has moved on, so nothing is sent twice meanwhile.
 */
export function useFormSubmit<V>(
  form: FormInstance<V>,
  submit: (
    values: V,
    idempotent: <B>(body: B, scope?: unknown) => B,
    leave: LeaveAfterSave['leave'],
  ) => Promise<unknown>,
  options: SaveErrorOptions & { onError?: (error: unknown) => void } = {},
): FormSubmit<V> {
  const keys = useIdempotencyKey();
  const away = useLeaveAfterSave(() => keys.settled());
  // `scope`: what else tells two saves apart (the id of the record edited when the body does not name it).
  const idempotent = <B>(body: B, scope?: unknown): B => withIdempotencyKey(body, keys.keyFor([scope, body]));
  const guard = usePendingGuard(async (values: V) => {
    try {
      await submit(values, idempotent, away.leave);
      // Leaving: the key is forgotten once the page has moved on (useLeaveAfterSave's onMoved).
      if (!away.isLeaving()) keys.settled();
    } catch (error) {
      if (options.onError) options.onError(error);
      else showSaveError(form, error, options);
    }
  });
  return {
    onFinish: (values) => {
      if (!away.isLeaving()) void guard.run(values);
    },
    onFinishFailed: toastCompleteFields,
    pending: guard.pending || away.leaving,
  };
}
