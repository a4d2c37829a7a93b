import type { Locale } from '@portal/shared/constants';
import type { TTerms, TUpdateTermsRequest } from '@portal/shared/schemas/terms';
import { desc, eq } from 'drizzle-orm';
import { type TermsVersionRow, termsVersions } from '../../db/schema/terms.js';
import { inTransaction, type Reader } from '../../db/transaction.js';
import { type AppContext, callerOf } from '../../lib/context.js';

/**
 * The terms and conditions (SPEC §2 /terms): one text per language, each save a new version
 * (docs/decisions/0022-staff-tools.md), so an acceptance names exactly what was read.
 */

function toTerms(lang: Locale, row: TermsVersionRow | undefined): TTerms {
  return {
    lang,
    version_id: row?.id ?? null,
    terms: row?.body ?? '',
    updated_at: row ? new Date(row.createdAt).toISOString() : null,
  };
}

/** The newest version of a language's text. */
export async function currentTermsVersion(db: Reader, lang: Locale): Promise<TermsVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(termsVersions)
    .where(eq(termsVersions.lang, lang))
    .orderBy(desc(termsVersions.id))
    .limit(1);
  return row;
}

/** A version by id (any language), for checking what a registration says it accepted. */
export async function termsVersionById(db: Reader, id: number): Promise<TermsVersionRow | undefined> {
  const [row] = await db.select().from(termsVersions).where(eq(termsVersions.id, id));
  return row;
}

/** GET /get-terms: the current text of a language. */
export async function readTerms(ctx: AppContext, lang: Locale): Promise<TTerms> {
  return toTerms(lang, await currentTermsVersion(ctx.db, lang));
}

/** POST /settings/updateTerms: saving the same text again adds nothing. */
export async function updateTerms(ctx: AppContext, input: TUpdateTermsRequest): Promise<TTerms> {
  return inTransaction(ctx, async (tx) => {
    const current = await currentTermsVersion(tx.db, input.lang);
    if (current?.body === input.terms) return toTerms(input.lang, current);
    const [row] = await tx.db
      .insert(termsVersions)
      .values({ lang: input.lang, body: input.terms, createdBy: callerOf(ctx).userId })
      .returning();
    return toTerms(input.lang, row);
  });
}
