import type { Locale } from './constants.js';
import ar from './locales/ar.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

/** Messages both sides show: validation and API errors. The web app merges them into i18next. */
export const MESSAGES = { ar, en } as const;

type Params = Record<string, string | number>;

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Translates a catalogue key; an unknown key is returned as is so nothing is ever blank. */
export function translate(locale: Locale, key: string, params: Params = {}): string {
  const text = lookup(MESSAGES[locale], key) ?? lookup(MESSAGES.ar, key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function isMessageKey(key: string): boolean {
  return lookup(MESSAGES.ar, key) !== undefined;
}
