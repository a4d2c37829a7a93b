import { Button } from 'antd';
import type { ReactNode } from 'react';

/**
 * The primary submit of a form: disabled with a spinner while the save is pending
 * (`pending` from useFormSubmit in lib/forms.ts), so a double click sends one request.
 */
export function SubmitButton({
  pending,
  disabled,
  children,
  testId,
}: {
  pending: boolean;
  disabled?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Button
      type="primary"
      htmlType="submit"
      // 44 px high on a phone (styles.css, WCAG 2.2 target size), wherever the form puts it.
      className="submit-button"
      loading={pending}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
