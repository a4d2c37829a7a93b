import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { requiredText } from './fields.js';

/**
 * The terms and conditions (SPEC §2 /terms, §7 GET /get-terms, POST /settings/updateTerms).
 * Every save is a new version (docs/decisions/0022-staff-tools.md), so a customer's acceptance
 * names the text they read.
 */

/** The longest terms text, as the database's check has it. */
export const TERMS_MAX_LENGTH = 20_000;

const langField = z.enum(LOCALES, { error: 'validation.invalid_lang' });

/** GET /get-terms: the language comes from Accept-Language; staff editing both may name one. */
export const ZTermsQuery = z.object({ lang: langField.optional() });

export const ZTerms = z.object({
  lang: langField,
  /** null only before any text was ever saved. */
  version_id: z.number().int().nullable(),
  terms: z.string(),
  updated_at: z.string().nullable(),
});
export type TTerms = z.infer<typeof ZTerms>;

/** POST /settings/updateTerms. Line breaks are kept: the text is shown as written. */
export const ZUpdateTermsRequest = z.object({
  lang: langField,
  terms: requiredText('terms.validation.required', TERMS_MAX_LENGTH),
});
export type TUpdateTermsRequest = z.infer<typeof ZUpdateTermsRequest>;
