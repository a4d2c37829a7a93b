import { translate } from '@portal/shared/messages';
import { userPolicy } from '@portal/shared/policy';
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
import { allow, viewerOf } from '../../lib/context.js';
import { emptyBodyAsObject } from '../../lib/empty-body.js';
import { ok } from '../../lib/reply.js';
import { type FileStorage, StorageRejection, type StoredFile } from '../../lib/storage.js';
import { type MultipartBody, mediaTypesOf } from '../../plugins/docs.js';
import { userAccountRoutes } from './user-account.routes.js';
import {
  changePassword,
  createUser,
  deleteUser,
  getUser,
  listUsers,
  type OldPasswordGuard,
  readUserPhoto,
  setUserPhoto,
  updateUser,
} from './users.service.js';

/** Multipart field names accepted for the photo (the form's `image`, or a generic `file`). */
const PHOTO_FIELDS = new Set(['image', 'file']);

/** What storePhoto reads, for the OpenAPI document. */
const PHOTO_BODY: MultipartBody = {
  files: {
    image: {
      types: mediaTypesOf(['png', 'jpg']),
      required: true,
      description: 'The photo, at most 512 KB (also accepted in a field named file)',
    },
  },
};

function photoError(status: number, key: string): AppError {
  return new AppError(status, status === 413 ? 'errors.payload_too_large' : 'errors.validation', {}, [
    { field: 'image', key },
  ]);
}

/** Streams the one photo of a multipart body into storage (jpg/png by content, at most PHOTO_MAX_BYTES). */
async function storePhoto(request: FastifyRequest, storage: FileStorage): Promise<StoredFile> {
  if (!request.isMultipart()) throw new AppError(415, 'errors.unsupported_media_type');
  try {
    // One byte over the limit is read, so an oversized file is told apart from one of exactly 512 KB.
    const part = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 } });
    if (!part || !PHOTO_FIELDS.has(part.fieldname)) throw photoError(422, 'users.errors.photo_missing');
    return await storage.put(part.file, {
      area: 'users',
      filename: part.filename,
      accept: ['png', 'jpg'],
      maxBytes: PHOTO_MAX_BYTES,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof StorageRejection) {
      if (error.reason === 'too_large') throw photoError(413, 'users.errors.photo_too_large');
      throw photoError(422, error.reason === 'empty' ? 'users.errors.photo_missing' : 'users.errors.photo_type');
    }
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw photoError(413, 'users.errors.photo_too_large');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(413, 'errors.payload_too_large');
    }
    // Anything else here is the body failing to parse (busboy: "Unexpected end of multipart data", no boundary, …).
    request.log.info({ err: error }, 'unreadable multipart body');
    throw new AppError(400, 'errors.bad_request');
  }
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(userAccountRoutes);

  const failures = app.rateCounter('password:old', {
    max: app.env.LOGIN_MAX_FAILURES,
    windowSeconds: app.env.LOGIN_WINDOW_MINUTES * 60,
  });
  const oldPasswordGuard: OldPasswordGuard = {
    async check(userId) {
      const state = await failures.peek(String(userId));
      if (state.count >= failures.max) throw AppError.tooManyRequests(state.retryAfterSeconds);
    },
    async failed(userId) {
      await failures.hit(String(userId));
    },
  };

  app.post(
    '/users',
    {
      config: { access: 'users.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['users'],
        summary: 'Users, paged and filtered (removed ones too for admin_users)',
        body: ZUserListRequestSchema,
        response: { 200: successSchema(listPageSchema(ZUserListRow)) },
      },
    },
    async (request) => ok(await listUsers(request.ctx(), request.body)),
  );

  app.put(
    '/users',
    {
      config: { access: 'users.put', idempotent: true },
      schema: {
        tags: ['users'],
        summary: 'Create a customer (type user) or an administrator (type admin)',
        body: ZUserCreateRequestSchema,
        errors: [404, 409],
        response: { 201: successSchema(ZUserSchema) },
      },
    },
    async (request, reply) => {
      const user = await createUser(request.ctx(), request.body);
      return reply.status(201).send(ok(user, translate(request.locale, 'users.messages.created')));
    },
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'One user (themselves, or anyone with users.view)',
        params: ZIdParams,
        errors: [403],
        response: { 200: successSchema(ZUserSchema) },
      },
    },
    async (request) => ok(await getUser(request.ctx(), request.params.id)),
  );

  app.put(
    '/users/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Edit a user (themselves unless unedit_users, anyone with users.put)',
        params: ZIdParams,
        body: ZUserUpdateRequestSchema,
        errors: [403, 409],
        response: { 200: successSchema(ZUserSchema) },
      },
    },
    async (request) =>
      ok(
        await updateUser(request.ctx(), request.params.id, request.body),
        translate(request.locale, 'users.messages.updated'),
      ),
  );

  app.delete(
    '/users/:id',
    {
      config: { access: 'users.delete' },
      schema: {
        tags: ['users'],
        summary: 'Remove a user (soft delete; sessions revoked, history kept)',
        params: ZIdParams,
        errors: [409],
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteUser(request.ctx('users.remove'), request.params.id);
      return ok(null, translate(request.locale, 'users.messages.deleted'));
    },
  );

  app.post(
    '/me/password',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Change a password: one’s own (old password needed) or, with users.put, another user’s',
        querystring: ZPasswordChangeQuery,
        body: ZPasswordChangeRequestSchema,
        errors: [403, 404, 429],
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await changePassword(request.ctx('users.password_change'), request.query.user_id, request.body, oldPasswordGuard);
      return ok(null, translate(request.locale, 'users.messages.password_changed'));
    },
  );

  app.post(
    '/users/:id/photo',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Upload a profile photo (multipart field image; jpg, jpeg or png; at most 512 KB)',
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        multipartBody: PHOTO_BODY,
        errors: [403],
        response: { 200: successSchema(ZUserSchema) },
      },
    },
    async (request) => {
      const ctx = request.ctx();
      // Rights first, so an unauthorized caller's upload is never read.
      allow(userPolicy.edit(viewerOf(ctx), request.params.id));
      const file = await storePhoto(request, app.storage);
      return ok(
        await setUserPhoto(ctx, app.storage, request.params.id, file),
        translate(request.locale, 'users.messages.photo_updated'),
      );
    },
  );

  app.get(
    '/users/:id/photo',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'A user’s profile photo (themselves, users.view or users.index)',
        params: ZIdParams,
        produces: mediaTypesOf(['png', 'jpg']),
        errors: [403],
      },
    },
    async (request, reply) => {
      const photo = await readUserPhoto(request.ctx(), app.storage, request.params.id);
      return reply
        .type(photo.mime)
        .header('content-length', String(photo.size))
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline')
        .send(photo.stream);
    },
  );
};
