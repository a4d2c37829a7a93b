/**
 * Query parameters whose names say they carry a secret (password, old_password,
 * token, code, secret, …), on any route, and path segments that are secrets
 * (emailed activation links).
 */
const SECRET_QUERY = /([?&][^=&#]*(?:password|passwd|token|secret|code)[^=&#]*=)[^&#]*/gi;
const SECRET_PATH = /(\/(?:activation|recoveryactivation)\/)[^/?#]+/gi;

/** A URL with its secrets replaced, safe for logs and the audit trail. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}
