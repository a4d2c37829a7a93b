import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';

/**
 * Calls of SPEC §7 that belong to the accreditation leftovers of SPEC §1 (submissions, visit
 * teams, qualifications, evaluations, their statistics) or that have no described behaviour
 * (add/user/resolved). They are not part of this portal (docs/decisions/0022-staff-tools.md):
 * each answers 404 with a message that says so, to anyone, instead of a bare "not found".
 */
export const LEFTOVER_CALLS = [
  ['POST', '/user/available/:id'],
  ['POST', '/qualifications/names'],
  ['POST', '/user/apply/:id'],
  ['POST', '/user/tasks'],
  ['POST', '/user/tasks/:id'],
  ['POST', '/user/evaluation/:id'],
  ['POST', '/submissions/submission/delete/:id'],
  ['POST', '/add/user/resolved'],
  ['GET', '/statistics/organizations'],
  ['GET', '/organization/submissions'],
  ['GET', '/statistics/decisions'],
  ['GET', '/statistics/activities'],
  ['POST', '/statistics/user/activities'],
  ['GET', '/locations'],
] as const;

export const leftoversRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [method, url] of LEFTOVER_CALLS) {
    app.route({
      method,
      url,
      config: { access: 'public' },
      schema: {
        tags: ['not provided'],
        summary: 'Not part of this portal: always 404 (docs/decisions/0022)',
        errors: [404],
      },
      handler: async () => {
        throw new AppError(404, 'errors.not_in_portal');
      },
    });
  }
};
