import type { RequestStatus } from '@portal/shared/schemas/customer-requests-machine';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../src/db/client.js';
import { inTransaction, systemScope } from '../../src/db/transaction.js';

let serial = 0;

export type CustomerRequestInput = {
  createdBy: number;
  status?: RequestStatus;
  serviceId?: number;
  serviceDurationId?: number;
  organizationTypeId?: number;
  branchId?: number | null;
  receivingDate?: string | null;
  assignedTo?: number | null;
  removed?: 0 | 1;
  rejectionReasonId?: number | null;
  name?: string;
};

/**
 * Inserts a service request straight into the database in any status, with a history that
 * replays to it ('create' to draft, then one 'seed' step): /save is not built yet, and a test of
 * the workflow needs requests in every status.
 */
export async function createCustomerRequest(db: Database, input: CustomerRequestInput) {
  serial += 1;
  const n = serial;
  const status = input.status ?? 1;
  return inTransaction(systemScope(db), async (tx) => {
    const [row] = rowsOf<{ id: number; code: string }>(
      await tx.db.execute(sql`insert into customer_requests (code, created_by, status, service_id, service_duration_id,
          organization_type_id, identity_type_id, identity_value, name, email, mobile, address, branch_id,
          receiving_date, assigned_to, removed, rejection_reason_id)
        values (${`SR-${process.pid}-${n}`}, ${input.createdBy}, ${status}, ${input.serviceId ?? 1},
          ${input.serviceDurationId ?? 1}, ${input.organizationTypeId ?? 1}, 1, '29001011234567',
          ${input.name ?? `مقدم الطلب ${n}`}, ${`applicant${n}@example.com`}, '01012345678', 'القاهرة',
          ${input.branchId ?? null}, ${input.receivingDate ?? null}, ${input.assignedTo ?? null}, ${input.removed ?? 0},
          ${input.rejectionReasonId ?? null})
        returning id, code`),
    );
    if (!row) throw new Error('customer request insert returned nothing');
    const id = Number(row.id);
    await tx.db.execute(sql`insert into workflow_history (machine, record_id, action, from_status, to_status, actor_id)
      values ('customer_request', ${id}, 'create', null, 1, ${input.createdBy})`);
    if (status !== 1) {
      await tx.db.execute(sql`insert into workflow_history (machine, record_id, action, from_status, to_status, actor_id)
        values ('customer_request', ${id}, 'seed', 1, ${status}, null)`);
    }
    return { id, code: row.code };
  });
}
