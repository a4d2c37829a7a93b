import type { NotificationType } from '@portal/shared/schemas/notifications';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/users.js';
import type { TxContext } from '../../lib/context.js';
import { enqueueMail } from '../../lib/mail.js';
import type { MailKind } from '../../lib/mail-templates.js';
import { appLink, formatDayFor, userLocale } from '../../lib/recipients.js';
import { notifyUser } from './notifications.repository.js';

/**
 * A decision on a member's request reaches them twice (issue 11): in the bell, and by mail when
 * their address is verified (an unconfirmed address may not be theirs). Both are written in the
 * transaction of the decision, so they exist exactly when it does. `date` values are days
 * (yyyy-mm-dd), written in the reader's language: the bell's when it is read, the mail's now.
 */
export async function tellMember(
  tx: TxContext,
  userId: number,
  message: {
    type: NotificationType & MailKind;
    /** An app path the bell and the mail's button open. */
    link: string;
    values: Record<string, string | number>;
  },
): Promise<void> {
  await notifyUser(tx, userId, {
    type: message.type,
    titleKey: `notifications.types.${message.type}.title`,
    messageKey: `notifications.types.${message.type}.message`,
    params: message.values,
    link: message.link,
  });
  const [member] = await tx.db
    .select({ name: users.name, email: users.email, verified: users.emailVerifiedAt, locale: users.locale })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!member?.email || !member.verified) return;
  const locale = userLocale(member);
  const values = { ...message.values };
  if (typeof values.date === 'string') values.date = formatDayFor(locale, values.date);
  await enqueueMail(tx, {
    userId,
    to: member.email,
    locale,
    kind: message.type,
    params: { name: member.name, link: appLink(tx.env, message.link), values },
  });
}
