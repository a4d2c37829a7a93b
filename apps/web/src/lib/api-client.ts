import type { TErrorEnvelope } from '@portal/shared/schemas/envelope';
import { localizeDigits } from './digits';
import { currentLanguage } from './i18n';
import { idempotencyKeyOf } from './idempotency';
import { noteAnswer } from './offline';
import { KEEP_OFFLINE_HEADER } from './offline-copy';
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
  signal?: AbortSignal;
  /** Don't treat a 401 as a lost session (login). */
  anonymous?: boolean;
  /** Sent as `Idempotency-Key` (a create or an edit); also read from a body made by withIdempotencyKey. */
  idempotencyKey?: string;
  /**
   * A member's read that the service worker keeps, per session, to show offline when the network
   * fails (docs/decisions/0032-pwa.md). Only the member's own pages ask for it; staff screens never do.
   */
  keepOffline?: boolean;
};

function requestHeaders(anonymous: boolean | undefined): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLanguage() };
  const session = readSession();
  if (session && !anonymous) headers.authorization = `Bearer ${session.token}`;
  return headers;
}

/** The envelope's data, or the ApiError of a refused call (a 401 also tells the session). */
function settle<T>(status: number, ok: boolean, payload: unknown, anonymous: boolean | undefined): T {
  if (!ok) {
    const envelope = (payload ?? {}) as Partial<TErrorEnvelope> & { code?: string };
    // The server's translated texts, with their numbers ("after 15 minutes") in the digits the app shows.
    const error = new ApiError(
      status,
      envelope.code ?? null,
      localizeDigits(envelope.message ?? ''),
      (envelope.errors ?? []).map((e) => ({ ...e, title: localizeDigits(e.title) })),
    );
    if (status === 401 && !anonymous) onAuthFailure(error);
    throw error;
  }
  return (payload as { data: T }).data;
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers = requestHeaders(options.anonymous);
  if (options.keepOffline) headers[KEEP_OFFLINE_HEADER] = '1';
  const idempotencyKey = options.idempotencyKey ?? idempotencyKeyOf(options.body);
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
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
  noteAnswer(response.headers);
  const payload: unknown = await response.json().catch(() => null);
  return settle<T>(response.status, response.ok, payload, options.anonymous);
}

/** Upload progress in whole percent (0–100), as the bytes leave the browser. */
export type UploadProgress = (percent: number) => void;

/**
 * POST multipart form data with upload progress (fetch cannot report it, XMLHttpRequest can).
 * Same headers, envelope and errors as apiRequest: an ApiError with the server's
 * translated message, status 0 when the network failed, an AbortError when aborted.
 */
export function apiUpload<T>(
  path: string,
  formData: FormData,
  onProgress?: UploadProgress,
  options: { signal?: AbortSignal; method?: 'POST' | 'PUT' } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', `${API_BASE}${path}`);
    for (const [name, value] of Object.entries(requestHeaders(false))) xhr.setRequestHeader(name, value);
    let last = -1;
    const report = (percent: number) => {
      if (!onProgress || percent === last) return;
      last = percent;
      onProgress(percent);
    };
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        report(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      report(100);
      let payload: unknown = null;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        payload = null;
      }
      try {
        resolve(settle<T>(xhr.status, xhr.status >= 200 && xhr.status < 300, payload, false));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, null, ''));
    xhr.ontimeout = () => reject(new ApiError(0, null, ''));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    report(0);
    xhr.send(formData);
  });
}

/** A file the API streamed (an export): its bytes and the name the server gave it. */
export type DownloadedFile = { blob: Blob; filename: string };

/** The file name of a Content-Disposition header (RFC 6266: `filename*` first, then `filename`). */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  return name || fallback;
}

/**
 * POST a JSON body (or GET, `method: 'GET'`: a stored document) and receive a file (the list
 * exports, a request's documents): the same headers and errors as
 * apiRequest (a refused call is an ApiError with the server's translated message; a 401 tells
 * the session), but the answer is kept as bytes, not read as JSON.
 */
export async function apiDownload(
  path: string,
  body: unknown,
  options: { signal?: AbortSignal; fallbackName?: string; method?: 'GET' | 'POST' } = {},
): Promise<DownloadedFile> {
  const get = options.method === 'GET';
  const headers: Record<string, string> = { ...requestHeaders(false), accept: '*/*' };
  if (!get) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: get ? 'GET' : 'POST',
      headers,
      ...(get ? {} : { body: JSON.stringify(body) }),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, null, '');
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    return settle<never>(response.status, false, payload, false);
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (cause) {
    // The stream broke half-way (the server failed while writing rows): no partial file.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, null, '');
  }
  return { blob, filename: filenameOf(response.headers.get('content-disposition'), options.fallbackName ?? 'export') };
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal, options: Pick<RequestOptions, 'keepOffline'> = {}) =>
    apiRequest<T>('GET', path, { ...options, signal }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
