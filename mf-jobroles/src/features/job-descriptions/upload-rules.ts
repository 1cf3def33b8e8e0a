import { DEFAULT_MAX_UPLOAD_BYTES } from '@masar/contracts';

/** What the file picker offers (spec section 5). */
export const ACCEPTED_FILE_EXTENSIONS = ['.pdf', '.doc', '.docx', '.txt'] as const;
export const FILE_PICKER_ACCEPT = ACCEPTED_FILE_EXTENSIONS.join(',');

/** Plain text, PDF, Word doc and Word docx (spec section 5). */
const ACCEPTED_MEDIA_TYPES = new Set([
  'text/plain',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]);

/**
 * The client's limit mirrors the gateway's default, so a person hears about a too-large file
 * before sending 10 MB; the server checks again (its limit is configurable).
 */
export const MAX_UPLOAD_BYTES = DEFAULT_MAX_UPLOAD_BYTES;

const BYTES_PER_MB = 1024 * 1024;

export type FileProblem = 'invalid-type' | 'too-large' | 'empty';

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot).toLowerCase() : '';
}

/**
 * Checks a picked or dropped file. The media type a browser reports is often empty (a .doc on
 * Linux) or generic, so the extension counts too; the server decides from the bytes.
 */
export function findFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): FileProblem | null {
  const typeAccepted = ACCEPTED_MEDIA_TYPES.has(file.type);
  const extensionAccepted = (ACCEPTED_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  if (!typeAccepted && !extensionAccepted) return 'invalid-type';
  if (file.size > MAX_UPLOAD_BYTES) return 'too-large';
  if (file.size === 0) return 'empty';
  return null;
}

/** 'Senior Analyst.v2.pdf' -> 'Senior Analyst.v2' (spec section 5: the title defaults to it). */
export function titleFromFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/**
 * The size shown beside a chosen file, in MB: two decimals, or one significant digit for a
 * file under 0.01 MB so a small text file does not read "0.00 MB".
 */
export function sizeInMegabytes(bytes: number, language = 'en'): string {
  const megabytes = bytes / BYTES_PER_MB;
  const format =
    megabytes >= 0.01 || megabytes === 0
      ? new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      : new Intl.NumberFormat(language, { maximumSignificantDigits: 1 });
  return format.format(megabytes);
}

export const MAX_UPLOAD_MEGABYTES = MAX_UPLOAD_BYTES / BYTES_PER_MB;
