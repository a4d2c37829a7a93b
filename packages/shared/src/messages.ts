import type { Locale } from './constants.js';
import arAccounts from './locales/ar/accounts.json' with { type: 'json' };
import arArchive from './locales/ar/archive.json' with { type: 'json' };
import arAssociations from './locales/ar/associations.json' with { type: 'json' };
import arCommon from './locales/ar/common.json' with { type: 'json' };
import arContacts from './locales/ar/contacts.json' with { type: 'json' };
import arLedger from './locales/ar/ledger.json' with { type: 'json' };
import arMembers from './locales/ar/members.json' with { type: 'json' };
import arNotifications from './locales/ar/notifications.json' with { type: 'json' };
import arRequests from './locales/ar/requests.json' with { type: 'json' };
import arServerAssociations from './locales/ar/server/associations.json' with { type: 'json' };
import arServerExports from './locales/ar/server/exports.json' with { type: 'json' };
import arServerMail from './locales/ar/server/mail.json' with { type: 'json' };
import arServerMembers from './locales/ar/server/members.json' with { type: 'json' };
import arServerNotifications from './locales/ar/server/notifications.json' with { type: 'json' };
import arServerReminders from './locales/ar/server/reminders.json' with { type: 'json' };
import arTerms from './locales/ar/terms.json' with { type: 'json' };
import arTickets from './locales/ar/tickets.json' with { type: 'json' };
import arUsers from './locales/ar/users.json' with { type: 'json' };
import enAccounts from './locales/en/accounts.json' with { type: 'json' };
import enArchive from './locales/en/archive.json' with { type: 'json' };
import enAssociations from './locales/en/associations.json' with { type: 'json' };
import enCommon from './locales/en/common.json' with { type: 'json' };
import enContacts from './locales/en/contacts.json' with { type: 'json' };
import enLedger from './locales/en/ledger.json' with { type: 'json' };
import enMembers from './locales/en/members.json' with { type: 'json' };
import enNotifications from './locales/en/notifications.json' with { type: 'json' };
import enRequests from './locales/en/requests.json' with { type: 'json' };
import enServerAssociations from './locales/en/server/associations.json' with { type: 'json' };
import enServerExports from './locales/en/server/exports.json' with { type: 'json' };
import enServerMail from './locales/en/server/mail.json' with { type: 'json' };
import enServerMembers from './locales/en/server/members.json' with { type: 'json' };
import enServerNotifications from './locales/en/server/notifications.json' with { type: 'json' };
import enServerReminders from './locales/en/server/reminders.json' with { type: 'json' };
import enTerms from './locales/en/terms.json' with { type: 'json' };
import enTickets from './locales/en/tickets.json' with { type: 'json' };
import enUsers from './locales/en/users.json' with { type: 'json' };

/**
 * Messages both sides show: validation and API errors, one file per domain
 * (each file owns its top-level namespaces). The web app merges them into i18next.
 */
export const MESSAGES = {
  ar: {
    ...arCommon,
    ...arContacts,
    ...arUsers,
    ...arAccounts,
    ...arNotifications,
    ...arAssociations,
    ...arLedger,
    ...arMembers,
    ...arRequests,
    ...arArchive,
    ...arTerms,
    ...arTickets,
  },
  en: {
    ...enCommon,
    ...enContacts,
    ...enUsers,
    ...enAccounts,
    ...enNotifications,
    ...enAssociations,
    ...enLedger,
    ...enMembers,
    ...enRequests,
    ...enArchive,
    ...enTerms,
    ...enTickets,
  },
} as const;

type Tree = { readonly [key: string]: string | Tree };

/** Several message trees as one: a key's branches from every file, so files may share a namespace. */
function mergeTrees(...trees: Tree[]): Tree {
  const out: Record<string, string | Tree> = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      const mine = out[key];
      out[key] = typeof value === 'object' && typeof mine === 'object' ? mergeTrees(mine, value) : value;
    }
  }
  return out;
}

/**
 * Messages only the server writes — mail, the bell's notifications, refusals the screens show as the
 * server words them — in locales/<lang>/server/: the web app never downloads them (its catalogue
 * globs one folder deep). Their keys sit in the namespaces of MESSAGES (`mail.payment_due.subject`,
 * `associations.errors.row_same_date`) and `translate` reads both. The mail, the bell's texts and the
 * exports' column headings moved here in issue 21 (they were a few KB of every signed-in page and,
 * for the mail, of the login); the errors and success messages the server words still ship with
 * MESSAGES.
 */
export const SERVER_MESSAGES = {
  ar: mergeTrees(
    arServerAssociations,
    arServerExports,
    arServerMail,
    arServerMembers,
    arServerNotifications,
    arServerReminders,
  ),
  en: mergeTrees(
    enServerAssociations,
    enServerExports,
    enServerMail,
    enServerMembers,
    enServerNotifications,
    enServerReminders,
  ),
} as const;

type Params = Record<string, string | number>;

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Keys already looked up, per locale: the catalogues are constants, and an export translates a
 * label on every row (100,000 rows, 100,000 walks of the tree). Bounded for keys built from input.
 */
const found: Record<Locale, Map<string, string | undefined>> = { ar: new Map(), en: new Map() };
const FOUND_LIMIT = 10_000;

/** Translates a catalogue key; an unknown key is returned as is so nothing is ever blank. */
function find(locale: Locale, key: string): string | undefined {
  // A locale from outside the type (an unchecked caller) is looked up, not remembered.
  const known = found[locale] as Map<string, string | undefined> | undefined;
  if (known?.has(key)) return known.get(key);
  const text = lookup(MESSAGES[locale], key) ?? lookup(SERVER_MESSAGES[locale], key);
  if (known) {
    if (known.size >= FOUND_LIMIT) known.clear();
    known.set(key, text);
  }
  return text;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

export function translate(locale: Locale, key: string, params: Params = {}): string {
  const text = find(locale, key) ?? find('ar', key) ?? key;
  return text.includes('{{') ? text.replace(PLACEHOLDER, (_, name: string) => String(params[name] ?? '')) : text;
}

export function isMessageKey(key: string): boolean {
  return find('ar', key) !== undefined;
}
