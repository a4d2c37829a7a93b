import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LOCALE, LANG_COOKIE, LOCALES, type Locale } from '@portal/shared/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendRouteNotFound } from './errors.js';

/**
 * What a browser gets while WEB_DIST has no build: `npm start` builds the web app beside the API on
 * a first start (scripts/start.mjs), so for a few seconds the API answers before the pages exist.
 * The page reloads itself (no script: the CSP allows none inline) until they do.
 */
const NOT_BUILT_PAGE = `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>بوابة الجمعيات</title></head>
<body>
<p>يجري تجهيز صفحات البوابة؛ ستُحدَّث هذه الصفحة تلقائيًا خلال ثوانٍ.</p>
<p lang="en" dir="ltr">The portal's pages are being built; this page reloads itself in a few seconds.</p>
</body></html>
`;

const LANGUAGE_COOKIE = new RegExp(`(?:^|;)\\s*${LANG_COOKIE}=([a-z]+)\\s*(?:;|$)`);

/** The language the visitor chose (the app repeats it in a cookie, apps/web/src/lib/language.ts); Arabic by default. */
function languageOf(request: FastifyRequest): Locale {
  const chosen = LANGUAGE_COOKIE.exec(request.headers.cookie ?? '')?.[1];
  return (LOCALES as readonly string[]).includes(chosen ?? '') ? (chosen as Locale) : DEFAULT_LOCALE;
}

/** The service worker and the manifests, at the root of the build (apps/web/pwa.config.ts). */
const REVALIDATED = /^(sw\.js|[\w-]+\.webmanifest)$/;

/**
 * Serves the built SPA: hashed assets cached for a year, anything else gets
 * index.html so the client router decides (its own 404 page included).
 * Unknown /api paths get the JSON 404 instead.
 *
 * The guest pages prerendered at build time (apps/web/prerender-plugin.ts, docs/decisions/0033),
 * `pages/<lang>/<name>.html`, are sent instead of index.html for their paths (/login, /register…),
 * in the language of the `lang` cookie: the visitor sees the form before the app's code has run.
 *
 * The build writes brotli (.br) and gzip (.gz) siblings of the text assets
 * (apps/web/vite.config.ts); `preCompressed` sends the best one the browser
 * accepts, with `content-encoding` and `vary: accept-encoding`, and the plain
 * file when there is none. Nothing is compressed per request.
 */
export async function webAppRoutes(app: FastifyInstance, opts: { root: string }) {
  const root = path.resolve(opts.root);
  const indexFile = path.join(root, 'index.html');
  // Looked for again until found: the build may land after the server has started.
  let built = existsSync(indexFile);
  const hasWeb = () => {
    if (!built) built = existsSync(indexFile);
    return built;
  };
  // cacheControl: false, or sendFile overwrites the cache-control chosen below with max-age=0.
  // Registered even before a build exists (its files are read per request).
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false, preCompressed: true });

  /** The prerendered page for a path ('login'), in a language, if the build made one. */
  const prerendered = (relative: string, lang: Locale): string | null => {
    if (!/^[a-z][a-z-]*$/.test(relative)) return null;
    const file = `pages/${lang}/${relative}.html`;
    return existsSync(path.join(root, file)) ? file : null;
  };

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // Every file served here may come in another encoding: caches must key on Accept-Encoding.
    reply.header('vary', 'accept-encoding');
    // A prerendered form sent by the browser itself (before the page's code ran): the page again.
    if (request.method === 'POST' && hasWeb() && prerendered(pathname.slice(1), DEFAULT_LOCALE)) {
      return reply.header('cache-control', 'no-store').redirect(pathname, 303);
    }
    if (pathname.startsWith('/api') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendRouteNotFound(request, reply);
    }
    if (!hasWeb()) {
      if (!String(request.headers.accept ?? '').includes('text/html')) return sendRouteNotFound(request, reply);
      return reply
        .status(503)
        .header('retry-after', '3')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // Broken percent-encoding (the router lets some through): the app page, never a 500.
      decoded = '/';
    }
    const relative = path.posix.normalize(decoded).replace(/^\/+/, '');
    if (relative.startsWith('assets/') && existsSync(path.join(root, relative))) {
      return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(relative);
    }
    // The service worker and the web app manifests (docs/decisions/0032-pwa.md): asked for again on
    // every visit (no-cache: a conditional request, a 304 when unchanged), so a new version is found
    // at once and never held back by a cache. Their types (application/javascript,
    // application/manifest+json) come from @fastify/static, as browsers require them.
    if (REVALIDATED.test(relative) && existsSync(path.join(root, relative))) {
      return reply.header('cache-control', 'no-cache').sendFile(relative);
    }
    if (
      relative &&
      !relative.includes('/') &&
      /\.(ico|png|svg|txt)$/.test(relative) &&
      existsSync(path.join(root, relative))
    ) {
      return reply.header('cache-control', 'public, max-age=3600').sendFile(relative);
    }
    const page = prerendered(relative, languageOf(request));
    if (page) {
      return reply
        .header('vary', 'accept-encoding, cookie')
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile(page);
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
  });
}
