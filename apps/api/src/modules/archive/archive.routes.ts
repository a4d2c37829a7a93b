import { translate } from '@portal/shared/messages';
import {
  ARCHIVE_FILE_TYPES,
  ARCHIVE_UPLOAD_MAX_FILES,
  ZArchiveBatchRequest,
  ZArchiveBatchResult,
  ZArchiveCheckShortNameParams,
  ZArchiveCheckShortNameRequest,
  ZArchiveContentRequest,
  ZArchiveCreateFolderRequest,
  ZArchiveCrumb,
  ZArchiveDownloadToken,
  ZArchiveFolderParams,
  ZArchiveItem,
  ZArchiveItemParams,
  ZArchiveListing,
  ZArchiveOrderParams,
  ZArchivePage,
  ZArchivePageQuery,
  ZArchiveParentsParams,
  ZArchiveRenameRequest,
  ZArchiveShortNameCheck,
  ZArchiveUploadResult,
  ZArchiveZipQuery,
} from '@portal/shared/schemas/archive';
import { successSchema } from '@portal/shared/schemas/envelope';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyBodyAsObject } from '../../lib/empty-body.js';
import { ok } from '../../lib/reply.js';
import { type MultipartBody, mediaTypesOf } from '../../plugins/docs.js';
import {
  archivePage,
  archiveParents,
  checkShortName,
  createFolder,
  deleteItem,
  listArchive,
  orderItem,
  renameItem,
  saveArchiveContent,
} from './archive.service.js';
import { issueZipToken, readArchiveFile, verifyZipToken, zipArchiveFolder } from './archive-download.js';
import { copyItems } from './copy-archive-items.js';
import { moveItems } from './move-archive-items.js';
import { uploadArchiveFiles } from './upload-archive-files.js';

const TAGS = ['archive'];

/** What uploadArchiveFiles reads (upload-archive-files.ts): the files, and an optional folder to make for them. */
const UPLOAD_BODY: MultipartBody = {
  fields: z.object({
    folder: z.string().optional().describe('The name of a new folder made inside {id} to hold the files'),
  }),
  files: {
    file: { types: mediaTypesOf(ARCHIVE_FILE_TYPES), description: 'One file' },
    files: {
      types: mediaTypesOf(ARCHIVE_FILE_TYPES),
      max: ARCHIVE_UPLOAD_MAX_FILES,
      description: 'Several files: repeated parts (also accepted as files[] or files[n])',
    },
  },
};

/** A file name in Content-Disposition: an ASCII fallback and the real name (RFC 5987). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Headers of every file the archive sends: always a download, never rendered, never cached. */
function asDownload(reply: FastifyReply, name: string, mime: string): FastifyReply {
  return reply
    .type(mime)
    .header('content-disposition', attachment(name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store');
}

/**
 * The archive manager (SPEC §7 "Archive"; docs/decisions/0022-staff-tools.md): reading needs
 * archive.index, changing archive.put, deleting archive.delete. Folder 0 is the root. The zip
 * link is the one route a browser opens by itself: it carries a signed token instead of the
 * bearer header, so its access is `public` and the token is the check (archive-download.ts).
 */
export const archiveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/archive',
    {
      config: { access: 'archive.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAGS,
        summary: "The root's folders and files, in order, and the upload limits",
        errors: [404],
        response: { 200: successSchema(ZArchiveListing) },
      },
    },
    async (request) => ok(await listArchive(request.ctx(), 0)),
  );

  app.post(
    '/archive/:id',
    {
      config: { access: 'archive.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAGS,
        summary: "A folder's folders and files, in order (0: the root), and the upload limits",
        params: ZArchiveFolderParams,
        response: { 200: successSchema(ZArchiveListing) },
      },
    },
    async (request) => ok(await listArchive(request.ctx(), request.params.id)),
  );

  app.get(
    '/archive/parents/:id/:locale/:root',
    {
      config: { access: 'archive.index' },
      schema: {
        tags: TAGS,
        summary: 'The breadcrumbs from `root` (0: the archive, named in `locale`) down to the item',
        params: ZArchiveParentsParams,
        response: { 200: successSchema(z.array(ZArchiveCrumb)) },
      },
    },
    async (request) => {
      const { id, locale, root } = request.params;
      return ok(await archiveParents(request.ctx(), id, locale, root));
    },
  );

  app.get(
    '/archive/page/:id',
    {
      config: { access: 'archive.index' },
      schema: {
        tags: TAGS,
        summary: "A folder's page: the folder and its text in `language` (the caller's language by default)",
        params: ZArchiveItemParams,
        querystring: ZArchivePageQuery,
        response: { 200: successSchema(ZArchivePage) },
      },
    },
    async (request) => ok(await archivePage(request.ctx(), request.params.id, request.query.language)),
  );

  app.get(
    '/archive/download/:id',
    {
      config: { access: 'archive.index' },
      schema: {
        tags: TAGS,
        summary: 'One file, streamed, as a download with its name',
        params: ZArchiveItemParams,
        produces: mediaTypesOf(ARCHIVE_FILE_TYPES),
      },
    },
    async (request, reply) => {
      const file = await readArchiveFile(request.ctx(), app.storage, request.params.id);
      return asDownload(reply, file.name, file.mime).header('content-length', String(file.size)).send(file.stream);
    },
  );

  app.post(
    '/archive/zip/token/:id',
    {
      config: { access: 'archive.index' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAGS,
        summary: "A short-lived link to the folder's zip for this session (a download link cannot send the bearer)",
        params: ZArchiveFolderParams,
        response: { 200: successSchema(ZArchiveDownloadToken) },
      },
    },
    async (request) => ok(await issueZipToken(request.ctx(), request.params.id)),
  );

  app.get(
    '/archive/zip/files/:id',
    {
      // The token is the check: signed for a live session whose user holds archive.index.
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'The folder and its subfolders as a zip, streamed; ?token= from POST /archive/zip/token/{id}',
        params: ZArchiveFolderParams,
        querystring: ZArchiveZipQuery.partial(),
        produces: ['application/zip'],
        errors: [401, 403],
      },
    },
    async (request, reply) => {
      const ctx = request.ctx();
      await verifyZipToken(ctx, request.params.id, request.query.token);
      const zip = await zipArchiveFolder(ctx, app.storage, request.params.id);
      return asDownload(reply, zip.name, 'application/zip').send(zip.stream);
    },
  );

  app.post(
    '/archive/upload/:id',
    {
      config: { access: 'archive.put' },
      schema: {
        tags: TAGS,
        summary: 'Upload files (multipart `file` or `files[n]`, optional `folder`: a new folder to hold them)',
        consumes: ['multipart/form-data'],
        params: ZArchiveFolderParams,
        multipartBody: UPLOAD_BODY,
        response: { 200: successSchema(ZArchiveUploadResult) },
      },
    },
    async (request) =>
      ok(
        await uploadArchiveFiles(request.ctx(), app.storage, request, request.params.id),
        translate(request.locale, 'archive.messages.uploaded'),
      ),
  );

  app.post(
    '/archive/order/:a/:type/:b',
    {
      config: { access: 'archive.put' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAGS,
        summary: 'Put item a just before or after its sibling b; answers the folder in its new order',
        params: ZArchiveOrderParams,
        response: { 200: successSchema(z.array(ZArchiveItem)) },
      },
    },
    async (request) => {
      const { a, type, b } = request.params;
      return ok(await orderItem(request.ctx(), a, type, b), translate(request.locale, 'archive.messages.ordered'));
    },
  );

  app.put(
    '/archive',
    {
      config: { access: 'archive.put' },
      schema: {
        tags: TAGS,
        summary: 'A new folder (parent_id 0 or absent: the root)',
        body: ZArchiveCreateFolderRequest,
        errors: [404],
        response: { 201: successSchema(ZArchiveItem) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await createFolder(request.ctx(), request.body),
            translate(request.locale, 'archive.messages.folder_created'),
          ),
        ),
  );

  app.put(
    '/archive/:id',
    {
      config: { access: 'archive.put' },
      schema: {
        tags: TAGS,
        summary: 'Rename: a new display name and/or short name',
        params: ZArchiveItemParams,
        body: ZArchiveRenameRequest,
        response: { 200: successSchema(ZArchiveItem) },
      },
    },
    async (request) =>
      ok(
        await renameItem(request.ctx(), request.params.id, request.body),
        translate(request.locale, 'archive.messages.renamed'),
      ),
  );

  app.delete(
    '/archive/:id',
    {
      config: { access: 'archive.delete' },
      schema: {
        tags: TAGS,
        summary: 'Delete an item; a folder with everything under it (stored files removed after the commit)',
        params: ZArchiveItemParams,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (request) => {
      await deleteItem(request.ctx(), app.storage, request.params.id);
      return ok(null, translate(request.locale, 'archive.messages.deleted'));
    },
  );

  app.put(
    '/archive/content/:id',
    {
      config: { access: 'archive.put' },
      schema: {
        tags: TAGS,
        summary: "A folder's text in one language (empty text removes it)",
        params: ZArchiveItemParams,
        body: ZArchiveContentRequest,
        response: { 200: successSchema(ZArchivePage) },
      },
    },
    async (request) =>
      ok(
        await saveArchiveContent(request.ctx(), request.params.id, request.body),
        translate(request.locale, 'archive.messages.content_saved'),
      ),
  );

  app.post(
    '/archive/move_to/:id',
    {
      config: { access: 'archive.put' },
      schema: {
        tags: TAGS,
        summary: 'Move items into folder id (0: the root); never a folder into itself or its subfolders',
        params: ZArchiveFolderParams,
        body: ZArchiveBatchRequest,
        response: { 200: successSchema(ZArchiveBatchResult) },
      },
    },
    async (request) =>
      ok(
        { items: await moveItems(request.ctx(), request.params.id, request.body.ids) },
        translate(request.locale, 'archive.messages.moved'),
      ),
  );

  app.post(
    '/archive/paste_to/:id',
    {
      config: { access: 'archive.put' },
      schema: {
        tags: TAGS,
        summary: 'Copy items (folders with their subtrees and stored files) into folder id',
        params: ZArchiveFolderParams,
        body: ZArchiveBatchRequest,
        errors: [409],
        response: { 200: successSchema(ZArchiveBatchResult) },
      },
    },
    async (request) =>
      ok(
        { items: await copyItems(request.ctx(), app.storage, request.params.id, request.body.ids) },
        translate(request.locale, 'archive.messages.pasted'),
      ),
  );

  app.post(
    '/archive/check_short_name/:id/:name',
    {
      config: { access: 'archive.put' },
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAGS,
        summary: 'Whether a short name is free in folder id (except_id: the item being renamed)',
        params: ZArchiveCheckShortNameParams,
        body: ZArchiveCheckShortNameRequest,
        response: { 200: successSchema(ZArchiveShortNameCheck) },
      },
    },
    async (request) => {
      const result = await checkShortName(
        request.ctx(),
        request.params.id,
        request.params.name,
        request.body.except_id,
      );
      const message = result.available ? 'archive.messages.short_name_free' : 'archive.messages.short_name_taken';
      return ok(result, translate(request.locale, message));
    },
  );
};
