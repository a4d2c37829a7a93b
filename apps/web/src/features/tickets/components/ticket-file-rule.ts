import {
  TICKET_FILE_EXTENSIONS,
  TICKET_FILE_MAX_BYTES,
  TICKET_FILE_MIME_TYPES,
} from '@portal/shared/schemas/tickets-rules';
import type { FileRule } from '../../../components/forms/file-field';

/** A ticket message's attachment (SPEC §5): pdf, png, jpg/jpeg, ≤ 512 KB; the server checks the bytes again. */
export const TICKET_FILE_RULE: FileRule = {
  extensions: TICKET_FILE_EXTENSIONS,
  mimeTypes: TICKET_FILE_MIME_TYPES,
  maxBytes: TICKET_FILE_MAX_BYTES,
  // Too large: the field's generic message, which names the file and the limit.
  messages: { type: 'tickets.validation.file_type_size' },
};
