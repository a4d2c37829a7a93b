import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { type JobRow, jobs } from '../../src/db/schema/jobs.js';

/** A queued mail as the jobs table holds it (kind "mail"), with its payload spread out. */
export type MailJob = {
  id: number;
  userId: number | null;
  status: string;
  attempts: number;
  lastError: string | null;
  mailKind: unknown;
  to: unknown;
  text: unknown;
  html: unknown;
  link: unknown;
};

function toMailJob(row: JobRow): MailJob {
  const p = row.payload;
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    mailKind: p.mailKind,
    to: p.to,
    text: p.text,
    html: p.html,
    link: p.link,
  };
}

/** Mail jobs of one user (or of one mail kind), oldest first. */
export async function mailJobs(db: Database, filter: { userId?: number; mailKind?: string } = {}): Promise<MailJob[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, 'mail'),
        filter.userId === undefined ? undefined : eq(jobs.userId, filter.userId),
        filter.mailKind === undefined ? undefined : sql`${jobs.payload} ->> 'mailKind' = ${filter.mailKind}`,
      ),
    )
    .orderBy(asc(jobs.id));
  return rows.map(toMailJob);
}

/** How many mail jobs exist (a refused request must queue none). */
export async function countMailJobs(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(eq(jobs.kind, 'mail'));
  return row?.n ?? 0;
}

/** Whether the job's retry time is still ahead. */
export async function isDeferred(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ later: sql<boolean>`${jobs.runAt} > now()` })
    .from(jobs)
    .where(eq(jobs.id, id));
  return row?.later === true;
}

/** How many jobs exist, of one kind or of any (a refused request must queue nothing). */
export async function countJobs(db: Database, kind?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(kind === undefined ? undefined : eq(jobs.kind, kind));
  return row?.n ?? 0;
}
