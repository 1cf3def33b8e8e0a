/**
 * What an uploaded document is, judged by its name AND its bytes: svc-jobs (job descriptions) and
 * svc-courses (course material) accept a few document types, and a file passes only when its
 * extension is one of them and its content is what that extension promises. A `.txt` that is
 * really SVG or HTML, or a `.pdf` that is really a zip, is refused: naming a file is not enough.
 * Each service words the refusal for its own screens; the sentence fragments below are shared.
 */

import { CONTENT_DESCRIPTIONS, contentMismatchFragment, type ContentKind, type DocumentContainer } from '../index';

// The words live in the browser-safe entry (documents/content-kinds.ts); the services read them here, with the reader.
export { CONTENT_DESCRIPTIONS, type ContentKind, type DocumentContainer };

/**
 * The contents each extension may hold. A DOCX or PPTX that is password-protected is an OLE file
 * (the reader then says so), and Word opens a .doc that is really a .docx: both Word containers
 * pass under both Word names. Markdown and JSON are text.
 */
export const DOCUMENT_EXTENSION_CONTENTS: Readonly<Record<string, readonly DocumentContainer[]>> = {
  '.pdf': ['pdf'],
  '.docx': ['zip', 'ole'],
  '.doc': ['ole', 'zip'],
  '.pptx': ['zip', 'ole'],
  '.ppt': ['ole'],
  '.txt': ['text'],
  '.md': ['text'],
  '.markdown': ['text'],
  '.json': ['text'],
};

const ZIP_LOCAL_FILE_HEADER = [0x50, 0x4b, 0x03, 0x04];
const OLE_COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
/** Readers accept the PDF header anywhere in the first KiB (some generators put junk before it). */
const PDF_HEADER_WINDOW = 1024;

/** Binary formats a person might upload by mistake, by their magic bytes, to name them in the refusal. */
const BINARY_SIGNATURES: ReadonlyArray<{ kind: ContentKind; bytes: readonly number[]; at?: number }> = [
  { kind: 'image', bytes: [0x89, 0x50, 0x4e, 0x47] }, // PNG
  { kind: 'image', bytes: [0xff, 0xd8, 0xff] }, // JPEG
  { kind: 'image', bytes: [0x47, 0x49, 0x46, 0x38] }, // GIF8
  { kind: 'image', bytes: [0x57, 0x45, 0x42, 0x50], at: 8 }, // RIFF....WEBP
  { kind: 'archive', bytes: [0x1f, 0x8b] }, // gzip
  { kind: 'archive', bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] }, // 7z
  { kind: 'archive', bytes: [0x52, 0x61, 0x72, 0x21] }, // Rar!
  { kind: 'program', bytes: [0x4d, 0x5a] }, // MZ: a Windows program
  { kind: 'program', bytes: [0x7f, 0x45, 0x4c, 0x46] }, // ELF
];

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
}

/**
 * Reads the container from the magic bytes, never from the file name or the declared type.
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

/** Elements that make a document HTML when they open it (the WHATWG sniffing list, plus the page's own). */
const HTML_ROOTS = new Set(['html', 'head', 'body', 'script', 'iframe', 'h1', 'div', 'font', 'table', 'a', 'style', 'title', 'b', 'br', 'p']);
/** Only the start of a file decides: markup announces itself there. */
const MARKUP_WINDOW = 4096;

/**
 * Whether text is really markup: SVG, HTML or XML, read the way browsers sniff it, from the first
 * element after any XML declaration, comments and doctype. A posting that merely mentions a tag,
 * or starts with a placeholder such as "<COMPANY> is hiring", stays text.
 */
export function markupKindOf(text: string): 'svg' | 'html' | 'xml' | undefined {
  let rest = text.slice(0, MARKUP_WINDOW).replace(/^\uFEFF/, '').trimStart();
  let declaredXml = false;
  let doctype: string | undefined;
  for (;;) {
    const prologue = /^(?:<\?([\w-]*)[^]*?\?>|<!--[^]*?-->|<!doctype\s+([\w:-]+)[^>]*>)\s*/i.exec(rest);
    if (!prologue) break;
    if (prologue[1]?.toLowerCase() === 'xml') declaredXml = true;
    if (prologue[2]) doctype = prologue[2].toLowerCase();
    rest = rest.slice(prologue[0].length);
  }
  const root = /^<([a-z][\w:.-]*)(?=[\s>/])/i.exec(rest)?.[1].toLowerCase();
  if (root === 'svg' || doctype === 'svg') return 'svg';
  if (doctype === 'html' || (root !== undefined && HTML_ROOTS.has(root))) return 'html';
  if (declaredXml) return 'xml';
  // An element closed further on, <job>…</job>: a placeholder such as <COMPANY> is never closed.
  if (root !== undefined && new RegExp(`</${root.replace(/[.]/g, '\\.')}\\s*>`, 'i').test(text.slice(0, 64 * 1024))) return 'xml';
  return undefined;
}

/** What the bytes are, read from their content alone. */
export function identifyContent(bytes: Uint8Array): ContentKind {
  // Empty decodes as (no) text, and "holds plain text" would send the person looking for text.
  if (bytes.length === 0) return 'empty';
  const container = sniffDocumentContainer(bytes);
  if (container === 'text') {
    const text = decodePlainText(bytes) ?? '';
    if (/^\uFEFF?\s*\{\\rtf/.test(text)) return 'rtf';
    return markupKindOf(text) ?? 'text';
  }
  if (container !== null) return container;
  return BINARY_SIGNATURES.find((signature) => startsWith(bytes, signature.bytes, signature.at))?.kind ?? 'binary';
}

/** `Report.Final.PDF` -> `.pdf`; '' without one. */
export function documentExtensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

export type DocumentTypeCheck =
  | { ok: true; extension: string; container: DocumentContainer }
  /** The name is not one of the accepted types (415). */
  | { ok: false; problem: 'unsupported-extension'; extension: string }
  /** The name is accepted but the bytes are something else (400): `mismatch` says what, for a sentence. */
  | { ok: false; problem: 'content-mismatch'; extension: string; content: ContentKind; mismatch: string };

/**
 * Checks a file against the extensions a service accepts (each with a leading dot, lower case):
 * the extension must be one of them, and the content what that extension may hold.
 */
export function checkDocumentType(fileName: string, bytes: Uint8Array, acceptedExtensions: readonly string[]): DocumentTypeCheck {
  const extension = documentExtensionOf(fileName);
  const allowedContents = DOCUMENT_EXTENSION_CONTENTS[extension];
  if (!acceptedExtensions.includes(extension) || allowedContents === undefined) {
    return { ok: false, problem: 'unsupported-extension', extension };
  }
  const content = identifyContent(bytes);
  // An empty text file is text with nothing in it: the reader says it holds no text.
  if (content === 'empty' && allowedContents.includes('text')) return { ok: true, extension, container: 'text' };
  if (!(allowedContents as readonly ContentKind[]).includes(content)) {
    return {
      ok: false,
      problem: 'content-mismatch',
      extension,
      content,
      mismatch: contentMismatchFragment(extension, content),
    };
  }
  return { ok: true, extension, container: content as DocumentContainer };
}
