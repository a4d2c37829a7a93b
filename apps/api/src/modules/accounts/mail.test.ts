import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/build-app.js';
import { isDeferred, mailJobs } from '../../../test/helpers/mail-jobs.js';
import { parseMail, type SmtpSink, smtpEnv, startSmtpSink } from '../../../test/helpers/smtp-sink.js';
import { backoffSeconds } from '../../lib/jobs.js';

let serial = 0;
function customer(lang: 'ar' | 'en' = 'ar') {
  serial += 1;
  return {
    payload: {
      first_name: 'سارة',
      last_name: 'محمود',
      address: 'سموحة، الإسكندرية',
      email: `mail${serial}.${process.pid}@example.com`,
      mobile: `0111${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(4, '0')}`,
      password: 'Gamaiya@2024',
      confirm_password: 'Gamaiya@2024',
      accept_terms: true,
    },
    headers: { 'accept-language': lang },
  };
}

async function outboxRow(t: TestApp, userId: number) {
  const [row] = await mailJobs(t.db, { userId });
  if (!row) throw new Error('no mail job');
  return row;
}

describe('mail without SMTP: .eml files in DATA_DIR/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'http://localhost:3000', JOBS_POLL_SECONDS: '0' });
  });
  afterAll(() => t?.close());

  it('writes the message as an .eml file that holds the activation link', async () => {
    expect(t.app.mailTransport).toBe('outbox');
    const body = customer('en');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/register', ...body });
    expect(res.statusCode, res.body).toBe(200);
    const result = await t.app.jobs.flush();
    expect(result).toEqual({ done: 1, retried: 0, failed: 0 });
    const folder = path.join(t.env.DATA_DIR, 'outbox');
    const files = (await readdir(folder)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = parseMail(await readFile(path.join(folder, files[0] as string), 'latin1'));
    expect(mail.headers.get('to')).toContain(body.payload.email);
    expect(mail.subject).toContain('Activate your account');
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/activation\/[A-Za-z0-9_-]{43}/);
    expect((await outboxRow(t, res.json().data.user.id)).status).toBe('done');
  });
});

describe('mail through SMTP: retries, backoff, giving up, and never breaking the request', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      ...smtpEnv(smtp),
      MAIL_MAX_ATTEMPTS: '3',
      ACCOUNT_RATE_IP_MAX: '1000',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('backs off exponentially, capped at an hour', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([30, 60, 120, 240]);
    expect(backoffSeconds(30)).toBe(3600);
  });

  it('a refused message stays queued with its error, waits for its retry time, then goes out', async () => {
    const body = customer();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/register', ...body });
    expect(res.statusCode).toBe(200);
    const userId = res.json().data.user.id;
    smtp.refuseNext(1);
    expect(await t.app.jobs.flush()).toEqual({ done: 0, retried: 1, failed: 0 });
    const waiting = await outboxRow(t, userId);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.lastError).toContain('451');
    expect(waiting.text).toContain('/activation/');
    expect(await isDeferred(t.db, waiting.id)).toBe(true);

    // Not due yet: a normal pass leaves it alone.
    expect(await t.app.jobs.flush()).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(smtp.to(body.payload.email)).toHaveLength(0);
    expect(await t.app.jobs.flush({ includeDeferred: true, kinds: ['mail'] })).toEqual({
      done: 1,
      retried: 0,
      failed: 0,
    });
    expect(smtp.to(body.payload.email)).toHaveLength(1);
    expect(await outboxRow(t, userId)).toMatchObject({ status: 'done', attempts: 2, lastError: null, text: undefined });
    // Every attempt of one job carries one Message-ID: a copy sent again after a crash is the same message.
    const [sent] = smtp.to(body.payload.email);
    expect(sent?.headers.get('message-id')).toBe(`<portal-mail-${waiting.id}@portal.test>`);
    expect(sent?.headers.get('x-portal-mail-id')).toBe(String(waiting.id));
  });

  it('gives up after MAIL_MAX_ATTEMPTS and keeps no secret in the failed row', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/register', ...customer() });
    const userId = res.json().data.user.id;
    smtp.refuseNext(3);
    expect((await t.app.jobs.flush()).retried).toBe(1);
    expect((await t.app.jobs.flush({ includeDeferred: true, kinds: ['mail'] })).retried).toBe(1);
    expect((await t.app.jobs.flush({ includeDeferred: true, kinds: ['mail'] })).failed).toBe(1);
    const row = await outboxRow(t, userId);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, text: undefined, html: undefined, link: undefined });
    expect(await t.app.jobs.flush({ includeDeferred: true, kinds: ['mail'] })).toEqual({
      done: 0,
      retried: 0,
      failed: 0,
    });
    // The customer can ask again.
    const token = res.json().data.access_token;
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/verify/email/resend',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(resend.statusCode).toBe(200);
    expect((await t.app.jobs.flush()).done).toBe(1);
  });

  it('two flushes at once never send a message twice', async () => {
    const body = customer();
    await t.app.inject({ method: 'POST', url: '/api/v1/register', ...body });
    const [a, b] = await Promise.all([t.app.jobs.flush(), t.app.jobs.flush()]);
    expect(a.done + b.done).toBe(1);
    expect(smtp.to(body.payload.email)).toHaveLength(1);
  });
});

describe('mail with the SMTP server down', () => {
  let t: TestApp;
  beforeAll(async () => {
    const gone = await startSmtpSink();
    await gone.close();
    t = await createTestApp({ SMTP_URL: gone.url, MAIL_FROM: 'no-reply@portal.test', JOBS_POLL_SECONDS: '0' });
  });
  afterAll(() => t?.close());

  it('registration still succeeds; the message waits in the queue', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/register', ...customer() });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.app.jobs.flush()).toEqual({ done: 0, retried: 1, failed: 0 });
    expect(await outboxRow(t, res.json().data.user.id)).toMatchObject({ status: 'pending', attempts: 1 });
  });
});

describe('the mail worker runs by itself', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    // A poll far in the future: only the wake-up after the request can send the message.
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@portal.test', JOBS_POLL_SECONDS: '3600' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends queued mail soon after the request commits, without a flush', async () => {
    const body = customer();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/register', ...body });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.to(body.payload.email)).toHaveLength(1), { timeout: 10_000, interval: 50 });
  });
});
