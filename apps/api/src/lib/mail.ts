import type { Locale } from '@portal/shared/constants';
import type { TxContext } from './context.js';
import { enqueueJob, enqueueJobs, type JobHandler } from './jobs.js';
import { type MailKind, type MailParams, renderMail } from './mail-templates.js';
import type { MailTransport } from './mail-transport.js';

export const MAIL_JOB = 'mail';

export type QueuedMail = {
  userId: number | null;
  to: string;
  locale: Locale;
  kind: MailKind;
  params: MailParams;
};

type MailPayload = {
  mailKind: MailKind;
  to: string;
  locale: Locale;
  subject: string;
  text: string;
  html: string;
  link: string | null;
};

/** A message rendered in its recipient's language: what a mail job carries until it is sent. */
function payloadOf(mail: QueuedMail): MailPayload {
  const content = renderMail(mail.kind, mail.locale, mail.params);
  return {
    mailKind: mail.kind,
    to: mail.to,
    locale: mail.locale,
    subject: content.subject,
    text: content.text,
    html: content.html,
    link: mail.params.link ?? null,
  };
}

/** Queues a message inside the caller's transaction (a job of kind "mail"); sent once the change commits. */
export function enqueueMail(tx: TxContext, mail: QueuedMail): Promise<number> {
  return enqueueJob(tx, MAIL_JOB, payloadOf(mail), { userId: mail.userId });
}

/** Queues many messages in one INSERT (a daily digest), each a mail job of its own; returns their ids. */
export function enqueueMails(tx: TxContext, mails: QueuedMail[]): Promise<number[]> {
  return enqueueJobs(
    tx,
    MAIL_JOB,
    mails.map((mail) => ({ payload: payloadOf(mail), userId: mail.userId })),
  );
}

/** The "mail" job kind: sends through the transport; once final only the address and subject are kept. */
export function mailJobHandler(
  transport: MailTransport,
  maxAttempts: number,
  /** The sender's display name now (a setting), read at send time so a change applies to queued mail too. */
  senderName: () => Promise<string | undefined> = async () => undefined,
): JobHandler {
  return {
    maxAttempts,
    async run(raw, job) {
      const payload = raw as MailPayload;
      await transport.send({
        fromName: await senderName(),
        id: job.id,
        to: payload.to,
        locale: payload.locale,
        subject: payload.subject,
        text: payload.text,
        html: payload.html,
        link: payload.link,
      });
    },
    summary: (raw) => {
      const payload = raw as MailPayload;
      return { mailKind: payload.mailKind, to: payload.to, locale: payload.locale, subject: payload.subject };
    },
  };
}
