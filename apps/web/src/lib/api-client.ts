import type { TErrorEnvelope } from '@portal/shared/schemas/envelope';
import { currentLanguage } from './i18n';
import { readSession } from './session-store';

export const API_BASE = '/api/v1';

/** A failed call: the HTTP status and the server's translated envelope (or none, when the network failed). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
    readonly errors: TErrorEnvelope['errors'] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** No answer at all: offline, DNS, server down. */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

type Listener = (error: ApiError) => void;
let onAuthFailure: Listener = () => {};

/** The auth provider decides what a 401 means for the session (SPEC §8). */
export function setAuthFailureListener(listener: Listener): void {
  onAuthFailure = listener;
}

type RequestOptions = {
  body?: unknown;
  signal?: AbortSignal /** Don't treat a 401 as a lost session (login). */;
  anonymous?: boolean;
};

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLanguage() };
  const session = readSession();
  if (session && !options.anonymous) headers.authorization = `Bearer ${session.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method, headers, body, signal: options.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, null, '');
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const envelope = (payload ?? {}) as Partial<TErrorEnvelope> & { code?: string };
    const error = new ApiError(response.status, envelope.code ?? null, envelope.message ?? '', envelope.errors ?? []);
    if (response.status === 401 && !options.anonymous) onAuthFailure(error);
    throw error;
  }
  return (payload as { data: T }).data;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>('GET', path, { signal }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, { body }),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
