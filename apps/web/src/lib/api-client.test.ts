import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiUpload, setAuthFailureListener } from './api-client';
import { newIdempotencyKey, withIdempotencyKey } from './idempotency';

type Listener = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;

/** A stand-in XMLHttpRequest: records what is sent and lets the test play the upload and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: Listener } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  setAuthFailureListener(() => {});
  FakeXhr.last = null;
});

function start(onProgress?: (percent: number) => void) {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  window.localStorage.setItem('token', 'tok'.repeat(10));
  window.localStorage.setItem('user_id', '1');
  const form = new FormData();
  form.append('image', new File(['x'], 'me.png', { type: 'image/png' }));
  const result = apiUpload<{ id: number }>('/users/4/photo', form, onProgress);
  const xhr = FakeXhr.last as FakeXhr;
  return { result, xhr, form };
}

describe('apiUpload', () => {
  it('posts the form with the session token and reports the progress in whole percent', async () => {
    const seen: number[] = [];
    const { result, xhr, form } = start((p) => seen.push(p));
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/users/4/photo');
    expect(xhr.headers.authorization).toBe(`Bearer ${'tok'.repeat(10)}`);
    expect(xhr.headers['accept-language']).toMatch(/^(ar|en)$/);
    expect(xhr.body).toBe(form);
    xhr.progress(256, 1024);
    xhr.progress(256, 1024);
    xhr.progress(1023, 1024);
    xhr.answer(200, { status: 'success', data: { id: 4 } });
    await expect(result).resolves.toEqual({ id: 4 });
    expect(seen).toEqual([0, 25, 99, 100]);
  });

  it('fails like apiRequest: the server’s envelope as an ApiError, a 401 told to the session', async () => {
    const failures: ApiError[] = [];
    setAuthFailureListener((error) => failures.push(error));
    const refused = start();
    refused.xhr.answer(422, {
      status: 'error',
      code: 'validation',
      message: 'الصورة يجب أن تكون jpg أو png',
      errors: [{ field: 'image', title: 'الصورة يجب أن تكون jpg أو png' }],
    });
    const error = await refused.result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'validation', message: 'الصورة يجب أن تكون jpg أو png' });
    expect((error as ApiError).errors).toEqual([{ field: 'image', title: 'الصورة يجب أن تكون jpg أو png' }]);

    const expired = start();
    expired.xhr.answer(401, { status: 'error', code: 'unauthenticated', message: 'x', errors: [] });
    await expect(expired.result).rejects.toMatchObject({ status: 401 });
    expect(failures.map((f) => f.code)).toEqual(['unauthenticated']);
  });

  it('fails with status 0 when the network does, and with an AbortError when aborted', async () => {
    const offline = start();
    offline.xhr.onerror?.();
    await expect(offline.result).rejects.toMatchObject({ status: 0, isNetwork: true });

    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const aborted = apiUpload('/users/4/photo', new FormData(), undefined, { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('idempotency keys', () => {
  it('sends a key attached to the body as the Idempotency-Key header, and the body without it', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: 'success', data: { id: 9 } })));
    vi.stubGlobal('fetch', fetchMock);
    const body = withIdempotencyKey({ name: 'مشرف' }, 'key-0123456789');
    // A mutation that spreads its input into the body keeps the key.
    await api.put('/roles', { ...body, extra: 1 });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['idempotency-key']).toBe('key-0123456789');
    expect(JSON.parse(init.body as string)).toEqual({ name: 'مشرف', extra: 1 });

    await api.put('/roles', { name: 'بلا مفتاح' });
    const [, plain] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect((plain.headers as Record<string, string>)['idempotency-key']).toBeUndefined();
  });

  it('makes keys the server accepts, different every time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
  });
});
