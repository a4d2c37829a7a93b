import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { rowsOf } from './client.js';
import { fixedRead, preparedRead } from './prepared.js';
import { roles } from './schema/roles.js';

const roleName = preparedRead('test_role_name', (db) =>
  db
    .select({ name: roles.name })
    .from(roles)
    .where(eq(roles.id, sql.placeholder('id'))),
);

/** What a read sees of its connection: the plan mode, its own prepared statements, a role by id. */
const planMode = fixedRead<{ mode: string; named: boolean }, [string]>(
  'test_plan_mode',
  (name) => sql`select current_setting('plan_cache_mode') as mode,
      exists (select 1 from pg_prepared_statements where name = ${name}) as named`,
);
const roleByName = fixedRead<{ id: number }, [string]>(
  'test_role_by_name',
  (name) => sql`select id from roles where name = ${name}`,
);
const times = fixedRead<Record<string, unknown>, [string]>(
  'test_times',
  (day) => sql`select ${day}::date as day, ${day}::timestamptz as at, ${day}::timestamp as local,
      interval '1 day' as span, array[${day}::date] as days, 12.50::numeric as amount, 7::bigint as big, 3 as n`,
);
const shapeShifter = fixedRead<{ n: number }, [boolean]>('test_shape', (one) =>
  one ? sql`select 1 as n` : sql`select ${2}::int as n`,
);

describe('reads prepared once per database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('answers each call with its own values, as a named statement of the connection, in a transaction too', async () => {
    const { db } = database.handle;
    const all = await db
      .insert(roles)
      .values([{ name: 'first' }, { name: 'second' }])
      .returning({ id: roles.id, name: roles.name });
    for (const role of all) expect(await roleName(db).execute({ id: role.id })).toEqual([{ name: role.name }]);
    expect(await roleName(db).execute({ id: -1 })).toEqual([]);
    expect(roleName(db)).toBe(roleName(db));

    await db.transaction(async (tx) => {
      const [first, second] = all;
      expect(await roleName(tx).execute({ id: first?.id })).toEqual([{ name: first?.name }]);
      expect(await roleName(tx).execute({ id: second?.id })).toEqual([{ name: second?.name }]);
      const statements = rowsOf<{ name: string }>(
        await tx.execute(sql`select name from pg_prepared_statements where name = 'test_role_name'`),
      );
      expect(statements).toEqual([{ name: 'test_role_name' }]);
    });
  });

  it('refuses a second read of the same name, which would meet the first on a connection', () => {
    expect(() => preparedRead('test_role_name', (db) => db.select().from(roles))).toThrow(
      'two prepared reads named test_role_name',
    );
  });

  it('runs a fixed read as a named statement on connections that keep one generic plan; in a transaction, on it', async () => {
    const { db } = database.handle;
    // A named statement of its connection (parsed before it runs, so it sees itself listed).
    for (const _ of [1, 2]) {
      expect(await planMode(db, 'test_plan_mode')).toEqual([{ mode: 'force_generic_plan', named: true }]);
    }
    // The other connections plan each statement for its values, as the lists need.
    expect(rowsOf(await db.execute(sql`select current_setting('plan_cache_mode') as mode`))).toEqual([
      { mode: 'auto' },
    ]);

    await db.transaction(async (tx) => {
      expect((await planMode(tx, 'test_plan_mode'))[0]?.mode).toBe('auto');
      // Inside the transaction it sees what the transaction wrote and has not committed.
      const [made] = await tx.insert(roles).values({ name: 'not committed yet' }).returning({ id: roles.id });
      expect(await roleByName(tx, 'not committed yet')).toEqual([{ id: made?.id }]);
      // Outside it, not yet.
      expect(await roleByName(db, 'not committed yet')).toEqual([]);
    });
    expect((await roleByName(db, 'not committed yet')).map((r) => typeof r.id)).toEqual(['number']);
  });

  it('gives the values as db.execute gives them: times and dates as PostgreSQL writes them', async () => {
    const { db } = database.handle;
    const query = sql`select ${'2026-03-01'}::date as day, ${'2026-03-01'}::timestamptz as at,
        ${'2026-03-01'}::timestamp as local, interval '1 day' as span, array[${'2026-03-01'}::date] as days,
        12.50::numeric as amount, 7::bigint as big, 3 as n`;
    const [expected] = rowsOf<Record<string, unknown>>(await db.execute(query));
    expect(expected?.day).toBe('2026-03-01');
    expect(await times(db, '2026-03-01')).toEqual([expected]);
  });

  it('refuses a fixed read whose SQL changes with its values: its name stands for one text', async () => {
    const { db } = database.handle;
    expect(await shapeShifter(db, true)).toEqual([{ n: 1 }]);
    await expect(shapeShifter(db, false)).rejects.toThrow('the fixed read test_shape changed its SQL with its values');
    expect(() => fixedRead('test_role_by_name', () => sql`select 1`)).toThrow(
      'two prepared reads named test_role_by_name',
    );
  });
});
