import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../config/env.js';
import { createMailWorker, type FlushOptions, type FlushResult } from '../lib/mail-queue.js';
import { createMailTransport } from '../lib/mail-transport.js';

export type MailService = {
  /** smtp when SMTP_URL is set, otherwise outbox (.eml files in DATA_DIR/outbox). */
  transport: 'smtp' | 'outbox';
  /** Sends every due message now (tests call it to deliver deterministically). */
  flush(options?: FlushOptions): Promise<FlushResult>;
  /** Wakes the worker after a transaction queued mail. */
  kick(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/**
 * The mail worker: sends what the mail_outbox table holds, with retries and
 * backoff, every MAIL_POLL_SECONDS (0: only when flushed). Started when the
 * app is ready, stopped (after the pass in flight) when it closes.
 */
export const mailPlugin = fp(async (app: FastifyInstance, opts: { env: Env }) => {
  const transport = createMailTransport(opts.env, app.log);
  const worker = createMailWorker({
    db: app.db,
    transport,
    log: app.log,
    maxAttempts: opts.env.MAIL_MAX_ATTEMPTS,
    pollSeconds: opts.env.MAIL_POLL_SECONDS,
  });
  app.decorate('mail', { transport: transport.kind, flush: worker.flush, kick: worker.kick });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', () => worker.stop());
});
