import { translate } from '@portal/shared/messages';
import {
  ZActivationResult,
  ZForgotPasswordRequest,
  ZRecoveryAccount,
  ZRecoveryListRequest,
  ZRecoveryRequest,
  ZRecoveryState,
  ZRecoveryVerifyRequest,
  ZRegisterRequest,
  ZRegisterResponseData,
  ZResetPasswordRequest,
  ZTokenParams,
  ZUserVerifyRequest,
  ZVerifyEmailCodeRequest,
} from '@portal/shared/schemas/accounts';
import { ZUserSchema } from '@portal/shared/schemas/auth';
import { successSchema } from '@portal/shared/schemas/envelope';
import { ZIdParams } from '@portal/shared/schemas/fields';
import { listPageSchema } from '@portal/shared/schemas/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { requireAuth } from '../../plugins/auth.js';
import {
  type AccountDeps,
  activateByToken,
  forgotPassword,
  register,
  resendActivation,
  resetPassword,
  staffVerifyUser,
  verifyEmailCode,
} from './accounts.service.js';
import {
  activateRecovery,
  deleteRecovery,
  listRecoveryAccounts,
  recoveryState,
  submitRecovery,
  verifyRecovery,
} from './recovery.service.js';
import { accountActor, mergeQueryIntoBody, multipartFieldsToBody } from './request-input.js';

/**
 * Customer accounts (docs/decisions/0005-accounts.md): registration, email
 * activation (link or code), forgot/reset password, recovery. Every route is
 * rate limited (account-limiter.ts); mail is queued with the change it reports.
 */
export function accountsRoutes(deps: AccountDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/register',
      {
        config: { public: true },
        schema: {
          tags: ['accounts'],
          summary: 'Register a customer (first_name + last_name, or name); answers with a session like login',
          body: ZRegisterRequest,
          response: { 200: successSchema(ZRegisterResponseData) },
        },
      },
      async (request) => {
        const data = await register(
          deps,
          request.body,
          request.locale,
          accountActor(request),
          request.headers['user-agent'] ?? null,
        );
        return ok(data, translate(request.locale, 'accounts.messages.registered'));
      },
    );

    app.post(
      '/activation/:token',
      {
        config: { public: true },
        schema: {
          tags: ['accounts'],
          summary: 'Activate the email with the link token (APP_URL/activation/{token})',
          params: ZTokenParams,
          response: { 200: successSchema(ZActivationResult) },
        },
      },
      async (request) =>
        ok(
          await activateByToken(deps, request.params.token, accountActor(request)),
          translate(request.locale, 'accounts.messages.activated'),
        ),
    );

    app.post(
      '/users/verify/email',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Activate the signed-in user’s email with the 6-digit code',
          body: ZVerifyEmailCodeRequest,
          response: { 200: successSchema(ZActivationResult) },
        },
      },
      async (request) =>
        ok(
          await verifyEmailCode(deps, requireAuth(request).userId, request.body.code, accountActor(request)),
          translate(request.locale, 'accounts.messages.activated'),
        ),
    );

    app.post(
      '/users/verify/email/resend',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Send the signed-in user a new activation link and code (the old ones stop working)',
          response: { 200: successSchema(z.null()) },
        },
      },
      async (request) => {
        await resendActivation(deps, requireAuth(request).userId, accountActor(request));
        return ok(null, translate(request.locale, 'accounts.messages.activation_sent'));
      },
    );

    app.post(
      '/forgot-password',
      {
        config: { public: true },
        preValidation: mergeQueryIntoBody,
        schema: {
          tags: ['accounts'],
          summary: 'Email a reset link (APP_URL/newpassword/{token}); same answer for unknown emails. Query or body',
          body: ZForgotPasswordRequest,
          response: { 200: successSchema(z.null()) },
        },
      },
      async (request) => {
        await forgotPassword(deps, request.body, accountActor(request));
        return ok(null, translate(request.locale, 'accounts.messages.reset_sent'));
      },
    );

    app.post(
      '/resetPassword',
      {
        config: { public: true },
        preValidation: mergeQueryIntoBody,
        schema: {
          tags: ['accounts'],
          summary: 'Set a new password with a reset token; ends every session. Query or body',
          body: ZResetPasswordRequest,
          response: { 200: successSchema(z.null()) },
        },
      },
      async (request) => {
        await resetPassword(deps, request.body, accountActor(request));
        return ok(null, translate(request.locale, 'accounts.messages.password_reset'));
      },
    );

    app.post(
      '/user/verify',
      {
        config: { permission: 'users.put' },
        schema: {
          tags: ['accounts'],
          summary: 'Staff mark a user’s phone and email as verified',
          body: ZUserVerifyRequest,
          response: { 200: successSchema(ZUserSchema) },
        },
      },
      async (request) =>
        ok(
          await staffVerifyUser(deps, requireAuth(request).userId, request.body.user_id, accountActor(request)),
          translate(request.locale, 'accounts.messages.user_verified'),
        ),
    );

    // ---------------------------------------------------------------- recovery

    app.get(
      '/recovery',
      {
        schema: {
          tags: ['accounts'],
          summary: 'The signed-in user’s recovery state (old_email, submitted data, status)',
          response: { 200: successSchema(ZRecoveryState) },
        },
      },
      async (request) => ok(await recoveryState(app.db, requireAuth(request).userId)),
    );

    app.post(
      '/recovery',
      {
        preValidation: multipartFieldsToBody,
        schema: {
          tags: ['accounts'],
          summary: 'Submit the recovery data (multipart or JSON) while recovery mode is on',
          body: ZRecoveryRequest,
          response: { 200: successSchema(ZRecoveryAccount) },
        },
      },
      async (request) => {
        const { account, messageKey } = await submitRecovery(
          deps,
          requireAuth(request),
          request.body,
          accountActor(request),
        );
        return ok(account, translate(request.locale, messageKey));
      },
    );

    app.post(
      '/recovery/activation/:token',
      {
        config: { public: true },
        schema: {
          tags: ['accounts'],
          summary: 'Confirm the recovery email with the link token (APP_URL/recoveryactivation/{token})',
          params: ZTokenParams,
          response: { 200: successSchema(ZActivationResult) },
        },
      },
      async (request) =>
        ok(
          await activateRecovery(deps, request.params.token, accountActor(request)),
          translate(request.locale, 'accounts.messages.recovery_received'),
        ),
    );

    app.post(
      '/recovery/accounts',
      {
        config: { permission: 'users.index' },
        schema: {
          tags: ['accounts'],
          summary: 'Recovery accounts for review, newest first (filter by status)',
          body: ZRecoveryListRequest.optional(),
          response: { 200: successSchema(listPageSchema(ZRecoveryAccount)) },
        },
      },
      async (request) => ok(await listRecoveryAccounts(app.db, request.body ?? ZRecoveryListRequest.parse({}))),
    );

    app.post(
      '/recovery/verify',
      {
        config: { permission: 'users.put' },
        schema: {
          tags: ['accounts'],
          summary: 'Approve a recovery account waiting for review; the customer is emailed',
          body: ZRecoveryVerifyRequest,
          response: { 200: successSchema(ZRecoveryAccount) },
        },
      },
      async (request) =>
        ok(
          await verifyRecovery(deps, requireAuth(request).userId, request.body.id, accountActor(request)),
          translate(request.locale, 'accounts.messages.recovery_verified'),
        ),
    );

    app.post(
      '/recovery/delete/:id',
      {
        config: { permission: 'users.delete' },
        schema: {
          tags: ['accounts'],
          summary: 'Refuse a recovery account: its data is deleted and the customer is emailed',
          params: ZIdParams,
          response: { 200: successSchema(z.null()) },
        },
      },
      async (request) => {
        await deleteRecovery(deps, requireAuth(request).userId, request.params.id, accountActor(request));
        return ok(null, translate(request.locale, 'accounts.messages.recovery_deleted'));
      },
    );
  };
}
