/*
 * Adapted from svc-jobs/src/documents/document-type.ts: the container a file's first bytes announce.
 * Which Office format a ZIP or OLE file holds is decided by looking inside it.
 */

export type DocumentContainer = 'pdf' | 'zip' | 'ole' | 'text';

const ZIP_LOCAL_FILE_HEADER = [0x50, 0x4b, 0x03, 0x04];
const OLE_COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
/** Readers accept the PDF header anywhere in the first KiB (some generators put junk before it). */
const PDF_HEADER_WINDOW = 1024;

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

/**
 * Reads the type from the magic bytes, never from the file name or the declared type.
 * Text is anything that decodes as UTF-8 (or UTF-16 with a byte-order mark) without NUL bytes.
 */
export function sniffDocumentContainer(bytes: Uint8Array): DocumentContainer | null {
  if (Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PDF_HEADER_WINDOW)).includes(PDF_HEADER)) {
    return 'pdf';
  }
  if (startsWith(bytes, ZIP_LOCAL_FILE_HEADER)) {
    return 'zip';
  }
  if (startsWith(bytes, OLE_COMPOUND_FILE)) {
    return 'ole';
  }
  return decodePlainText(bytes) === null ? null : 'text';
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16LE_BOM = [0xff, 0xfe];
const UTF16BE_BOM = [0xfe, 0xff];

function decodeStrictly(encoding: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/** The text of a plain-text file, or null when the bytes are not text. */
export function decodePlainText(bytes: Uint8Array): string | null {
  let text: string | null;
  if (startsWith(bytes, UTF16LE_BOM)) {
    text = decodeStrictly('utf-16le', bytes);
  } else if (startsWith(bytes, UTF16BE_BOM)) {
    text = decodeStrictly('utf-16be', bytes);
  } else if (startsWith(bytes, UTF8_BOM) || !bytes.includes(0)) {
    text = decodeStrictly('utf-8', bytes);
  } else {
    return null;
  }
  return text === null || text.includes('\u0000') ? null : text;
}
