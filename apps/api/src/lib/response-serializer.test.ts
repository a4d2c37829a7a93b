import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsPlugin } from '../plugins/errors.js';
import { responseSerializer } from './response-serializer.js';

const ZAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  email: z.string().nullable(),
});

describe('the response serializer', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializer);
    await app.register(errorsPlugin);
    const schema = { response: { 200: ZAnswer } };
    app.get('/extra', { schema }, async () => ({
      id: 1,
      name: 'Heba',
      email: null,
      password_hash: '$argon2id$secret',
      roles: [{ id: 2, name: 'admin', permissions: ['users.delete'] }],
    }));
    app.get('/wrong', { schema }, async () => ({ id: 'one', name: 'Heba', email: null, roles: [] }));
    app.get('/wrapped', { schema: { response: { 200: { properties: ZAnswer } } } }, async () => ({
      id: 3,
      name: 'Sami',
      email: 'sami@example.com',
      roles: [],
      token: 'x',
    }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends only the fields the schema names, at every depth', async () => {
    const res = await app.inject({ method: 'GET', url: '/extra' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"id":1,"name":"Heba","roles":[{"id":2,"name":"admin"}],"email":null}');
  });

  it('answers 500 with the error envelope, and none of the data, when the answer breaks its schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/wrong', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ status: 'error', code: 'internal' });
    expect(res.body).not.toContain('Heba');
  });

  it('takes a schema given as { properties } too', async () => {
    const res = await app.inject({ method: 'GET', url: '/wrapped' });
    expect(res.json()).toEqual({ id: 3, name: 'Sami', email: 'sami@example.com', roles: [] });
  });
});
