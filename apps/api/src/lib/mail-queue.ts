import type { Locale } from '@portal/shared/constants';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../db/schema/mail.js';
import { inTransaction, SYSTEM_ACTOR, type Tx } from '../db/transaction.js';
import { type MailKind, type MailParams, renderMail } from './mail-templates.js';
import type { MailTransport } from './mail-transport.js';

export type QueuedMail = {
  userId: number | null;
  to: string;
  locale: Locale;
  kind: MailKind;
  params: MailParams;
};

/**
 * Queues a message inside the caller's transaction: it is sent only if the
 * change that caused it commits, and sending can never fail that change.
 */
export async function enqueueMail(tx: Tx, mail: QueuedMail): Promise<number> {
  const content = renderMail(mail.kind, mail.locale, mail.params);
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      userId: mail.userId,
      kind: mail.kind,
      toAddress: mail.to,
      locale: mail.locale,
      subject: content.subject,
      textBody: content.text,
      htmlBody: content.html,
      link: mail.params.link ?? null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail_outbox insert returned nothing');
  return row.id;
}

export type FlushOptions = {
  /** Also send messages whose retry time has not come yet (tests, an operator's "send now"). */
  includeDeferred?: boolean;
};
export type FlushResult = { sent: number; retried: number; failed: number };

export type MailWorker = {
  /** Sends every due message once, in id order; resolves when done. Runs are serialized. */
  flush(options?: FlushOptions): Promise<FlushResult>;
  /** Asks the timer for an early run (after a request queued mail); no-op when the timer is off. */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
};

const BATCH = 20;
/** A claimed message is not claimed again for this long (a crashed sender's lease runs out). */
const LEASE_SECONDS = 300;
const MAX_BACKOFF_SECONDS = 3600;
const BASE_BACKOFF_SECONDS = 30;

/** 30 s, 1 min, 2 min, … capped at an hour, after the n-th failed attempt. */
export function backoffSeconds(attempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, BASE_BACKOFF_SECONDS * 2 ** Math.max(0, attempts - 1));
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 500);
}

export function createMailWorker(deps: {
  db: Database;
  transport: MailTransport;
  log: FastifyBaseLogger;
  maxAttempts: number;
  pollSeconds: number;
}): MailWorker {
  const { db, transport, log } = deps;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;

  /** Claims a batch (FOR UPDATE SKIP LOCKED, so two instances never take the same row) and leases it. */
  function claim(afterId: number, includeDeferred: boolean) {
    return inTransaction(db, { ...SYSTEM_ACTOR, action: 'mail.claim' }, async (tx) => {
      const due = tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'pending'),
            gt(mailOutbox.id, afterId),
            includeDeferred ? undefined : lte(mailOutbox.nextAttemptAt, sql`now()`),
          ),
        )
        .orderBy(asc(mailOutbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      return tx
        .update(mailOutbox)
        .set({
          attempts: sql`${mailOutbox.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        })
        .where(inArray(mailOutbox.id, due))
        .returning();
    });
  }

  async function deliver(row: typeof mailOutbox.$inferSelect): Promise<'sent' | 'retried' | 'failed'> {
    try {
      await transport.send({
        id: row.id,
        to: row.toAddress,
        locale: row.locale,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        link: row.link,
      });
      await inTransaction(db, { ...SYSTEM_ACTOR, action: 'mail.sent' }, (tx) =>
        tx
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lastError: null, textBody: '', htmlBody: '', link: null })
          .where(eq(mailOutbox.id, row.id)),
      );
      return 'sent';
    } catch (err) {
      const lastError = errorText(err);
      if (row.attempts >= deps.maxAttempts) {
        log.error({ mailId: row.id, kind: row.kind, attempts: row.attempts, err: lastError }, 'mail gave up');
        await inTransaction(db, { ...SYSTEM_ACTOR, action: 'mail.failed' }, (tx) =>
          tx
            .update(mailOutbox)
            .set({ status: 'failed', lastError, textBody: '', htmlBody: '', link: null })
            .where(eq(mailOutbox.id, row.id)),
        );
        return 'failed';
      }
      const wait = backoffSeconds(row.attempts);
      log.warn(
        { mailId: row.id, kind: row.kind, attempts: row.attempts, retryIn: wait, err: lastError },
        'mail failed',
      );
      await inTransaction(db, { ...SYSTEM_ACTOR, action: 'mail.retry' }, (tx) =>
        tx
          .update(mailOutbox)
          .set({ lastError, nextAttemptAt: sql`now() + make_interval(secs => ${wait})` })
          .where(eq(mailOutbox.id, row.id)),
      );
      return 'retried';
    }
  }

  async function run(options: FlushOptions): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, retried: 0, failed: 0 };
    let afterId = 0;
    for (;;) {
      const rows = await claim(afterId, options.includeDeferred ?? false);
      if (rows.length === 0) return result;
      rows.sort((a, b) => a.id - b.id);
      for (const row of rows) {
        result[await deliver(row)] += 1;
        afterId = Math.max(afterId, row.id);
      }
    }
  }

  function flush(options: FlushOptions = {}): Promise<FlushResult> {
    const next = chain.then(() => run(options));
    chain = next.catch(() => undefined);
    return next;
  }

  function schedule(delayMs: number) {
    if (stopped || deps.pollSeconds === 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      flush()
        .catch((err: unknown) => log.error({ err }, 'mail worker pass failed'))
        .finally(() => schedule(deps.pollSeconds * 1000));
    }, delayMs);
    timer.unref();
  }

  return {
    flush,
    kick: () => schedule(0),
    start() {
      stopped = false;
      schedule(deps.pollSeconds * 1000);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await chain;
      transport.close();
    },
  };
}
