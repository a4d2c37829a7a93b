import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable app (issue 23, docs/decisions/0032-pwa.md): the web app manifests, one per
 * language, and the service worker (src/sw/sw.ts), built by vite-plugin-pwa with Workbox. Kept out
 * of vite.config.ts, which only adds `pwa()` to its plugins. Nothing here reaches a page's
 * JavaScript: the page registers the worker itself, after load (src/pwa/register.ts).
 */

export const THEME_COLOR = '#0b6e4f';
/** The page background (styles.css --page-bg): the splash screen while the app starts. */
const BACKGROUND_COLOR = '#f4f6f5';

const TEXTS = {
  ar: { name: 'بوابة الجمعيات', short_name: 'الجمعيات', description: 'بوابة الجمعيات وطلبات الخدمة', dir: 'rtl' },
  en: {
    name: 'Associations Portal',
    short_name: 'Associations',
    description: 'Savings associations and service requests',
    dir: 'ltr',
  },
} as const;

export type ManifestLanguage = keyof typeof TEXTS;

/** Where a language's manifest is served; the page points its <link rel="manifest"> at it (lib/language.ts). */
export const manifestPath = (lang: ManifestLanguage) => `/manifest-${lang}.webmanifest`;

/**
 * One language's manifest. Both share an `id`, so switching languages never makes a second app;
 * the app opens on the member's home (/dashboard: a guest is sent to the login from there).
 */
export function manifestFor(lang: ManifestLanguage) {
  const texts = TEXTS[lang];
  return {
    id: '/',
    name: texts.name,
    short_name: texts.short_name,
    description: texts.description,
    lang,
    dir: texts.dir,
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['finance'],
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/maskable-icon-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * Writes both manifests into the build and links the default language's (Arabic) from index.html,
 * with the icon iPhones put on the home screen. The icons are in public/ (pwa-assets.config.mjs).
 */
function manifests(): Plugin {
  return {
    name: 'portal:manifests',
    apply: 'build',
    generateBundle() {
      for (const lang of Object.keys(TEXTS) as ManifestLanguage[]) {
        this.emitFile({
          type: 'asset',
          fileName: manifestPath(lang).slice(1),
          source: `${JSON.stringify(manifestFor(lang), null, 2)}\n`,
        });
      }
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: manifestPath('ar') }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/apple-touch-icon-180x180.png' }, injectTo: 'head' },
    ],
  };
}

export function pwa(): Plugin[] {
  return [
    manifests(),
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // A new version waits for the next open (or the person's "Open it now"): never a reload under their fingers.
      registerType: 'prompt',
      // The page registers the worker itself, lazily (src/pwa/register.ts); no script in index.html.
      injectRegister: false,
      // Two manifests, one per language (above), instead of the plugin's one.
      manifest: false,
      injectManifest: {
        // The whole app, fonts and icons included: any screen opens offline. Not the .br/.gz
        // siblings (the server picks those), nor .vite/ (build metadata).
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      },
    }),
  ];
}
