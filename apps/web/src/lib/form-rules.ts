import type { Rule } from 'antd/es/form';
import i18next from 'i18next';
import type { z } from 'zod';

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
