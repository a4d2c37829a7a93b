import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from './errors.js';

/**
 * Serves the built SPA: hashed assets cached for a year, anything else gets
 * index.html so the client router decides (its own 404 page included).
 * Unknown /api paths get the JSON 404 instead.
 */
export async function webAppRoutes(app: FastifyInstance, opts: { root: string }) {
  const indexFile = path.join(opts.root, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) await app.register(fastifyStatic, { root: opts.root, serve: false });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api') || !hasWeb || request.method !== 'GET') {
      return sendRouteNotFound(request, reply);
    }
    const relative = path.posix.normalize(decodeURIComponent(pathname)).replace(/^\/+/, '');
    if (relative.startsWith('assets/') && existsSync(path.join(opts.root, relative))) {
      return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(relative);
    }
    if (
      relative &&
      !relative.includes('/') &&
      /\.(ico|png|svg|txt|webmanifest)$/.test(relative) &&
      existsSync(path.join(opts.root, relative))
    ) {
      return reply.header('cache-control', 'public, max-age=3600').sendFile(relative);
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  });
}
