/**
 * The bearer token and the signed-in user's id, kept across reloads.
 * The "logged" flag of SPEC §4 (1 logged in, 2 unauthorized) lives beside them.
 */
const TOKEN_KEY = 'token';
const USER_ID_KEY = 'user_id';
const LOGGED_KEY = 'logged';

export type StoredSession = { token: string; userId: number };

export function readSession(): StoredSession | null {
  try {
    const token = window.localStorage.getItem(TOKEN_KEY);
    const userId = Number(window.localStorage.getItem(USER_ID_KEY));
    return token && Number.isInteger(userId) && userId > 0 ? { token, userId } : null;
  } catch {
    return null;
  }
}

export function writeSession(session: StoredSession): void {
  window.localStorage.setItem(TOKEN_KEY, session.token);
  window.localStorage.setItem(USER_ID_KEY, String(session.userId));
  window.localStorage.setItem(LOGGED_KEY, '1');
}

export function clearSession(): void {
  for (const key of [TOKEN_KEY, USER_ID_KEY, LOGGED_KEY]) window.localStorage.removeItem(key);
}

export function loggedFlag(): string | null {
  return window.localStorage.getItem(LOGGED_KEY);
}

export function setLoggedFlag(value: '1' | '2'): void {
  window.localStorage.setItem(LOGGED_KEY, value);
}
