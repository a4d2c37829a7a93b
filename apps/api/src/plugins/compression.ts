import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers large enough to matter on a phone's connection, compressed when the client accepts it
 * (docs/decisions/0045-compressed-large-answers.md): a member's statement is about 280 KB of JSON
 * for 1,200 installments, about twenty times smaller compressed. Only the routes registered through `compressed`
 * carry @fastify/compress's hooks; every other route stays as it is (issue 21 §2: no hook a route
 * does not use). Brotli at the plugin's quality 4 or gzip, JSON only (exports stream their own
 * formats, and an XLSX is a zip already). Compressed on the event loop: the plugin's streaming path
 * (zlib on the thread pool) cost about 2.7 ms of CPU per statement here, the synchronous one a
 * fraction of a millisecond.
 */
export async function compressed(app: FastifyInstance, routes: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: 16 * 1024,
      customTypes: /^application\/json(?:;|$)/,
      syncThreshold: 1024 * 1024,
    });
    routes(scope);
  });
}
