import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../config/env.js';
import { createJobWorker, type FlushOptions, type FlushResult, type JobHandler } from '../lib/jobs.js';
import { mailJobHandler } from '../lib/mail.js';
import { createMailTransport } from '../lib/mail-transport.js';
import { RETENTION_JOB, retentionJobHandler } from '../lib/retention.js';
import { ASSOCIATIONS_DAILY_JOB, associationsDailyJobHandler } from '../modules/associations/association-lifecycle.js';
import { readSetting } from '../modules/settings/settings.service.js';

export type JobsService = {
  /** Registers a kind of job (before the app is ready). */
  register(kind: string, handler: JobHandler): void;
  /** Runs every due job now (tests call it to deliver deterministically). */
  flush(options?: FlushOptions): Promise<FlushResult>;
  /** Wakes the worker after a transaction queued a job. */
  kick(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobsService;
    /** Where mail goes: smtp when SMTP_URL is set, otherwise outbox (.eml files in DATA_DIR/outbox). */
    mailTransport: 'smtp' | 'outbox';
  }
}

/**
 * The job worker (lib/jobs.ts) of this instance, polling every JOBS_POLL_SECONDS
 * (0: only when flushed), with the kinds the app knows; "mail" is registered here.
 * Started when the app is ready; claims nothing more once close begins, and the app's close waits
 * for the pass in flight.
 */
export const jobsPlugin = fp(async (app: FastifyInstance, opts: { env: Env }) => {
  const handlers = new Map<string, JobHandler>();
  const worker = createJobWorker({
    db: app.db,
    handlers,
    log: app.log,
    pollSeconds: opts.env.JOBS_POLL_SECONDS,
    leaseSeconds: opts.env.JOBS_LEASE_SECONDS,
  });
  const transport = createMailTransport(opts.env, app.log);
  handlers.set(RETENTION_JOB, retentionJobHandler(app.db, opts.env.RETENTION_DAYS));
  handlers.set(ASSOCIATIONS_DAILY_JOB, associationsDailyJobHandler(app.db));
  handlers.set(
    'mail',
    mailJobHandler(transport, opts.env.MAIL_MAX_ATTEMPTS, async () =>
      String(await readSetting(app.db, 'mail_sender_name')),
    ),
  );
  app.decorate('jobs', {
    register(kind: string, handler: JobHandler) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
      handlers.set(kind, handler);
    },
    flush: worker.flush,
    kick: worker.kick,
  });
  app.decorate('mailTransport', transport.kind);
  app.addHook('onReady', async () => worker.start());
  // Close begins (before the requests in flight drain): claim nothing more, another instance will.
  let stopping: Promise<void> | undefined;
  app.addHook('preClose', async () => {
    stopping = worker.stop();
  });
  app.addHook('onClose', async () => {
    await (stopping ?? worker.stop());
    transport.close();
  });
});
