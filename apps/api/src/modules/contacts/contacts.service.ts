import type { Locale } from '@portal/shared/constants';
import type {
  TContactCreate,
  TContactListRequest,
  TContactMessage,
  TContactReplyRequest,
} from '@portal/shared/schemas/contacts';
import type { TListPage } from '@portal/shared/schemas/list';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { type AppContext, viewerOf } from '../../lib/context.js';
import { pageWindow } from '../../lib/list.js';
import { enqueueMail } from '../../lib/mail.js';
import { findContact, listContacts as listRows } from './contacts.repository.js';

/**
 * Contact messages (SPEC §7 POST /contacts, POST /contact/{id}; docs/decisions/0022-staff-tools.md):
 * a guest writes from the contact page (in the language of the page, kept with the message); staff
 * holding contacts.put answer once, and the answer is mailed to the guest in that language through
 * the jobs table, in the transaction that marks the message answered.
 */

/** PUT /contact: kept as new; the guest learns only that it arrived. */
export async function sendContactMessage(ctx: AppContext, input: TContactCreate, locale: Locale): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await tx.db.execute(sql`insert into contact_messages (name, email, phone, subject, message, locale)
      values (${input.name}, ${input.email}, ${input.phone}, ${input.subject}, ${input.message}, ${locale})`);
  });
}

export async function listContacts(ctx: AppContext, query: TContactListRequest): Promise<TListPage<TContactMessage>> {
  return listRows(ctx.db, query, pageWindow(query.page, query.perPage));
}

/**
 * POST /contact/{id}: one conditional UPDATE (… where status = 0) decides, so of two staff answering
 * at once one wins and the other gets 409, and the guest gets one mail.
 */
export async function answerContact(
  ctx: AppContext,
  id: number,
  input: TContactReplyRequest,
): Promise<TContactMessage> {
  const viewer = viewerOf(ctx);
  await inTransaction(ctx, async (tx) => {
    const [row] = rowsOf<{ name: string; email: string; subject: string; locale: string }>(
      await tx.db.execute(sql`update contact_messages
          set status = 1, reply = ${input.reply}, replied_by = ${viewer.id}, replied_at = now()
        where id = ${id} and status = 0
        returning name, email, subject, locale`),
    );
    if (!row) {
      const [exists] = rowsOf<{ id: number }>(
        await tx.db.execute(sql`select id from contact_messages where id = ${id}`),
      );
      if (!exists) throw AppError.notFound();
      throw new AppError(409, 'contacts.errors.already_answered');
    }
    await enqueueMail(tx, {
      userId: null,
      to: row.email,
      locale: row.locale === 'en' ? 'en' : 'ar',
      kind: 'contact_reply',
      params: { name: row.name, values: { subject: row.subject, note: input.reply } },
    });
  });
  const answered = await findContact(ctx.db, id);
  if (!answered) throw AppError.notFound();
  return answered;
}
