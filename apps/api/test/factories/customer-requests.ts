import { Readable } from 'node:stream';
import type { RequestStatus } from '@portal/shared/schemas/customer-requests-machine';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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
 * replays to it ('create' to draft, then one 'seed' step): a test of the workflow needs requests in
 * every status, which /save (drafts only) does not make.
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

/** A small real PDF: enough for the content check (magic bytes) and a download. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

/** Stores a PDF in the app's file storage and attaches it to a request as `contentType`. */
export async function attachDocument(
  app: FastifyInstance,
  requestId: number,
  contentType = 'identity_copy',
  title = 'identity.pdf',
): Promise<number> {
  const stored = await app.storage.put(Readable.from([PDF_BYTES]), {
    area: 'requests',
    filename: title,
    accept: ['pdf'],
    maxBytes: 1024 * 1024,
  });
  const [row] = rowsOf<{ id: number }>(
    await app.db.execute(sql`insert into customer_request_files (request_id, content_type, title, storage_key, size, mime)
      values (${requestId}, ${contentType}, ${title}, ${stored.key}, ${stored.size}, ${stored.mime}) returning id`),
  );
  return Number(row?.id);
}

/** The text fields of a valid form: an individual's certificate (service 1), a year, a national id. */
export function requestFormFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: 'سارة محمود عبد الله',
    email: 'sara.applicant@example.com',
    mobile: '01012345678',
    address: '12 شارع التحرير، الدقي، الجيزة',
    identity_type_id: '1',
    identity_value: '29001011234567',
    identity_expiration_date: '2030-05-01',
    service_id: '1',
    service_duration_id: '1',
    organization_type_id: '1',
    renewal: '1',
    ...overrides,
  };
}
