import { Form } from 'antd';
import type { ReactNode } from 'react';

/**
 * A help line for a Form.Item's `extra` that steps aside while the field shows an error: where the
 * hint states the rule (the password rule), the error says the same words, and the rule is shown once.
 * `name`: the field of the Form.Item it is the extra of.
 */
export function FieldHint({ name, children }: { name: string; children: ReactNode }) {
  return (
    // shouldUpdate: rendered again after every change and every validation, so it follows the field's errors.
    <Form.Item noStyle shouldUpdate>
      {(form) => (form.getFieldError(name).length > 0 ? null : <span data-testid={`${name}-hint`}>{children}</span>)}
    </Form.Item>
  );
}
