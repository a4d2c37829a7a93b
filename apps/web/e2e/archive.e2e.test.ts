import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../api/test/helpers/zip';
import { launchBrowser, loginThroughForm, newPage, openFromSidebar } from './helpers/browser';
import { ADMIN, type Portal, startPortal } from './helpers/portal';

/**
 * The archive manager in the browser (docs/decisions/0022-staff-tools.md), in Arabic: staff
 * make a folder (its short name checked as typed), upload a file into it and watch the
 * percentage climb (the upload is slowed to a real network's pace), download the file, and
 * download the folder as a zip through its short-lived link.
 */
const SLOW = 240_000;

/** A real PDF head and 1.5 MB of body: long enough, at 512 KB/s, for the progress to be seen. */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n'),
  Buffer.alloc(1536 * 1024, 0x20),
  Buffer.from('%%EOF\n'),
]);

describe('the archive manager', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal({ JOBS_POLL_SECONDS: '0' });
    browser = await launchBrowser();
  }, SLOW);

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  }, SLOW);

  it(
    'staff upload a file with its progress, download it, and download the folder as a zip',
    async () => {
      const { page, context, errors } = await newPage(browser, portal.url);
      page.setDefaultTimeout(60_000);
      await loginThroughForm(page, ADMIN.phone, ADMIN.password);

      // The Settings group of the sidebar has the archive.
      await page.goto('/dashboard');
      await openFromSidebar(page, 'الإعدادات', page.getByRole('link', { name: 'الأرشيف' }));
      await page.waitForURL('**/archive');
      await page.getByRole('heading', { name: 'الأرشيف' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.getByTestId('archive-empty').waitFor();

      // A new folder: the short name is checked as it is typed.
      await page.getByTestId('archive-new-folder').click();
      const dialog = page.getByTestId('archive-folder-form');
      await dialog.getByLabel('الاسم', { exact: true }).fill('ملفات الفرع');
      await page.getByTestId('archive-short-name').fill('branch-files');
      await dialog.getByText('الاسم المختصر متاح').waitFor();
      await page.getByTestId('archive-folder-submit').click();
      await page.getByText('تم إنشاء المجلد').waitFor();
      await page.getByRole('link', { name: 'ملفات الفرع' }).click();
      await page.waitForURL(/\/archive\/\d+$/);
      await page.getByRole('navigation', { name: 'مسار المجلد' }).getByText('ملفات الفرع').waitFor();

      // The upload, slowed to 512 KB/s so the percentage can be watched going up.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 512 * 1024,
      });
      await page.getByTestId('archive-open-upload').click();
      await page
        .getByTestId('archive-upload-input')
        .setInputFiles({ name: 'عقد الإيجار.pdf', mimeType: 'application/pdf', buffer: PDF });
      await page.getByTestId('archive-upload-count').waitFor();
      await page.getByTestId('archive-upload-start').click();
      const progress = page.getByTestId('archive-upload-progress');
      await progress.waitFor();
      // A value strictly between the start and the end: the bar moved while the bytes were leaving.
      await page.waitForFunction(() => {
        const bar = document.querySelector('[data-testid="archive-upload-progress"]') as HTMLProgressElement | null;
        return bar !== null && bar.value > 0 && bar.value < 100;
      });
      expect(await page.getByTestId('archive-upload-percent').textContent()).toMatch(/جارٍ الرفع… .+٪|%/);
      await page.getByText('تم رفع الملفات').waitFor();
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const row = page.getByTestId('archive-items').getByRole('listitem').filter({ hasText: 'عقد الإيجار.pdf' });
      await row.waitFor();

      // The file back, byte for byte, under its name.
      const [fileDownload] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: 'تنزيل «عقد الإيجار.pdf»' }).last().click(),
      ]);
      expect(fileDownload.suggestedFilename()).toBe('عقد الإيجار.pdf');
      expect((await readFile((await fileDownload.path()) as string)).equals(PDF)).toBe(true);

      // The folder as a zip, through its short-lived link (the browser downloads it by itself).
      const [zipDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('archive-download-zip').click(),
      ]);
      expect(zipDownload.suggestedFilename()).toBe('ملفات الفرع.zip');
      const entries = await readZip(await readFile((await zipDownload.path()) as string));
      expect([...entries.keys()]).toEqual(['عقد الإيجار.pdf']);
      expect(entries.get('عقد الإيجار.pdf')?.equals(PDF)).toBe(true);

      expect(errors).toEqual([]);
      await context.close();
    },
    SLOW,
  );
});
