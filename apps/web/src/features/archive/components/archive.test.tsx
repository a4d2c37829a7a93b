import type { Permission } from '@portal/shared/permissions';
import type { TArchiveItem, TArchiveListing } from '@portal/shared/schemas/archive';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, ok, signInAs, stubApi } from '../../../test/api-stub';
import { makeUser } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ArchiveManager } from './archive-manager';

configure({ asyncUtilTimeout: 5000 });

const LIMITS: TArchiveListing['limits'] = {
  max_file_bytes: 100 * 1024 * 1024,
  max_files: 20,
  types: ['pdf', 'png', 'jpg', 'jpeg', 'txt', 'doc', 'docx', 'zip', 'rar', 'mp4', 'mkv', 'avi', 'wmv'],
};

function item(overrides: Partial<TArchiveItem>): TArchiveItem {
  return {
    id: 1,
    parent_id: null,
    kind: 'folder',
    name: 'عقود 2026',
    short_name: 'contracts',
    sort_order: 1,
    size: null,
    mime: null,
    content_languages: [],
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

const ITEMS = [
  item({ id: 1 }),
  item({ id: 2, kind: 'file', name: 'تقرير.pdf', short_name: 'report-pdf', size: 2048, mime: 'application/pdf' }),
];

/** The signed-in staff member with `permissions`, and the archive's root as the API would answer. */
function stub(permissions: Permission[], answer: (call: Call) => Response | undefined = () => undefined) {
  signInAs({ id: 7 });
  return stubApi((call) => {
    if (call.method === 'GET' && call.url === '/api/v1/users/7') {
      return ok(makeUser({ id: 7, type: 'admin', direct_permissions: permissions }));
    }
    if (call.method === 'POST' && call.url === '/api/v1/archive') {
      return ok({ folder: null, items: ITEMS, limits: LIMITS } satisfies TArchiveListing);
    }
    if (call.method === 'GET' && call.url.startsWith('/api/v1/archive/parents/0/')) {
      return ok([{ id: 0, name: call.url.includes('/ar/') ? 'الأرشيف' : 'Archive', short_name: null }]);
    }
    return answer(call);
  });
}

/**
 * A stand-in XMLHttpRequest (jsdom's sends nothing): the test drives its upload progress and
 * decides how it ends, as a slow network would.
 */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
  fail() {
    act(() => this.onerror?.());
  }
}

/** Chooses files in the upload dialog (which loads when first opened). */
async function chooseFiles(files: File[]) {
  const input = (await screen.findByTestId('archive-upload-input')) as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

const pdf = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

afterEach(() => {
  FakeXhr.last = null;
});

describe('the archive manager', () => {
  it('lists the folder with its breadcrumbs, and shows each action only to whoever may take it', async () => {
    stub(['archive.index']);
    await renderWithProviders(<ArchiveManager folderId={0} />);
    expect(await screen.findByText('عقود 2026')).toBeInTheDocument();
    expect(screen.getByText('تقرير.pdf')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'مسار المجلد' })).getByText('الأرشيف')).toBeInTheDocument();
    expect(screen.getByTestId('archive-download-zip')).toBeInTheDocument();
    expect(screen.queryByTestId('archive-open-upload')).not.toBeInTheDocument();
    expect(screen.queryByTestId('archive-new-folder')).not.toBeInTheDocument();
    expect(screen.queryByTestId('archive-delete-contracts')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'عقود 2026' })).toHaveAttribute('href', '/archive/1');
  });

  it('shows an empty folder as empty', async () => {
    signInAs({ id: 7 });
    stubApi((call) => {
      if (call.url === '/api/v1/users/7')
        return ok(makeUser({ id: 7, direct_permissions: ['archive.index', 'archive.put'] }));
      if (call.url === '/api/v1/archive/5') return ok({ folder: item({ id: 5 }), items: [], limits: LIMITS });
      if (call.url.startsWith('/api/v1/archive/parents/5/')) return ok([{ id: 0, name: 'Archive', short_name: null }]);
      if (call.url.startsWith('/api/v1/archive/page/5')) {
        return ok({ item: item({ id: 5 }), language: 'en', content: '' });
      }
      return undefined;
    });
    await renderWithProviders(<ArchiveManager folderId={5} />, { lang: 'en' });
    expect(await screen.findByTestId('archive-empty')).toHaveTextContent('This folder is empty');
    expect(await screen.findByTestId('archive-content')).toBeInTheDocument();
  });
});

describe('uploading with progress', () => {
  it('names each file refused for its size, with the limit in the one size format (issue 22 items 10, 11)', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    stub(['archive.index', 'archive.put']);
    await renderWithProviders(<ArchiveManager folderId={0} />, { lang: 'en' });
    fireEvent.click(await screen.findByTestId('archive-open-upload'));
    const big = pdf('minutes 2026.pdf');
    Object.defineProperty(big, 'size', { value: LIMITS.max_file_bytes + 1 });
    await chooseFiles([big, pdf('contract.pdf')]);
    expect(await screen.findByTestId('archive-upload-problems')).toHaveTextContent(
      'The file “\u2068minutes 2026.pdf\u2069” is larger than 100 MB',
    );
    expect(screen.getByText(/up to 100 MB a file/)).toBeInTheDocument();
    expect(screen.getByTestId('archive-upload-start')).toBeDisabled();
  });

  it('shows the percentage as the bytes leave, then the new files', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const calls = stub(['archive.index', 'archive.put']);
    await renderWithProviders(<ArchiveManager folderId={0} />, { lang: 'en' });
    fireEvent.click(await screen.findByTestId('archive-open-upload'));
    await chooseFiles([pdf('contract.pdf', 4000), pdf('annex.pdf', 2000)]);
    expect(screen.getByTestId('archive-upload-count')).toHaveTextContent('2 files chosen');
    fireEvent.change(screen.getByLabelText('Put them in a new folder (optional)'), { target: { value: 'عقود' } });
    fireEvent.click(screen.getByTestId('archive-upload-start'));

    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/archive/upload/0');
    expect(xhr.headers.authorization).toMatch(/^Bearer /);
    expect(xhr.body?.get('folder')).toBe('عقود');
    expect((xhr.body?.get('files[0]') as File | undefined)?.name).toBe('contract.pdf');
    expect((xhr.body?.get('files[1]') as File | undefined)?.name).toBe('annex.pdf');

    const progress = screen.getByTestId('archive-upload-progress');
    expect(progress).toHaveAttribute('value', '0');
    xhr.progress(1500, 6000);
    expect(progress).toHaveAttribute('value', '25');
    expect(screen.getByTestId('archive-upload-percent')).toHaveTextContent('Uploading… 25%');
    xhr.progress(4500, 6000);
    expect(screen.getByTestId('archive-upload-percent')).toHaveTextContent('Uploading… 75%');
    expect(screen.getByTestId('archive-upload-start')).toBeDisabled();

    const listed = calls.filter((c) => c.url === '/api/v1/archive').length;
    xhr.respond(200, { status: 'success', data: { folder: null, items: [] } });
    expect(await screen.findByText('Files uploaded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('archive-upload')).not.toBeInTheDocument());
    // The folder is read again, with the new files.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/v1/archive').length).toBeGreaterThan(listed));
  });

  it("says 'reconnect' and starts the upload over when the connection fails half-way", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    stub(['archive.index', 'archive.put']);
    await renderWithProviders(<ArchiveManager folderId={0} />);
    fireEvent.click(await screen.findByTestId('archive-open-upload'));
    await chooseFiles([pdf('عقد.pdf')]);
    fireEvent.click(screen.getByTestId('archive-upload-start'));
    const xhr = FakeXhr.last as FakeXhr;
    xhr.progress(300, 1000);
    expect(screen.getByTestId('archive-upload-progress')).toHaveAttribute('value', '30');

    xhr.fail();
    const alert = await screen.findByTestId('archive-reconnect');
    expect(alert).toHaveTextContent('انقطع الاتصال أثناء الرفع. من فضلك تحقق من اتصالك بالإنترنت ثم أعد الرفع.');
    // The upload's state is gone: no progress, no chosen file, nothing to send until files are chosen again.
    expect(screen.queryByTestId('archive-upload-progress')).not.toBeInTheDocument();
    expect(screen.queryByTestId('archive-upload-count')).not.toBeInTheDocument();
    expect((screen.getByTestId('archive-upload-input') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('archive-upload-start')).toBeDisabled();
    // Choosing again clears the message and the upload can start over.
    await chooseFiles([pdf('عقد.pdf')]);
    expect(screen.queryByTestId('archive-reconnect')).not.toBeInTheDocument();
    expect(screen.getByTestId('archive-upload-start')).toBeEnabled();
  });

  it('lists the files the server refused, and checks type, size and count before sending', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    stub(['archive.index', 'archive.put']);
    await renderWithProviders(<ArchiveManager folderId={0} />, { lang: 'en' });
    fireEvent.click(await screen.findByTestId('archive-open-upload'));
    await chooseFiles([new File(['MZ'], 'setup.exe'), pdf('empty.pdf', 0)]);
    const problems = screen.getByTestId('archive-upload-problems');
    expect(problems).toHaveTextContent('The type of "setup.exe" is not allowed');
    expect(problems).toHaveTextContent('"empty.pdf" is empty');
    expect(screen.getByTestId('archive-upload-start')).toBeDisabled();
    await chooseFiles(Array.from({ length: 21 }, (_, i) => pdf(`f${i}.pdf`)));
    expect(screen.getByTestId('archive-upload-problems')).toHaveTextContent('At most 20 files can be uploaded at once');

    await chooseFiles([pdf('fake.pdf')]);
    fireEvent.click(screen.getByTestId('archive-upload-start'));
    (FakeXhr.last as FakeXhr).respond(422, {
      status: 'error',
      message: 'Please check the data',
      errors: [{ field: 'files[0]', title: 'The type of "fake.pdf" is not allowed; allowed: pdf, png' }],
    });
    expect(await screen.findByTestId('archive-upload-problems')).toHaveTextContent(
      'The type of "fake.pdf" is not allowed',
    );
    expect(screen.queryByTestId('archive-upload-progress')).not.toBeInTheDocument();
  });
});

describe('the folder dialog', () => {
  it('suggests a short name from the name and checks it with the server as it is typed', async () => {
    const asked: string[] = [];
    stub(['archive.index', 'archive.put'], (call) => {
      const match = /^\/api\/v1\/archive\/check_short_name\/0\/(.+)$/.exec(call.url);
      if (call.method === 'POST' && match) {
        const name = decodeURIComponent(match[1] ?? '');
        asked.push(name);
        return ok({ name, available: name !== 'contracts' });
      }
      if (call.method === 'PUT' && call.url === '/api/v1/archive') {
        return jsonResponse({ status: 'success', data: item({ id: 9, ...(call.body as object) }) }, 201);
      }
      return undefined;
    });
    await renderWithProviders(<ArchiveManager folderId={0} />, { lang: 'en' });
    fireEvent.click(await screen.findByTestId('archive-new-folder'));
    const dialog = await screen.findByTestId('archive-folder-form');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Contracts' } });
    const shortName = within(dialog).getByTestId('archive-short-name') as HTMLInputElement;
    expect(shortName.value).toBe('contracts');
    expect(await within(dialog).findByText('This short name is already used in this folder')).toBeInTheDocument();
    // The same input all along (the check's feedback never re-mounts it under the typing hand).
    expect(within(dialog).getByTestId('archive-short-name')).toBe(shortName);
    expect(screen.getByTestId('archive-folder-submit')).toBeDisabled();

    fireEvent.change(shortName, { target: { value: 'contracts-2026' } });
    expect(await within(dialog).findByText('The short name is available')).toBeInTheDocument();
    expect(asked).toEqual(['contracts', 'contracts-2026']);
    // Typed by hand: the name no longer rewrites it.
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Contracts and annexes' } });
    expect(shortName.value).toBe('contracts-2026');

    fireEvent.click(screen.getByTestId('archive-folder-submit'));
    expect(await screen.findByText('Folder created')).toBeInTheDocument();
  });
});
