/** The success envelope of DESIGN §3. */
export function ok<T>(data: T, message?: string): { status: 'success'; message?: string; data: T } {
  return message === undefined ? { status: 'success', data } : { status: 'success', message, data };
}
