import { holds } from '@portal/shared/policy';
import {
  customerRequestFormSchema,
  documentsToDiscard,
  type ExtraFileField,
  MAIN_DOCUMENTS,
  type MainDocument,
  type TCustomerRequestForm,
} from '@portal/shared/schemas/customer-requests';
import type { TRequestSaveResult } from '@portal/shared/schemas/customer-requests-api';
import { type RequestStatus, requestPolicy } from '@portal/shared/schemas/customer-requests-machine';
import { REQUEST_STATUS_IDS } from '@portal/shared/schemas/request-lookups';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf } from '../../db/client.js';
import { inTransaction, type Reader } from '../../db/transaction.js';
import { AppError, type FieldError } from '../../lib/app-error.js';
import { clock } from '../../lib/clock.js';
import { type AppContext, viewerOf } from '../../lib/context.js';
import type { FileStorage } from '../../lib/storage.js';
import { discardStored, readReplacement, readRequestForm, type UploadedDocument } from './request-upload.js';

/**
 * POST /customers_requests/save and /save/{id}, the document replacement and the hard delete
 * (SPEC §3, §5, §7; docs/decisions/0021-service-requests.md "Saving and documents"). Files are
 * stored first, under random keys; then one transaction writes the request and its file rows; if
 * anything fails the files just stored are deleted, and files a save replaced are deleted only
 * after its commit. So a failed save leaves neither half a request nor stray files.
 */

type StoredRow = { id: number; content_type: string; storage_key: string };

type EditableRow = { status: number; created_by: number; final: boolean | null };

async function editableRow(db: Reader, id: number, lock: boolean): Promise<EditableRow | undefined> {
  const [row] = rowsOf<EditableRow>(
    await db.execute(sql`select c.status, c.created_by,
        (select r.final_decision from rejection_reasons r where r.id = c.rejection_reason_id) as final
      from customer_requests c where c.id = ${id} ${lock ? sql`for update` : sql``}`),
  );
  return row;
}

/**
 * Who may save the form again: the creator or edit_requests, while a draft or a rejection that is
 * not final. Whoever may not even see the request reads 404; who may see it but not edit it now,
 * 409 (its status says why); who may see it but never edit it, 403.
 */
function assertEditable(ctx: AppContext, row: EditableRow | undefined): void {
  const viewer = viewerOf(ctx);
  if (!row) throw AppError.notFound();
  const record = {
    created_by: Number(row.created_by),
    rejection_final: row.final === true,
    status: Number(row.status) as RequestStatus,
  };
  if (!requestPolicy.view(viewer, record)) throw AppError.notFound();
  if (requestPolicy.edit(viewer, record)) return;
  if (record.created_by === viewer.id || holds(viewer, 'edit_requests')) {
    throw new AppError(409, 'requests.errors.not_editable');
  }
  throw AppError.forbidden();
}

/** The lookups the form names exist (the schema checks the ids' shape, the database their meaning). */
async function lookupErrors(db: Reader, form: TCustomerRequestForm): Promise<FieldError[]> {
  const checks: [string, SQL, string][] = [
    ['service_id', sql`select 1 from services where id = ${form.service_id}`, 'requests.validation.service_required'],
    [
      'service_duration_id',
      sql`select 1 from service_durations where id = ${form.service_duration_id}`,
      'requests.validation.duration_required',
    ],
    [
      'organization_type_id',
      sql`select 1 from organization_types where id = ${form.organization_type_id}`,
      'requests.validation.organization_type_required',
    ],
  ];
  if (form.nationality !== null) {
    checks.push([
      'nationality',
      sql`select 1 from countries where id = ${form.nationality}`,
      'requests.validation.nationality_invalid',
    ]);
  }
  if (form.branch !== null) {
    checks.push([
      'branch',
      sql`select 1 from branches where id = ${form.branch}`,
      'requests.validation.branch_invalid',
    ]);
  }
  const errors: FieldError[] = [];
  for (const [field, query, key] of checks) {
    if (rowsOf(await db.execute(query)).length === 0) errors.push({ field, key });
  }
  return errors;
}

function parseForm(fields: Record<string, string>, documents: Iterable<string>): TCustomerRequestForm {
  const parsed = customerRequestFormSchema({ today: clock.today(), documents }).safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: FieldError[] = parsed.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || undefined,
    key: issue.message,
  }));
  throw new AppError(422, 'requests.error', {}, errors);
}

const isMain = (type: string): type is MainDocument => (MAIN_DOCUMENTS as readonly string[]).includes(type);

function columnsOf(form: TCustomerRequestForm) {
  return {
    name: form.name,
    email: form.email,
    mobile: form.mobile,
    address: form.address,
    identity_type_id: form.identity_type_id,
    identity_value: form.identity_value ?? form.identity_passport_value ?? '',
    identity_expiration_date: form.identity_expiration_date,
    service_id: form.service_id,
    service_duration_id: form.service_duration_id,
    organization_type_id: form.organization_type_id,
    user_type: form.user_type,
    tax_registration_number: form.tax_registration_number,
    representative_type: form.Representative_type,
    nationality_id: form.nationality,
    branch_id: form.branch,
    renewal: form.renewal,
  };
}

async function insertFiles(db: Reader, requestId: number, files: readonly UploadedDocument[]): Promise<void> {
  for (const file of files) {
    await db.execute(sql`insert into customer_request_files (request_id, content_type, title, storage_key, size, mime)
      values (${requestId}, ${file.contentType}, ${file.title}, ${file.key}, ${file.size}, ${file.mime})`);
  }
}

/**
 * Creates (no id) or saves again (id) a request from its multipart form. Rights are checked
 * before the body is read, so a caller who may not edit never has a byte stored.
 */
export async function saveCustomerRequest(
  ctx: AppContext,
  storage: FileStorage,
  request: FastifyRequest,
  id?: number,
): Promise<TRequestSaveResult> {
  if (id !== undefined) assertEditable(ctx, await editableRow(ctx.db, id, false));
  const form = await readRequestForm(request, storage);
  const replaced: string[] = [];
  try {
    if (form.refused.length > 0) throw new AppError(422, 'requests.error', {}, form.refused);
    const existing =
      id === undefined
        ? []
        : rowsOf<StoredRow>(
            await ctx.db.execute(
              sql`select id, content_type, storage_key from customer_request_files where request_id = ${id}`,
            ),
          );
    const documents = new Set([
      ...existing.map((f) => f.content_type).filter(isMain),
      ...form.stored.map((f) => f.contentType).filter(isMain),
    ]);
    const parsed = parseForm(form.fields, documents);
    const lookups = await lookupErrors(ctx.db, parsed);
    if (lookups.length > 0) throw new AppError(422, 'requests.error', {}, lookups);

    // A person's request keeps no company papers (SPEC §5): neither the ones sent now nor stored ones.
    const dropped = new Set<string>(documentsToDiscard(parsed.organization_type_id));
    const keep = form.stored.filter((f) => !dropped.has(f.contentType));
    replaced.push(...form.stored.filter((f) => dropped.has(f.contentType)).map((f) => f.key));
    // A one-per-request document sent again replaces the stored one.
    const single = new Set<string>(keep.map((f) => f.contentType).filter((t) => t !== 'additionalFile'));
    const superseded = existing.filter((f) => single.has(f.content_type) || dropped.has(f.content_type));

    const saved = await inTransaction(ctx, async (tx) => {
      const columns = columnsOf(parsed);
      let requestId: number;
      let code: string;
      if (id === undefined) {
        const [row] = rowsOf<{ id: number }>(
          await tx.db.execute(sql`insert into customer_requests (code, created_by, status, name, email, mobile, address,
              identity_type_id, identity_value, identity_expiration_date, service_id, service_duration_id,
              organization_type_id, user_type, tax_registration_number, representative_type, nationality_id,
              branch_id, renewal)
            values (${`new-${crypto.randomUUID().slice(0, 16)}`}, ${viewerOf(ctx).id}, ${REQUEST_STATUS_IDS.draft},
              ${columns.name}, ${columns.email}, ${columns.mobile}, ${columns.address}, ${columns.identity_type_id},
              ${columns.identity_value}, ${columns.identity_expiration_date}, ${columns.service_id},
              ${columns.service_duration_id}, ${columns.organization_type_id}, ${columns.user_type},
              ${columns.tax_registration_number}, ${columns.representative_type}, ${columns.nationality_id},
              ${columns.branch_id}, ${columns.renewal})
            returning id`),
        );
        if (!row) throw new Error('customer request insert returned nothing');
        requestId = Number(row.id);
        // The code people read out on the phone: SR- and the id, known only once inserted.
        code = `SR-${String(requestId).padStart(6, '0')}`;
        await tx.db.execute(sql`update customer_requests set code = ${code} where id = ${requestId}`);
        await tx.db.execute(sql`insert into workflow_history (machine, record_id, action, from_status, to_status, actor_id)
          values ('customer_request', ${requestId}, 'create', null, ${REQUEST_STATUS_IDS.draft}, ${viewerOf(ctx).id})`);
      } else {
        // Read again under the lock: the status may have moved since the rights were checked.
        assertEditable(ctx, await editableRow(tx.db, id, true));
        const [row] = rowsOf<{ code: string }>(
          await tx.db.execute(sql`update customer_requests set name = ${columns.name}, email = ${columns.email},
              mobile = ${columns.mobile}, address = ${columns.address}, identity_type_id = ${columns.identity_type_id},
              identity_value = ${columns.identity_value},
              identity_expiration_date = ${columns.identity_expiration_date}, service_id = ${columns.service_id},
              service_duration_id = ${columns.service_duration_id},
              organization_type_id = ${columns.organization_type_id}, user_type = ${columns.user_type},
              tax_registration_number = ${columns.tax_registration_number},
              representative_type = ${columns.representative_type}, nationality_id = ${columns.nationality_id},
              branch_id = ${columns.branch_id}, renewal = ${columns.renewal}, updated_at = now()
            where id = ${id} returning code`),
        );
        requestId = id;
        code = row?.code ?? '';
        if (superseded.length > 0) {
          await tx.db.execute(sql`delete from customer_request_files
            where id in (${sql.join(
              superseded.map((f) => sql`${f.id}`),
              sql`, `,
            )})`);
        }
      }
      await insertFiles(tx.db, requestId, keep);
      return { id: requestId, code };
    });
    await discardStored(storage, [
      ...replaced.map((key) => ({ key })),
      ...superseded.map((f) => ({ key: f.storage_key })),
    ]);
    return { status: 'success', id: saved.id, code: saved.code, errors: form.discarded };
  } catch (error) {
    await discardStored(storage, form.stored);
    throw error;
  }
}

/** POST /customers_requests/archive/update/{fileId}: one stored document replaced by a new file of its kind. */
export async function replaceRequestDocument(
  ctx: AppContext,
  storage: FileStorage,
  request: FastifyRequest,
  fileId: number,
): Promise<{ id: number; request_id: number }> {
  const [file] = rowsOf<{ request_id: number; content_type: string; storage_key: string }>(
    await ctx.db.execute(
      sql`select request_id, content_type, storage_key from customer_request_files where id = ${fileId}`,
    ),
  );
  if (!file) throw AppError.notFound();
  const requestId = Number(file.request_id);
  assertEditable(ctx, await editableRow(ctx.db, requestId, false));
  const contentType = file.content_type as MainDocument | ExtraFileField;
  const stored = await readReplacement(request, storage, contentType);
  try {
    const replaced = await inTransaction(ctx, async (tx) => {
      assertEditable(ctx, await editableRow(tx.db, requestId, true));
      await tx.db.execute(sql`delete from customer_request_files where id = ${fileId}`);
      const [row] = rowsOf<{ id: number }>(
        await tx.db.execute(sql`insert into customer_request_files (request_id, content_type, title, storage_key, size, mime)
          values (${requestId}, ${contentType}, ${stored.title}, ${stored.key}, ${stored.size}, ${stored.mime})
          returning id`),
      );
      await tx.db.execute(sql`update customer_requests set updated_at = now() where id = ${requestId}`);
      return Number(row?.id);
    });
    await storage.delete(file.storage_key);
    return { id: replaced, request_id: requestId };
  } catch (error) {
    await storage.delete(stored.key);
    throw error;
  }
}

/** One stored document, to the creator, staff who may list requests, or the staff member it was moved to. */
export async function readRequestDocument(ctx: AppContext, storage: FileStorage, requestId: number, fileId: number) {
  const viewer = viewerOf(ctx);
  const [row] = rowsOf<{
    title: string;
    storage_key: string;
    mime: string;
    created_by: number;
    assigned_to: number | null;
  }>(
    await ctx.db.execute(sql`select f.title, f.storage_key, f.mime, c.created_by, c.assigned_to
      from customer_request_files f join customer_requests c on c.id = f.request_id
      where f.id = ${fileId} and f.request_id = ${requestId}`),
  );
  const allowed =
    row !== undefined &&
    (requestPolicy.view(viewer, { created_by: Number(row.created_by), rejection_final: false }) ||
      (row.assigned_to !== null && Number(row.assigned_to) === viewer.id));
  const stored = allowed ? await storage.get(row.storage_key) : undefined;
  if (!row || !stored) throw AppError.notFound();
  return { ...stored, title: row.title, mime: row.mime };
}

/** DELETE /customers_requests/delete/{id} (admin_requests): the request, its history, its files. */
export async function deleteCustomerRequest(ctx: AppContext, storage: FileStorage, id: number): Promise<void> {
  if (!holds(viewerOf(ctx), 'admin_requests')) throw AppError.forbidden();
  const keys = await inTransaction(ctx, async (tx) => {
    const files = rowsOf<{ storage_key: string }>(
      await tx.db.execute(sql`select storage_key from customer_request_files where request_id = ${id}`),
    );
    const deleted = rowsOf<{ id: number }>(
      await tx.db.execute(sql`delete from customer_requests where id = ${id} returning id`),
    );
    if (deleted.length !== 1) throw AppError.notFound();
    await tx.db.execute(sql`delete from workflow_history where machine = 'customer_request' and record_id = ${id}`);
    return files.map((f) => ({ key: f.storage_key }));
  });
  await discardStored(storage, keys);
}
