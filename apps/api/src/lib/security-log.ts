import type { SecurityAction } from '@portal/shared/audit-actions';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';
import { auditLogs } from '../db/schema/audit-logs.js';
import { redactUrl } from './redact.js';

/**
 * Security events (issue 8, docs/decisions/0015-security-events.md): refusals that change no
 * record but that staff must be able to see — a failed login, a throttled attempt, a call
 * refused for lack of permission. They go to the audit log as `security.*` actions with who,
 * what and from where, written directly (the audit trigger records changes, these are not).
 */
export type SecurityEvent = SecurityAction;

export async function recordSecurityEvent(
  db: Database,
  request: FastifyRequest,
  action: SecurityEvent,
  details: Record<string, string | number | null> = {},
): Promise<void> {
  await db.insert(auditLogs).values({
    action,
    entity: 'security',
    entityId: request.auth ? String(request.auth.userId) : null,
    url: redactUrl(request.url).slice(0, 2000),
    method: request.method,
    userId: request.auth?.userId ?? null,
    ip: request.ip,
    requestId: String(request.id),
    newValue: { route: request.routeOptions.url ?? null, ...details },
  });
}
