import type { FastifyInstance } from 'fastify';
import { bearer } from '../helpers/build-app.js';

let serial = 0;

/** Creates an association through the real route (so its days are generated as in production). */
export async function createAssociation(
  app: FastifyInstance,
  token: string,
  input: { title?: string; cost?: number; association_type?: 'normal' | 'vip'; from_date: string },
) {
  serial += 1;
  const res = await app.inject({
    method: 'PUT',
    url: '/api/v1/associations',
    headers: bearer(token),
    payload: { title: input.title ?? `جمعية ${serial}`, cost: input.cost ?? 100, association_type: 'normal', ...input },
  });
  if (res.statusCode !== 201) throw new Error(`association create failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; code: string; from_date: string; to_date: string; cost: number };
}

/** Subscribes a member to a day through the real route. */
export async function subscribe(
  app: FastifyInstance,
  token: string,
  input: { user_id: number; association_id: number; day_number: number },
) {
  return app.inject({ method: 'PUT', url: '/api/v1/subscriptions', headers: bearer(token), payload: input });
}
