/**
 * Addresses outside the app that the request form links to (SPEC §2: a document folder and the
 * contracts page, on create only). Set at build time with VITE_REQUEST_DOCUMENTS_URL and
 * VITE_REQUEST_CONTRACTS_URL; a link not set is not shown (no dead links). Issue 13 moves them to
 * the settings screen.
 */
const env = import.meta.env as Record<string, string | undefined>;

export const links = {
  requestDocuments: env.VITE_REQUEST_DOCUMENTS_URL || null,
  requestContracts: env.VITE_REQUEST_CONTRACTS_URL || null,
} as const;
