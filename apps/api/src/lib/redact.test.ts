import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories/users.js';
import { createTestApp, type TestApp } from '../../test/helpers/build-app.js';
import { redactUrl } from './redact.js';
import { errorLogSerializer } from './request-log.js';

const SECRET = 'Sup3rSecretT0ken_abcdefghijklmnopqrstuv';

/** The log lines an app writes, parsed. */
function logCapture() {
  const lines: Record<string, unknown>[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    text: () => lines.map((line) => JSON.stringify(line)).join('\n'),
  };
}

describe('redactUrl', () => {
  it.each([
    ['/api/v1/activation/abcd', '/api/v1/activation/[redacted]'],
    ['/api/v1/recovery/activation/abcd?x=1', '/api/v1/recovery/activation/[redacted]?x=1'],
    ['/newpassword/abcd', '/newpassword/[redacted]'],
    ['/recoveryactivation/abcd/', '/recoveryactivation/[redacted]/'],
    ['http://localhost:3000/newpassword/abcd', 'http://localhost:3000/newpassword/[redacted]'],
    ['/API/V1/Activation/abcd', '/API/V1/Activation/[redacted]'],
    ['/api/v1/%61ctivation/abcd', '/api/v1/%61ctivation/[redacted]'],
    ['/api/v1/activation%2Fabcd', '/api/v1/activation%2F[redacted]'],
    ['/api/v1/activation//abcd', '/api/v1/activation//[redacted]'],
    ['/api/v1/activation/abcd%E0%A4%A', '/api/v1/activation/[redacted]'],
    ['/api/v1/resetPassword?token=abcd&lang=ar', '/api/v1/resetPassword?token=[redacted]&lang=ar'],
    ['/api/v1/resetPassword?%74oken=abcd', '/api/v1/resetPassword?%74oken=[redacted]'],
    ['/api/v1/archive/zip/files/3?token=1.3.9.abcd', '/api/v1/archive/zip/files/3?token=[redacted]'],
    ['/api/v1/users/verify/email?code=123456', '/api/v1/users/verify/email?code=[redacted]'],
    ['/api/v1/users/12?page=2', '/api/v1/users/12?page=2'],
    ['/api/v1/activation', '/api/v1/activation'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('knows every route of the API with a secret in its path or query', async () => {
    const t = await createTestApp();
    try {
      const doc = t.app.swagger() as {
        paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
      };
      const secretName = /password|passwd|token|secret|code/i;
      const checked: string[] = [];
      for (const [template, operations] of Object.entries(doc.paths)) {
        for (const operation of Object.values(operations)) {
          const params = operation.parameters ?? [];
          const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => (secretName.test(name) ? SECRET : '1'));
          const query = params
            .filter((p) => p.in === 'query' && secretName.test(p.name))
            .map((p) => `${p.name}=${SECRET}`);
          const url = query.length ? `${path}?${query.join('&')}` : path;
          if (!url.includes(SECRET)) continue;
          checked.push(url);
          expect(redactUrl(url), template).not.toContain(SECRET);
        }
      }
      // The guard guards something: the two activation links and the zip link, today.
      expect(checked.map((url) => url.split(/[?]/)[0]?.replace(SECRET, ':token'))).toEqual(
        expect.arrayContaining([
          '/api/v1/activation/:token',
          '/api/v1/recovery/activation/:token',
          '/api/v1/archive/zip/files/1',
        ]),
      );
    } finally {
      await t.close();
    }
  });

  it('redacts the URL an error message quotes', () => {
    const error = Object.assign(new Error(`'/api/v1/activation/${SECRET}%E0' is not a valid url component`), {
      code: 'FST_ERR_BAD_URL',
    });
    const logged = errorLogSerializer(error);
    expect(JSON.stringify(logged)).not.toContain(SECRET);
    expect(logged.message).toBe("'/api/v1/activation/[redacted]' is not a valid url component");
  });
});

describe('the log of an app without SMTP', () => {
  let t: TestApp;
  const log = logCapture();
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info', JOBS_POLL_SECONDS: '0' }, { logStream: log.stream });
  });
  afterAll(() => t?.close());

  it('carries no token of any URL: request lines, the router’s own 400, any url field', async () => {
    const before = log.lines.length;
    for (const [method, url] of [
      ['POST', `/api/v1/activation/${SECRET}`],
      ['POST', `/api/v1/recovery/activation/${SECRET}`],
      ['GET', `/newpassword/${SECRET}`],
      ['GET', `/activation/${SECRET}`],
      ['GET', `/API/V1/%61ctivation/${SECRET}`],
      ['GET', `/api/v1/activation/${SECRET}%E0%A4%A`],
      ['POST', `/api/v1/resetPassword?token=${SECRET}&password=x`],
      ['GET', `/api/v1/archive/zip/files/1?token=${SECRET}`],
    ] as const) {
      await t.app.inject({ method, url });
    }
    t.app.log.info({ url: `http://localhost:3000/newpassword/${SECRET}` }, 'a line with a url field');
    const written = log.lines.slice(before);
    // One line per request, with its URL (app.ts), whichever layer answered it (a route, the router's own 400).
    const requests = written.filter((line) => line.msg === 'request completed');
    expect(requests).toHaveLength(8);
    expect(requests.every((line) => typeof (line.req as { url?: unknown })?.url === 'string')).toBe(true);
    expect(written.some((line) => line.msg === 'a line with a url field')).toBe(true);
    expect(log.text()).not.toContain(SECRET);
    expect(log.text()).toContain('/newpassword/[redacted]');
  });

  it('says at start-up that links are logged, and logs them (not production)', async () => {
    expect(log.lines.some((line) => String(line.msg).includes('links (activation, password reset) are logged'))).toBe(
      true,
    );
    const user = await createUser(t.db, { email: `logged.${process.pid}@example.com` });
    await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: user.email } });
    await t.app.jobs.flush();
    await t.app.jobs.flush();
    const sent = log.lines.find((line) => line.msg === 'mail written to outbox' && line.to === user.email);
    expect(String(sent?.link)).toMatch(/\/newpassword\/[A-Za-z0-9_-]{20,}$/);
  });
});

describe('the log of a production app without SMTP', () => {
  it('says mail goes to the outbox only, and never writes a link', async () => {
    const log = logCapture();
    const t = await createTestApp(
      { NODE_ENV: 'production', LOG_LEVEL: 'info', JOBS_POLL_SECONDS: '0', ADMIN_PASSWORD: 'Production@Pass1' },
      { logStream: log.stream },
    );
    try {
      expect(log.lines.some((line) => String(line.msg).includes('DATA_DIR/outbox only'))).toBe(true);
      const user = await createUser(t.db, { email: `unlogged.${process.pid}@example.com` });
      await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: user.email } });
      await t.app.jobs.flush();
      await t.app.jobs.flush();
      const sent = log.lines.find((line) => line.msg === 'mail written to outbox' && line.to === user.email);
      expect(sent).toBeDefined();
      expect(sent?.link).toBeUndefined();
      expect(log.text()).not.toContain('/newpassword/');
    } finally {
      await t.close();
    }
  });
});
