import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.js';
import { inTransaction, systemScope } from '../src/db/transaction.js';
import type { AccessRow, Caller } from './access-matrix.types.js';

/**
 * Contact messages (docs/decisions/0022-staff-tools.md): a guest writes one without a session
 * (PUT /contact, public and rate limited); contacts.index (admin, manager, editor, visitor) lists
 * them; contacts.put (admin, manager, editor) answers.
 */
type LoggedIn = Exclude<Caller, 'none'>;

function only(status: number, holders: LoggedIn[]): Record<Caller, number> {
  const row = { admin: 403, manager: 403, editor: 403, user: 403, visitor: 403, none: 401 };
  for (const caller of holders) row[caller] = status;
  return row;
}

let sent = 0;

export const CONTACT_ACCESS_ROWS: AccessRow[] = [
  {
    method: 'PUT',
    route: '/api/v1/contact',
    request: () => {
      sent += 1;
      return {
        method: 'PUT',
        url: '/api/v1/contact',
        payload: {
          name: 'زائر المصفوفة',
          email: `matrix.guest${sent}@example.com`,
          subject: 'استفسار',
          message: 'كيف أشترك في جمعية؟',
        },
      };
    },
    expected: { admin: 201, manager: 201, editor: 201, user: 201, visitor: 201, none: 201 },
  },
  {
    method: 'POST',
    route: '/api/v1/contacts',
    request: () => ({ method: 'POST', url: '/api/v1/contacts', payload: { perPage: 5 } }),
    expected: only(200, ['admin', 'manager', 'editor', 'visitor']),
  },
  {
    method: 'POST',
    route: '/api/v1/contact/:id',
    // A fresh unanswered message for every caller (a message is answered once).
    prepare: async ({ db }) =>
      inTransaction(systemScope(db), async (tx) => {
        const [row] = rowsOf<{ id: number }>(
          await tx.db.execute(sql`insert into contact_messages (name, email, subject, message)
            values ('زائر', 'guest.matrix@example.com', 'سؤال', 'نص السؤال') returning id`),
        );
        return { contactId: Number(row?.id) };
      }),
    request: (ctx) => ({
      method: 'POST',
      url: `/api/v1/contact/${ctx.fixtures.contactId}`,
      payload: { reply: 'شكرًا لتواصلك' },
    }),
    expected: only(200, ['admin', 'manager', 'editor']),
  },
];
