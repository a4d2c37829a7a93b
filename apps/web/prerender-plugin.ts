import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locale } from '@portal/shared/constants';
import react from '@vitejs/plugin-react';
import { build, defaultServerConditions, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { manifestPath } from './pwa.config';
import type { PrerenderedPage } from './src/prerender';

/**
 * A guest page to prerender: its path (one segment: the server finds `pages/<lang>/<segment>.html`),
 * its screen's module, and the module of its island when it hydrates as one (the login:
 * app/login-island.tsx) instead of with the app.
 */
export type GuestPage = { path: `/${string}`; module: string; island?: string };

/** src/prerender.tsx as built: the languages come from it (the config cannot import packages/shared's source). */
type Renderer = { LOCALES: readonly Locale[]; render(pathname: string, lang: Locale): Promise<PrerenderedPage> };

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** `text` with `from` replaced once; the build fails when index.html no longer has what is replaced. */
function replaceOnce(text: string, from: string | RegExp, to: string): string {
  const found = typeof from === 'string' ? text.includes(from) : from.test(text);
  if (!found) throw new Error(`prerender: index.html has no ${String(from)}`);
  return text.replace(from, () => to);
}

/**
 * Builds src/prerender.tsx for Node (a Vite SSR build: the app's own modules, React and the other
 * packages imported from node_modules) and loads it. Written under node_modules/.cache, where Node
 * finds those packages, in a folder of its own: two builds at once never share one.
 */
async function loadRenderer(config: ResolvedConfig): Promise<{ renderer: Renderer; dispose(): Promise<void> }> {
  const cache = path.join(config.root, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const outDir = await mkdtemp(path.join(cache, 'prerender-'));
  const dispose = () => rm(outDir, { recursive: true, force: true });
  try {
    await build({
      configFile: false,
      root: config.root,
      mode: config.mode,
      logLevel: 'warn',
      plugins: [react()],
      resolve: { conditions: ['source', ...defaultServerConditions] },
      // packages/shared is read from its TypeScript source (the `source` condition), so it is bundled.
      ssr: { noExternal: ['@portal/shared'], resolve: { conditions: ['source', ...defaultServerConditions] } },
      build: {
        ssr: 'src/prerender.tsx',
        outDir,
        emptyOutDir: true,
        copyPublicDir: false,
        minify: false,
        sourcemap: false,
        rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
      },
    });
    const renderer = (await import(pathToFileURL(path.join(outDir, 'prerender.mjs')).href)) as Renderer;
    return { renderer, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/**
 * The guest pages as HTML, prerendered at build time in each language (docs/decisions/0033):
 * `pages/<lang>/<name>.html` beside index.html, each index.html with the page already in #root,
 * its language and direction, its title, and preloads for what hydrates it (the app and its
 * screen, or its island) and its texts instead of index.html's. The API sends one of them for these paths, in the language of the `lang` cookie
 * (apps/api/src/plugins/web-app.ts); React hydrates it (src/main.tsx).
 */
export function prerenderGuestPages({ app, pages }: { app: string; pages: readonly GuestPage[] }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal:prerender-guest-pages',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('prerender: no index.html in the build');
        const template = String(index.source);
        const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (file: string, into = new Set<string>()) => {
          if (into.has(file)) return into;
          into.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
          return into;
        };
        const chunkOf = (module: string) => {
          const holds = (id: string | null) => id?.replaceAll('\\', '/').endsWith(`/${module}`) === true;
          // A module of a chunk group (vite.config.ts: the app's) has no chunk of its own: the group's holds it.
          const chunk = chunks.find((c) => holds(c.facadeModuleId)) ?? chunks.find((c) => c.moduleIds.some(holds));
          if (!chunk) throw new Error(`prerender: no chunk for ${module}`);
          return chunk.fileName;
        };
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) throw new Error('prerender: no entry chunk');
        const loadedAnyway = closure(entry.fileName);
        // index.html's own preloads for the first screen (vite.config.ts preloadFirstScreen) give way to the page's.
        const bare = template
          .replace(/\s*<link rel="modulepreload"[^>]*href="\/([^"]+)"[^>]*>/g, (link, file: string) =>
            loadedAnyway.has(file) ? link : '',
          )
          // The app's stylesheet (19 KB, 5 KB compressed) inside the page: the first paint waits for no
          // other file (the CSP allows inline styles). The signed-in pages keep the cached file.
          .replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
            const css = bundle[file];
            return css?.type === 'asset' ? `<style>${String(css.source)}</style>` : link;
          });

        const { renderer, dispose } = await loadRenderer(config);
        try {
          for (const lang of renderer.LOCALES) {
            for (const page of pages) {
              const rendered = await renderer.render(page.path, lang);
              // What React puts before the page for <head> (the preload of the page's image), put there.
              const [, hoisted = '', html = ''] = /^((?:<link [^>]*>)*)([\s\S]*)$/.exec(rendered.html) ?? [];
              // What hydrating the page needs: its island, or the app (which the entry imports) and its screen.
              const texts = closure(chunkOf(`src/locales/${lang}/guest.ts`));
              const wanted = page.island
                ? closure(chunkOf(page.island), texts)
                : closure(
                    chunkOf(page.module),
                    closure(chunkOf(app), closure(chunkOf(`src/locales/${lang}/forms.ts`), texts)),
                  );
              const preloads = [...wanted]
                .filter((file) => !loadedAnyway.has(file))
                .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
                .join('\n    ');
              let out = replaceOnce(
                bare,
                /<html lang="ar" dir="rtl">/,
                `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`,
              );
              out = replaceOnce(out, /<body class="ar">/, `<body class="${lang}">`);
              // The app's own manifest per language (docs/decisions/0032): the English page's install
              // name and direction are English before any code runs (lib/language.ts keeps it after).
              out = out.replace('/manifest-ar.webmanifest', () => manifestPath(lang));
              out = replaceOnce(out, /<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title)}</title>`);
              out = replaceOnce(
                out,
                /<meta name="description" content="[^"]*" \/>/,
                `<meta name="description" content="${escapeHtml(rendered.description)}" />`,
              );
              out = replaceOnce(out, '</head>', `  ${preloads}\n    ${hoisted}\n  </head>`);
              out = replaceOnce(
                out,
                '<div id="root"></div>',
                `<div id="root" data-prerendered="${lang}">${html}</div>`,
              );
              this.emitFile({ type: 'asset', fileName: `pages/${lang}${page.path}.html`, source: out });
            }
          }
        } finally {
          await dispose();
        }
      },
    },
  };
}
