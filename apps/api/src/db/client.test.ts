import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { rowsOf } from './client.js';

describe('the database connection', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  // A generic plan of a short list query crossed jit_above_cost and paid ~240 ms of compiling per call.
  it('connects to PostgreSQL with JIT compilation off', async () => {
    const [row] = rowsOf<{ jit: string }>(await database.handle.db.execute(sql`select current_setting('jit') as jit`));
    expect(row?.jit).toBe('off');
  });
});
