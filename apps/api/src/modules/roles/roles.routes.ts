import { translate } from '@portal/shared/messages';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import { listPageSchema } from '@portal/shared/schemas/list';
import {
  ZPermissionGroup,
  ZRoleCreateRequestSchema,
  ZRoleDetail,
  ZRoleListRequestSchema,
  ZRoleRow,
  ZRoleSyncRequestSchema,
  ZRoleUpdateRequestSchema,
  ZUserAccess,
  ZUserRolesRequestSchema,
} from '@portal/shared/schemas/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBodyAsObject } from '../../lib/empty-body.js';
import { ok } from '../../lib/reply.js';
import {
  assignUserAccess,
  createRole,
  deleteRole,
  getRole,
  getUserAccess,
  listRoles,
  permissionCatalogue,
  updateRole,
} from './roles.service.js';

/** Role management and assignment (SPEC §6, §7). Rules: docs/decisions/0003-roles.md. */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/roles',
    {
      config: { access: 'roles.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: ['roles'],
        summary: 'Roles with their user and permission counts',
        body: ZRoleListRequestSchema,
        response: { 200: successSchema(listPageSchema(ZRoleRow)) },
      },
    },
    async (request) => ok(await listRoles(request.ctx(), request.body)),
  );

  app.post(
    '/roles/permissions',
    {
      config: { access: 'admin_roles' },
      schema: {
        tags: ['roles'],
        summary: 'The permission catalogue, grouped, with labels in the request language',
        response: { 200: successSchema(z.array(ZPermissionGroup)) },
      },
    },
    async (request) => ok(permissionCatalogue(request.locale)),
  );

  app.get(
    '/roles/:id',
    {
      config: { access: 'roles.index' },
      schema: {
        tags: ['roles'],
        summary: 'One role with its permissions',
        params: ZIdParams,
        response: { 200: successSchema(ZRoleDetail) },
      },
    },
    async (request) => ok(await getRole(request.ctx(), request.params.id)),
  );

  app.put(
    '/roles',
    {
      config: { access: 'roles.put', idempotent: true },
      schema: {
        tags: ['roles'],
        summary: 'Create a role (name unique; only permissions the caller holds)',
        body: ZRoleCreateRequestSchema,
        errors: [404, 409],
        response: { 201: successSchema(ZRoleDetail) },
      },
    },
    async (request, reply) => {
      const role = await createRole(request.ctx(), request.body);
      return reply.status(201).send(ok(role, translate(request.locale, 'roles.messages.created')));
    },
  );

  app.put(
    '/roles/:id',
    {
      config: { access: 'roles.put' },
      schema: {
        tags: ['roles'],
        summary: 'Rename a role and/or replace its permissions',
        params: ZIdParams,
        body: ZRoleUpdateRequestSchema,
        errors: [409],
        response: { 200: successSchema(ZRoleDetail) },
      },
    },
    async (request) =>
      ok(
        await updateRole(request.ctx(), request.params.id, request.body),
        translate(request.locale, 'roles.messages.updated'),
      ),
  );

  app.delete(
    '/roles/:id',
    {
      config: { access: 'roles.delete' },
      schema: {
        tags: ['roles'],
        summary: 'Delete a role no live user holds (built-in roles are never deleted)',
        params: ZIdParams,
        errors: [409],
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteRole(request.ctx(), request.params.id);
      return ok(null, translate(request.locale, 'roles.messages.deleted'));
    },
  );

  app.post(
    '/roles/sync',
    {
      config: { access: 'roles.assign' },
      schema: {
        tags: ['roles'],
        summary: 'Set a user’s roles and direct permissions (user in the body)',
        body: ZRoleSyncRequestSchema,
        errors: [404, 409],
        response: { 200: successSchema(ZUserAccess) },
      },
    },
    async (request) =>
      ok(
        await assignUserAccess(request.ctx(), request.body.user_id, request.body),
        translate(request.locale, 'roles.messages.assigned'),
      ),
  );

  app.get(
    '/roles/user/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['roles'],
        summary: 'A user’s roles and direct permissions (oneself, or roles.index)',
        params: ZIdParams,
        errors: [403],
        response: { 200: successSchema(ZUserAccess) },
      },
    },
    async (request) => ok(await getUserAccess(request.ctx(), request.params.id)),
  );

  app.put(
    '/user/roles/:id',
    {
      config: { access: 'roles.assign' },
      schema: {
        tags: ['roles'],
        summary: 'Set a user’s roles and extra direct permissions',
        params: ZIdParams,
        body: ZUserRolesRequestSchema,
        errors: [409],
        response: { 200: successSchema(ZUserAccess) },
      },
    },
    async (request) =>
      ok(
        await assignUserAccess(request.ctx(), request.params.id, request.body),
        translate(request.locale, 'roles.messages.assigned'),
      ),
  );
};
