/**
 * Path segments whose next segment is a secret: every tokenised path there is, the API's
 * (`/activation/:token`, `/recovery/activation/:token`) and the web app's emailed links the API
 * serves as the SPA (`/activation/…`, `/recoveryactivation/…`, `/newpassword/…`).
 * redact.test.ts walks the app's routes: a new route with a secret parameter fails it until it is
 * named here.
 */
const SECRET_AFTER = new Set(['activation', 'recoveryactivation', 'newpassword']);

/** Query parameters whose names say they carry a secret (password, old_password, token, code, secret, …). */
const SECRET_NAME = /password|passwd|token|secret|code/i;

const REDACTED = '[redacted]';

/**
 * What a URL must contain for any of it to be a secret: a query or fragment, a percent-encoding,
 * or one of SECRET_AFTER's words. Most URLs hold none, and skip the walk below (every request
 * logs its URL: issue 21 §2).
 */
const MAY_HOLD_SECRET = new RegExp(`[?#%]|${[...SECRET_AFTER].join('|')}`, 'i');

/** A name or segment as the router reads it (`%61ctivation` is `activation`); as it is when it cannot be decoded. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A URL (a path with its query, or a whole address) with its secrets replaced, safe for logs and
 * the audit trail. Matched on what the router would route, so case and percent-encoding do not
 * hide a token (`/API/v1/%41ctivation/…`), nor does `%2F` in place of a slash.
 */
export function redactUrl(url: string): string {
  if (!MAY_HOLD_SECRET.test(url)) return url;
  const cut = url.search(/[?#]/);
  const path = cut < 0 ? url : url.slice(0, cut);
  const rest = cut < 0 ? '' : url.slice(cut);
  // Segments at even indexes, the separators between them at odd ones.
  const parts = path.split(/(\/|%2f)/i);
  let secretNext = false;
  for (let i = 0; i < parts.length; i += 2) {
    const segment = parts[i] ?? '';
    if (segment === '') continue;
    if (secretNext) {
      parts[i] = REDACTED;
      secretNext = false;
      continue;
    }
    secretNext = SECRET_AFTER.has(decoded(segment).toLowerCase());
  }
  const query = rest.replace(/([?&])([^=&#]*)=([^&#]*)/g, (whole, separator: string, name: string) =>
    SECRET_NAME.test(decoded(name)) ? `${separator}${name}=${REDACTED}` : whole,
  );
  return parts.join('') + query;
}

/** Free text (an error's message or stack) with every URL-like word in it redacted. */
export function redactText(text: string): string {
  return text.replace(/[^\s"'`<>()]+/g, (word) => (word.includes('/') || word.includes('=') ? redactUrl(word) : word));
}
