import type { FastifyInstance } from 'fastify';
import { bearer } from './build-app.js';

export type AuditEntry = {
  id: number;
  action: string;
  entity: string | null;
  entity_id: string | null;
  url: string | null;
  user: { id: number } | null;
  old_value: Record<string, unknown> | null;
  new_value: Record<string, unknown> | null;
};

/** Audit entries of one action (and entity id), newest first, read through the real /logs routes. */
export async function auditEntries(
  app: FastifyInstance,
  token: string,
  action: string,
  entityId?: number | string,
): Promise<AuditEntry[]> {
  const list = await app.inject({
    method: 'POST',
    url: '/api/v1/logs',
    headers: bearer(token),
    payload: { action, perPage: 200 },
  });
  if (list.statusCode !== 200) throw new Error(`logs list failed: ${list.statusCode} ${list.body}`);
  const rows = (list.json().data.data as AuditEntry[]).filter(
    (r) => r.action === action && (entityId === undefined || r.entity_id === String(entityId)),
  );
  const details: AuditEntry[] = [];
  for (const row of rows) {
    const detail = await app.inject({ method: 'GET', url: `/api/v1/logs/${row.id}`, headers: bearer(token) });
    details.push(detail.json().data as AuditEntry);
  }
  return details;
}
