/**
 * The client's file name as a title: the last path segment (either slash), without control
 * characters or leading dots, at most 255 characters. Never used as a storage path.
 */
export function cleanTitle(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((c) => {
    const code = c.codePointAt(0) ?? 0;
    return code > 0x1f && code !== 0x7f;
  });
  const clean = printable.join('').replace(/^\.+/, '').trim();
  return [...(clean || 'file')].slice(0, 255).join('');
}
