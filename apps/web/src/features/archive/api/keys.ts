/**
 * The archive's query keys: `all` ⊃ each folder's listing, its breadcrumbs and its page text.
 * Any change invalidates `all`: a move or a paste touches two folders, a rename the crumbs.
 */
export const archiveKeys = {
  all: ['archive'] as const,
  listing: (folderId: number) => [...archiveKeys.all, 'listing', folderId] as const,
  crumbs: (folderId: number, lang: string) => [...archiveKeys.all, 'crumbs', folderId, lang] as const,
  page: (folderId: number, language: string) => [...archiveKeys.all, 'page', folderId, language] as const,
};
