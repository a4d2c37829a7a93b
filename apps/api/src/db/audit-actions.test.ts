import { AUDIT_ACTIONS, AUDITED_TABLES } from '@portal/shared/audit-actions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../test/helpers/build-app.js';
import { rowsOf } from './client.js';

/**
 * The web app labels every audit code of packages/shared/src/audit-actions.ts in both languages
 * (and offers them as the log's action filter). The trigger's codes are `<table>.<operation>` of
 * the tables it watches: a table audited here but missing there would show its raw code.
 */
describe('audit action codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('AUDITED_TABLES names exactly the tables that carry the audit trigger', async () => {
    const triggers = rowsOf<{ table: string }>(
      await t.db.execute(`select distinct event_object_table as table from information_schema.triggers
        where trigger_schema = 'public' and action_statement like '%audit_row_change(%' order by 1`),
    ).map((r) => r.table);
    expect([...AUDITED_TABLES].sort()).toEqual(triggers);
  });

  it('the rows the seed and a login wrote carry known codes only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: ADMIN,
    });
    expect(res.statusCode).toBe(200);
    const codes = rowsOf<{ action: string }>(await t.db.execute('select distinct action from audit_logs')).map(
      (r) => r.action,
    );
    expect(codes).toContain('login');
    expect(codes.filter((code) => !(AUDIT_ACTIONS as readonly string[]).includes(code))).toEqual([]);
  });
});
