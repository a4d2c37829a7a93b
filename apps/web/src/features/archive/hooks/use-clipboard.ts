import { useCallback, useState } from 'react';

/** Items chosen to copy or to move, kept while the user opens the folder to put them in. */
export type ArchiveClipboard = { mode: 'copy' | 'move'; ids: number[] } | null;

const KEY = 'archive.clipboard';

function read(): ArchiveClipboard {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as ArchiveClipboard;
    if (value && (value.mode === 'copy' || value.mode === 'move') && Array.isArray(value.ids)) {
      return { mode: value.mode, ids: value.ids.filter((id) => Number.isInteger(id) && id > 0) };
    }
  } catch {
    // an unreadable value is no clipboard
  }
  return null;
}

/** The archive's clipboard, in this tab's session storage: it survives opening another folder (another route). */
export function useClipboard(): [ArchiveClipboard, (next: ArchiveClipboard) => void] {
  const [clipboard, setState] = useState<ArchiveClipboard>(read);
  const set = useCallback((next: ArchiveClipboard) => {
    if (next && next.ids.length > 0) window.sessionStorage.setItem(KEY, JSON.stringify(next));
    else window.sessionStorage.removeItem(KEY);
    setState(next && next.ids.length > 0 ? next : null);
  }, []);
  return [clipboard, set];
}
