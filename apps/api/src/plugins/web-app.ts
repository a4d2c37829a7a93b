import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from './errors.js';

/**
 * Serves the built SPA: hashed assets cached for a year, anything else gets
 * index.html so the client router decides (its own 404 page included).
 * Unknown /api paths get the JSON 404 instead.
 *
 * The build writes brotli (.br) and gzip (.gz) siblings of the text assets
 * (apps/web/vite.config.ts); `preCompressed` sends the best one the browser
 * accepts, with `content-encoding` and `vary: accept-encoding`, and the plain
 * file when there is none. Nothing is compressed per request.
 */
export async function webAppRoutes(app: FastifyInstance, opts: { root: string }) {
  const indexFile = path.join(opts.root, 'index.html');
  const hasWeb = existsSync(indexFile);
  // cacheControl: false, or sendFile overwrites the cache-control chosen below with max-age=0.
  if (hasWeb) {
    await app.register(fastifyStatic, { root: opts.root, serve: false, cacheControl: false, preCompressed: true });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // Every file served here may come in another encoding: caches must key on Accept-Encoding.
    reply.header('vary', 'accept-encoding');
    if (pathname.startsWith('/api') || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendRouteNotFound(request, reply);
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // Broken percent-encoding (the router lets some through): the app page, never a 500.
      decoded = '/';
    }
    const relative = path.posix.normalize(decoded).replace(/^\/+/, '');
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
