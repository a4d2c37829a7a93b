import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { rowsOf } from './client.js';
import { preparedRead } from './prepared.js';
import { roles } from './schema/roles.js';

const roleName = preparedRead('test_role_name', (db) =>
  db
    .select({ name: roles.name })
    .from(roles)
    .where(eq(roles.id, sql.placeholder('id'))),
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
});
