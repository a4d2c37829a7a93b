import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.js';
import { openTestDatabase, type TestDatabase } from './helpers/test-database.js';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * The newest-first reads (the bell, a member's tickets, the staff's tickets and messages by status,
 * the terms) take their rows in their index's order (migration 0036). An index of "id DESC NULLS
 * LAST" cannot give "order by id desc" (NULLS FIRST): the bell then sorted all of a user's
 * notifications, or walked the whole primary key backwards, 4.3 s for a user of the DESIGN §5 set.
 * Asked of the planner with sequential scans priced out, as the data sets of a test are too small
 * for it to prefer an index on its own.
 */
describe('newest-first reads use their index in its order', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const reads = [
    {
      index: 'notifications_user_idx',
      query: sql`select * from notifications where user_id = 1 order by id desc limit 10`,
    },
    { index: 'tickets_user_idx', query: sql`select * from tickets where user_id = 1 order by id desc limit 10` },
    { index: 'tickets_status_idx', query: sql`select * from tickets where status = 0 order by id desc limit 10` },
    { index: 'tickets_status_idx', query: sql`select * from tickets where status = 0 order by id asc limit 10` },
    {
      index: 'contact_messages_status_idx',
      query: sql`select * from contact_messages where status = 0 order by id desc limit 10`,
    },
    {
      index: 'terms_versions_lang_idx',
      query: sql`select * from terms_versions where lang = 'ar' order by id desc limit 1`,
    },
  ];

  it.each(reads)('$index serves its read, in order', async ({ index, query }) => {
    const plan = await database.handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const [row] = rowsOf<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        await tx.execute(sql`explain (format json) ${query}`),
      );
      return row?.['QUERY PLAN'][0]?.Plan;
    });
    expect(plan).toBeDefined();
    const nodes = nodesOf(plan as PlanNode);
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
    expect(nodes.map((n) => n['Index Name'])).toContain(index);
  });
});
