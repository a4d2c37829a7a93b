import { readFileSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
// @ts-expect-error: a plain ES module of the repo's scripts, without types.
import { routeKinds } from '../../scripts/lib/route-kinds.mjs';
import { prerenderGuestPages } from './prerender-plugin.ts';
import { pwa } from './pwa.config';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) sibling beside
 * every text file of the build, once, at build time: the API server sends the
 * best one the browser accepts (apps/api/src/plugins/web-app.ts, @fastify/static
 * preCompressed) and never compresses per request. Files under 1 KB, and
 * siblings that would not be smaller, are skipped.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite'))
          .map(async (file) => {
            const full = path.join(outDir, file);
            if ((await stat(full)).size < 1024) return;
            const raw = await readFile(full);
            const [br, gzipped] = await Promise.all([
              brotli(raw, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gz(raw, { level: 9 }),
            ]);
            if (br.length < raw.length) await writeFile(`${full}.br`, br);
            if (gzipped.length < raw.length) await writeFile(`${full}.gz`, gzipped);
          }),
      );
    },
  };
}

/**
 * Beside Vite's manifest, the npm packages each chunk carries
 * (.vite/chunk-packages.json): scripts/bench-bundle.mjs reads it to prove that
 * the light guest pages load no antd (DESIGN §5).
 */
function chunkPackages(): Plugin {
  return {
    name: 'portal:chunk-packages',
    apply: 'build',
    generateBundle(_options, bundle) {
      const packages: Record<string, string[]> = {};
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const names = new Set<string>();
        for (const id of Object.keys(chunk.modules)) {
          const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
          if (match?.[1]) names.add(match[1]);
        }
        packages[file] = [...names].sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-packages.json',
        source: `${JSON.stringify(packages, null, 1)}\n`,
      });
    },
  };
}

/**
 * `<link rel="modulepreload">` in index.html for chunks that the entry would
 * otherwise ask for only once it has run: the Arabic guest and forms texts
 * (every page in the default language waits for them before its first render),
 * the app (app/mount.tsx, which the entry imports) and the login page with the
 * guest kit (the page a visitor lands on: / sends a guest there). The browser fetches them beside the entry instead of one round trip
 * later; a page that does not need them loses a few KB of bandwidth.
 */
function preloadFirstScreen(modules: readonly string[]): Plugin {
  return {
    name: 'portal:preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        const skip = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) walk(dep, into);
        };
        if (entry) walk(entry.fileName, skip);
        const wanted = new Set<string>();
        for (const id of modules) {
          // A module of a chunk group (the app's, below) has no chunk of its own: the group's chunk holds it.
          const chunk =
            chunks.find((c) => c.facadeModuleId?.endsWith(id)) ??
            chunks.find((c) => c.moduleIds.some((m) => m.replaceAll('\\', '/').endsWith(`/${id}`)));
          if (!chunk) throw new Error(`preloadFirstScreen: no chunk for ${id}`);
          walk(chunk.fileName, wanted);
        }
        return [...wanted]
          .filter((file) => !skip.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/** Barrels the app imports names from; their other exports must not count as used. */
const BARRELS =
  /[\\/]node_modules[\\/](antd[\\/]es[\\/]index\.js|@ant-design[\\/]icons[\\/]es[\\/](icons[\\/])?index\.js)$/;

/**
 * `app`: the app's modules beyond the entry and the login island (app/mount.tsx's static closure:
 * the router, the query client, the session, the route table) in one file, not a dozen small
 * ones; the login island never loads it before it is live (docs/decisions/0033).
 *
 * Two chunks for what a signed-in page loads before it shows, instead of some fifty small ones
 * (each a request on the server's HTTP/1.1, six at a time, and a step in Lighthouse's waterfall):
 * `antd-base`, antd's providers and what the pages with antd but without the shell (/recovery)
 * share with the shell; and `shell`, the rest of the signed-in shell (menu, header, breadcrumb,
 * bell). Both hold exactly what those pages load anyway: the static import closures of
 * app/antd-providers.tsx and app/app-shell.tsx, following only the names a module imports from
 * antd's and the icons' barrels (`import { Button } from 'antd'` is antd/es/button, not all of
 * antd). A module the entry or a light guest page also needs stays where it was, so the guest
 * pages never load antd (DESIGN §5) and nothing is downloaded twice. Computed from the module
 * graph once it is built (buildEnd), before the chunks are made.
 */
function signedInChunks() {
  const app = new Set<string>();
  const antdBase = new Set<string>();
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: 'portal:signed-in-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => {
        const id = ids.find((m) => m.replaceAll('\\', '/').endsWith(suffix));
        if (!id) throw new Error(`signedInChunks: no module ${suffix}`);
        return id;
      };
      // A barrel's `export { default as Name } from './path'` (and `export * from './sub'`), resolved to module ids.
      const barrelTargets = new Map<string, Map<string, string[]>>();
      const targetsOf = (barrel: string): Map<string, string[]> => {
        const known = barrelTargets.get(barrel);
        if (known) return known;
        const info = this.getModuleInfo(barrel);
        const dir = path.dirname(barrel);
        const byPath = (rel: string) =>
          (info?.importedIds ?? []).filter((id) => {
            const target = path.resolve(dir, rel);
            return id === `${target}.js` || id === path.join(target, 'index.js') || id === target;
          });
        const names = new Map<string, string[]>();
        for (const m of (info?.code ?? '').matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
          for (const part of (m[1] ?? '').split(',')) {
            const name = part
              .trim()
              .split(/\s+as\s+/)
              .pop()
              ?.trim();
            if (name) names.set(name, byPath(m[2] ?? ''));
          }
        }
        for (const m of (info?.code ?? '').matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) {
          for (const sub of byPath(m[1] ?? '')) {
            for (const [name, targets] of targetsOf(sub)) if (!names.has(name)) names.set(name, [sub, ...targets]);
          }
        }
        barrelTargets.set(barrel, names);
        return names;
      };
      // What a module takes from the barrels: the named imports of `from 'antd'` and `from '@ant-design/icons'`.
      const barrelImports = (id: string): string[] => {
        const code = this.getModuleInfo(id)?.code ?? '';
        const out: string[] = [];
        for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'](antd|@ant-design\/icons)["']/g)) {
          for (const part of (m[1] ?? '').split(',')) {
            const name = part
              .trim()
              .split(/\s+as\s+/)[0]
              ?.trim();
            if (name) out.push(name);
          }
        }
        return out;
      };
      const closure = (start: string, into = new Set<string>()) => {
        const stack = [start];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (into.has(id)) continue;
          into.add(id);
          // A barrel reached as a name's way through (`export * from './icons'`) is not walked:
          // its imports are every icon, and only the names asked for count (issue 21).
          if (BARRELS.test(id)) continue;
          const deps = this.getModuleInfo(id)?.importedIds ?? [];
          const barrels = deps.filter((dep) => BARRELS.test(dep));
          stack.push(...deps.filter((dep) => !BARRELS.test(dep)));
          if (barrels.length === 0) continue;
          const names = barrelImports(id);
          for (const barrel of barrels) {
            const targets = targetsOf(barrel);
            for (const name of names) stack.push(...(targets.get(name) ?? []));
          }
        }
        return into;
      };
      const router = find('/src/app/router.tsx');
      // What every page but the login island loads first: the entry and the app it imports (app/mount.tsx).
      const initial = closure(find('/src/main.tsx'));
      const mount = closure(find('/src/app/mount.tsx'));
      for (const id of mount) initial.add(id);
      // The app's own chunk: what it adds to the entry and the login island (docs/decisions/0033).
      const entryAndIsland = closure(find('/src/app/login-island.tsx'), closure(find('/src/main.tsx')));
      for (const id of mount) if (!entryAndIsland.has(id)) app.add(id);
      const lean = new Set<string>();
      const antdScreens = new Set<string>();
      for (const [key, kind] of routeKinds(readFileSync(router, 'utf8')) as Map<string, string>) {
        if (kind === 'guest') closure(find(`/${key}`), lean);
        else if (kind === 'antd') closure(find(`/${key}`), antdScreens);
      }
      const providers = find('/src/app/antd-providers.tsx');
      const appShell = find('/src/app/app-shell.tsx');
      // The two modules the app imports lazily keep chunks of their own (the build manifest and
      // scripts/bench-bundle.mjs name them), which import these two; so do the barrels themselves.
      const elsewhere = (id: string) =>
        initial.has(id) || lean.has(id) || id === providers || id === appShell || BARRELS.test(id);
      for (const id of closure(providers)) if (!elsewhere(id)) antdBase.add(id);
      for (const id of closure(appShell)) {
        if (elsewhere(id) || antdBase.has(id)) continue;
        (antdScreens.has(id) ? antdBase : shell).add(id);
      }
    },
  };
  // Below the `app` and `guest` groups: what they capture stays theirs. Each set holds its own
  // imports (but the entry's and the guest pages' modules), so none is pulled in with it.
  const groups = [
    // The router, the query client, the session, the route table: one file, as when they were the entry's.
    { name: 'app', test: (id: string) => app.has(id), priority: 0.9, includeDependenciesRecursively: false },
    {
      name: 'antd-base',
      test: (id: string) => antdBase.has(id),
      priority: 0.8,
      includeDependenciesRecursively: false,
    },
    { name: 'shell', test: (id: string) => shell.has(id), priority: 0.6, includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}

const signedIn = signedInChunks();

export default defineConfig({
  plugins: [
    react(),
    preloadFirstScreen([
      'src/locales/ar/guest.ts',
      'src/locales/ar/forms.ts',
      'src/app/mount.tsx',
      'src/app/routes/auth/login.tsx',
    ]),
    signedIn.plugin,
    chunkPackages(),
    // The guest pages as HTML in each language, hydrated after (docs/decisions/0033).
    prerenderGuestPages({
      app: 'src/app/mount.tsx',
      pages: [
        { path: '/login', module: 'src/app/routes/auth/login.tsx', island: 'src/app/login-island.tsx' },
        { path: '/register', module: 'src/app/routes/accounts/register.tsx' },
        { path: '/reset', module: 'src/app/routes/accounts/reset.tsx' },
        { path: '/contact', module: 'src/app/routes/tickets/contact.tsx' },
      ],
    }),
    precompress(),
    // The installable app: manifests and the service worker (pwa.config.ts, docs/decisions/0032-pwa.md).
    ...pwa(),
  ],
  // Read packages/shared from its TypeScript source: no build step for the shared package.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The entry's own modules (i18next, React, the language and hydration helpers): one file.
            // React DOM is a file of its own (the app and the login island share it), the app another
            // (the `app` group below: the router, the query client, the session, the route table).
            { name: 'app', tags: ['$initial'], priority: 2 },
            // The light guest pages' kit (plain form controls, the frame, the login form): one file for all.
            {
              name: 'guest',
              test: /src[\\/](components[\\/]guest|components[\\/]layout[\\/]auth-layout|features[\\/]auth)[\\/.]/,
              priority: 1,
            },
            ...signedIn.groups,
          ],
        },
      },
    },
  },
});
