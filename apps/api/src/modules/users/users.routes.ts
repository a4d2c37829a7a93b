import { translate } from '@portal/shared/messages';
import { ZUserSchema } from '@portal/shared/schemas/auth';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import { listPageSchema } from '@portal/shared/schemas/list';
import {
  PHOTO_MAX_BYTES,
  ZPasswordChangeQuery,
  ZPasswordChangeRequestSchema,
  ZUserCreateRequestSchema,
  ZUserListRequestSchema,
  ZUserListRow,
  ZUserUpdateRequestSchema,
} from '@portal/shared/schemas/users';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { emptyBodyAsObject } from '../../lib/empty-body.js';
import { ok } from '../../lib/reply.js';
import { uploadStore } from '../../lib/uploads.js';
import { requireAuth } from '../../plugins/auth.js';
import {
  changePassword,
  createUser,
  deleteUser,
  getUser,
  listUsers,
  loadEditable,
  readUserPhoto,
  setUserPhoto,
  type UploadedFile,
  updateUser,
} from './users.service.js';

export type UsersRoutesOptions = {
  /** DATA_DIR: profile photos are kept under DATA_DIR/uploads/users. */
  dataDir: string;
};

/** Multipart field names accepted for the photo (the form's `image`, or a generic `file`). */
const PHOTO_FIELDS = new Set(['image', 'file']);

/** Reads the one photo of a multipart body, at most PHOTO_MAX_BYTES; every failure is a translated error. */
async function readPhoto(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError(415, 'errors.unsupported_media_type');
  try {
    const part = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    if (!part || !PHOTO_FIELDS.has(part.fieldname)) {
      throw new AppError(422, 'errors.validation', {}, [{ field: 'image', key: 'users.errors.photo_missing' }]);
    }
    const bytes = await part.toBuffer();
    if (bytes.length === 0) {
      throw new AppError(422, 'errors.validation', {}, [{ field: 'image', key: 'users.errors.photo_missing' }]);
    }
    return { filename: part.filename, bytes };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'errors.payload_too_large', {}, [
        { field: 'image', key: 'users.errors.photo_too_large' },
      ]);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(413, 'errors.payload_too_large');
    }
    // Anything else here is the body failing to parse (busboy: "Unexpected end of multipart data", no boundary, …).
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new AppError(400, 'errors.bad_request');
  }
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, options) => {
  const photos = uploadStore(options.dataDir, 'users');

  app.post(
    '/users',
    {
      config: { permission: 'users.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['users'],
        summary: 'Users, paged and filtered (removed ones too for admin_users)',
        body: ZUserListRequestSchema,
        response: { 200: successSchema(listPageSchema(ZUserListRow)) },
      },
    },
    async (request) => ok(await listUsers(app.db, requireAuth(request), request.body)),
  );

  app.put(
    '/users',
    {
      config: { permission: 'users.put' },
      schema: {
        tags: ['users'],
        summary: 'Create a customer (type user) or an administrator (type admin)',
        body: ZUserCreateRequestSchema,
        response: { 201: successSchema(ZUserSchema) },
      },
    },
    async (request, reply) => {
      const user = await createUser(app.db, request.body, request.actor());
      return reply.status(201).send(ok(user, translate(request.locale, 'users.messages.created')));
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'One user (themselves, or anyone with users.view)',
        params: ZIdParams,
        response: { 200: successSchema(ZUserSchema) },
      },
    },
    async (request) => ok(await getUser(app.db, requireAuth(request), request.params.id)),
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Edit a user (themselves unless unedit_users, anyone with users.put)',
        params: ZIdParams,
        body: ZUserUpdateRequestSchema,
        response: { 200: successSchema(ZUserSchema) },
      },
    },
    async (request) =>
      ok(
        await updateUser(app.db, requireAuth(request), request.params.id, request.body, request.actor()),
        translate(request.locale, 'users.messages.updated'),
      ),
  );

  app.delete(
    '/users/:id',
    {
      config: { permission: 'users.delete' },
      schema: {
        tags: ['users'],
        summary: 'Remove a user (soft delete; sessions revoked, history kept)',
        params: ZIdParams,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteUser(app.db, requireAuth(request), request.params.id, request.actor());
      return ok(null, translate(request.locale, 'users.messages.deleted'));
    },
  );

  app.post(
    '/me/password',
    {
      schema: {
        tags: ['users'],
        summary: 'Change a password: one’s own (old password needed) or, with users.put, another user’s',
        querystring: ZPasswordChangeQuery,
        body: ZPasswordChangeRequestSchema,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await changePassword(
        app.db,
        requireAuth(request),
        request.query.user_id,
        request.body,
        request.actor('users.password_change'),
      );
      return ok(null, translate(request.locale, 'users.messages.password_changed'));
    },
  );

  app.post(
    '/users/:id/photo',
    {
      schema: {
        tags: ['users'],
        summary: 'Upload a profile photo (multipart field image; jpg, jpeg or png; at most 512 KB)',
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 200: successSchema(ZUserSchema) },
      },
    },
    async (request) => {
      // Rights first, so an unauthorized caller's upload is never read.
      const target = await loadEditable(app.db, requireAuth(request), request.params.id);
      const file = await readPhoto(request);
      return ok(
        await setUserPhoto(app.db, photos, target, file, request.actor()),
        translate(request.locale, 'users.messages.photo_updated'),
      );
    },
  );

  app.get(
    '/users/:id/photo',
    {
      schema: {
        tags: ['users'],
        summary: 'A user’s profile photo (themselves, users.view or users.index)',
        params: ZIdParams,
      },
    },
    async (request, reply) => {
      const photo = await readUserPhoto(app.db, photos, requireAuth(request), request.params.id);
      return reply
        .type(photo.contentType)
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline')
        .send(photo.bytes);
    },
  );
};
