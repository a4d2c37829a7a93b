/**
 * Kept for the guest forms that import it from here; the forms helper
 * (zodRule, schemaRule, confirmPasswordRules, showSaveError, useFormSubmit) is lib/forms.ts.
 */
export { zodRule } from './forms';
