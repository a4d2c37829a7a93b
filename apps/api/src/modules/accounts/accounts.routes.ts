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
import { accountLimits, bodyField, byUser } from '../../plugins/rate-limit.js';
import {
  activateByToken,
  FORGOT_PASSWORD_JOB,
  forgotPassword,
  register,
  resendActivation,
  resetPassword,
  sendPasswordReset,
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
import { mergeQueryIntoBody, multipartFieldsToBody } from './request-input.js';

/**
 * Customer accounts (docs/decisions/0005-accounts.md): registration, email
 * activation (link or code), forgot/reset password, recovery. Every route is
 * rate limited (account-limiter.ts); mail is queued with the change it reports.
 */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const env = app.env;
  app.jobs.register(FORGOT_PASSWORD_JOB, {
    maxAttempts: 3,
    run: (payload) => sendPasswordReset(app.systemContext(), String(payload.email)),
    // Once done, not even the address stays in the queue.
    summary: () => ({}),
  });
  app.post(
    '/register',
    {
      config: {
        access: 'public',
        idempotent: true,
        limits: accountLimits(env, 'register', { email: bodyField('email'), phone: bodyField('mobile') }),
      },
      schema: {
        tags: ['accounts'],
        summary: 'Register a customer (first_name + last_name, or name); answers with a session like login',
        body: ZRegisterRequest,
        errors: [409],
        response: { 200: successSchema(ZRegisterResponseData) },
      },
    },
    async (request) => {
      const data = await register(request.ctx(), request.body, request.headers['user-agent'] ?? null);
      return ok(data, translate(request.locale, 'accounts.messages.registered'));
    },
  );

  app.post(
    '/activation/:token',
    {
      config: { access: 'public', limits: accountLimits(env, 'activation') },
      schema: {
        tags: ['accounts'],
        summary: 'Activate the email with the link token (APP_URL/activation/{token})',
        params: ZTokenParams,
        response: { 200: successSchema(ZActivationResult) },
      },
    },
    async (request) =>
      ok(
        await activateByToken(request.ctx(), request.params.token),
        translate(request.locale, 'accounts.messages.activated'),
      ),
  );

  app.post(
    '/users/verify/email',
    {
      config: { access: 'authenticated', limits: accountLimits(env, 'verify-code', { user: byUser }) },
      schema: {
        tags: ['accounts'],
        summary: 'Activate the signed-in user’s email with the 6-digit code',
        body: ZVerifyEmailCodeRequest,
        errors: [409],
        response: { 200: successSchema(ZActivationResult) },
      },
    },
    async (request) =>
      ok(
        await verifyEmailCode(request.ctx(), request.body.code),
        translate(request.locale, 'accounts.messages.activated'),
      ),
  );

  app.post(
    '/users/verify/email/resend',
    {
      config: { access: 'authenticated', limits: accountLimits(env, 'resend', { user: byUser }) },
      schema: {
        tags: ['accounts'],
        summary: 'Send the signed-in user a new activation link and code (the old ones stop working)',
        errors: [409],
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await resendActivation(request.ctx());
      return ok(null, translate(request.locale, 'accounts.messages.activation_sent'));
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { access: 'public', limits: accountLimits(env, 'forgot', { email: bodyField('email') }) },
      preValidation: mergeQueryIntoBody,
      schema: {
        tags: ['accounts'],
        summary: 'Email a reset link (APP_URL/newpassword/{token}); same answer for unknown emails. Query or body',
        body: ZForgotPasswordRequest,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await forgotPassword(request.ctx(), request.body);
      return ok(null, translate(request.locale, 'accounts.messages.reset_sent'));
    },
  );

  app.post(
    '/resetPassword',
    {
      config: { access: 'public', limits: accountLimits(env, 'reset') },
      preValidation: mergeQueryIntoBody,
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with a reset token; ends every session. Query or body',
        body: ZResetPasswordRequest,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await resetPassword(request.ctx(), request.body);
      return ok(null, translate(request.locale, 'accounts.messages.password_reset'));
    },
  );

  app.post(
    '/user/verify',
    {
      config: { access: 'users.put', limits: accountLimits(env, 'user-verify', { user: byUser }, 'staff') },
      schema: {
        tags: ['accounts'],
        summary: 'Staff mark a user’s phone and email as verified',
        body: ZUserVerifyRequest,
        errors: [404],
        response: { 200: successSchema(ZUserSchema) },
      },
    },
    async (request) =>
      ok(
        await staffVerifyUser(request.ctx(), request.body.user_id),
        translate(request.locale, 'accounts.messages.user_verified'),
      ),
  );

  // ---------------------------------------------------------------- recovery

  app.get(
    '/recovery',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user’s recovery state (old_email, submitted data, status)',
        response: { 200: successSchema(ZRecoveryState) },
      },
    },
    async (request) => ok(await recoveryState(request.ctx())),
  );

  app.post(
    '/recovery',
    {
      config: { access: 'authenticated', limits: accountLimits(env, 'recovery', { user: byUser }) },
      preValidation: multipartFieldsToBody,
      schema: {
        tags: ['accounts'],
        summary: 'Submit the recovery data (multipart or JSON) while recovery mode is on',
        body: ZRecoveryRequest,
        multipartBody: { fields: ZRecoveryRequest, files: {} },
        errors: [403, 409],
        response: { 200: successSchema(ZRecoveryAccount) },
      },
    },
    async (request) => {
      const { account, messageKey } = await submitRecovery(request.ctx(), request.body);
      return ok(account, translate(request.locale, messageKey));
    },
  );

  app.post(
    '/recovery/activation/:token',
    {
      config: { access: 'public', limits: accountLimits(env, 'recovery-activation') },
      schema: {
        tags: ['accounts'],
        summary: 'Confirm the recovery email with the link token (APP_URL/recoveryactivation/{token})',
        params: ZTokenParams,
        errors: [409],
        response: { 200: successSchema(ZActivationResult) },
      },
    },
    async (request) =>
      ok(
        await activateRecovery(request.ctx(), request.params.token),
        translate(request.locale, 'accounts.messages.recovery_received'),
      ),
  );

  app.post(
    '/recovery/accounts',
    {
      config: { access: 'users.index' },
      schema: {
        tags: ['accounts'],
        summary: 'Recovery accounts for review, newest first (filter by status)',
        body: ZRecoveryListRequest.optional(),
        response: { 200: successSchema(listPageSchema(ZRecoveryAccount)) },
      },
    },
    async (request) => ok(await listRecoveryAccounts(request.ctx(), request.body ?? ZRecoveryListRequest.parse({}))),
  );

  app.post(
    '/recovery/verify',
    {
      config: { access: 'users.put', limits: accountLimits(env, 'recovery-verify', { user: byUser }, 'staff') },
      schema: {
        tags: ['accounts'],
        summary: 'Approve a recovery account waiting for review; the customer is emailed',
        body: ZRecoveryVerifyRequest,
        errors: [404, 409],
        response: { 200: successSchema(ZRecoveryAccount) },
      },
    },
    async (request) =>
      ok(
        await verifyRecovery(request.ctx(), request.body.id),
        translate(request.locale, 'accounts.messages.recovery_verified'),
      ),
  );

  app.post(
    '/recovery/delete/:id',
    {
      config: { access: 'users.delete', limits: accountLimits(env, 'recovery-delete', { user: byUser }, 'staff') },
      schema: {
        tags: ['accounts'],
        summary: 'Refuse a recovery account: its data is deleted and the customer is emailed',
        params: ZIdParams,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteRecovery(request.ctx(), request.params.id);
      return ok(null, translate(request.locale, 'accounts.messages.recovery_deleted'));
    },
  );
};
