import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { acceptOf, FileField, type FileRule, fileProblem } from './file-field';

const PDF_OR_IMAGE: FileRule = { extensions: ['pdf', 'png'], mimeTypes: ['application/pdf', 'image/png'] };

function fileOf(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function Harness({ progress }: { progress?: number | null }) {
  const [file, setFile] = useState<File | null>(null);
  return <FileField {...PDF_OR_IMAGE} value={file} onChange={setFile} progress={progress} testId="doc" />;
}

const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const pick = (file: File) => fireEvent.change(input(), { target: { files: [file] } });

describe('the file field', { timeout: 60_000 }, () => {
  it('accepts by extension and MIME type, and refuses past the size limit (512 KB by default)', () => {
    expect(fileProblem(fileOf('scan.PDF', 'application/pdf', 1000), PDF_OR_IMAGE, 'en')).toBeNull();
    // No MIME type reported: the name decides.
    expect(fileProblem(fileOf('scan.png', '', 1000), PDF_OR_IMAGE, 'en')).toBeNull();
    expect(fileProblem(fileOf('scan.exe', 'application/pdf', 1000), PDF_OR_IMAGE, 'en')).toEqual({
      key: 'files.type',
      params: { types: 'pdf, png' },
    });
    expect(fileProblem(fileOf('scan.pdf', 'text/html', 1000), PDF_OR_IMAGE, 'en')?.key).toBe('files.type');
    expect(fileProblem(fileOf('scan.pdf', 'application/pdf', 512 * 1024), PDF_OR_IMAGE, 'en')).toBeNull();
    expect(fileProblem(fileOf('scan.pdf', 'application/pdf', 512 * 1024 + 1), PDF_OR_IMAGE, 'en')).toEqual({
      key: 'files.too_large',
      params: { name: '\u2068scan.pdf\u2069', size: '512 KB' },
    });
    expect(
      fileProblem(fileOf('big.pdf', 'application/pdf', 3_000_000), { ...PDF_OR_IMAGE, maxBytes: 2 * 1024 * 1024 })?.key,
    ).toBe('files.too_large');
    expect(acceptOf(PDF_OR_IMAGE)).toBe('.pdf,.png,application/pdf,image/png');
  });

  it('says why a file is refused in the UI language, and takes a good one', async () => {
    await renderWithProviders(<Harness />);
    expect(input()).toHaveAttribute('accept', '.pdf,.png,application/pdf,image/png');
    pick(fileOf('virus.exe', 'application/x-msdownload', 100));
    expect(await screen.findByRole('alert')).toHaveTextContent('نوع الملف غير مسموح؛ المسموح: pdf, png');
    pick(fileOf('big.pdf', 'application/pdf', 600 * 1024));
    // The refusal names the file (issue 22 item 11), isolated so that its name keeps its order in Arabic.
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('حجم الملف «\u2068big.pdf\u2069» يزيد عن 512 كيلوبايت'),
    );
    pick(fileOf('contract.pdf', 'application/pdf', 100 * 1024));
    expect(await screen.findByText('contract.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /إزالة/ }));
    await waitFor(() => expect(screen.queryByText('contract.pdf')).toBeNull());
  });

  it('shows the upload progress in percent, and takes no other file meanwhile', async () => {
    await renderWithProviders(<Harness progress={45} />, { lang: 'en' });
    // antd's bar is downloaded when an upload starts (a lazy chunk).
    const bar = await screen.findByRole('progressbar', { name: 'File upload progress' }, { timeout: 10_000 });
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(screen.getByText('Uploading… 45%')).toBeInTheDocument();
    expect(screen.getByTestId('doc-choose')).toBeDisabled();
  });
});
