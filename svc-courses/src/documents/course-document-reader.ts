import { COURSE_MATERIAL_EXTENSIONS, COURSE_DOCUMENT_MESSAGES, DOCUMENT_FORMAT_NAMES, MAX_COURSE_DOCUMENT_CHARACTERS } from '@masar/contracts';
import { checkDocumentType, decodePlainText, type DocumentContainer, rpcError } from '@masar/contracts/service-kit';
import WordExtractor from 'word-extractor';
import { documentFromOutline, type CourseDocument, type CourseDocumentKind, type DocumentOutline } from './document-outline';
import { DOCX_MAIN_PART, readDocxOutline } from './docx-outline';
import { hasMarkdownHeadings, readMarkdownOutline } from './markdown-outline';
import { DamagedPackageError, OfficePackage } from './office-package';
import { readPdfOutline } from './pdf-outline';
import { readPlainTextOutline } from './plain-text-outline';
import { PPTX_MAIN_PART, readPptxOutline } from './pptx-outline';

export type { CourseDocument, CourseDocumentKind, DocumentSection } from './document-outline';

/** OLE directory entries name their streams in UTF-16LE. */
const WORD_DOCUMENT_STREAM = Buffer.from('WordDocument', 'utf16le');
const POWERPOINT_DOCUMENT_STREAM = Buffer.from('PowerPoint Document', 'utf16le');
/** A password-protected DOCX or PPTX is an OLE file holding the encrypted package, not a zip. */
const ENCRYPTED_PACKAGE_STREAM = Buffer.from('EncryptedPackage', 'utf16le');

const wordExtractor = new WordExtractor();

async function readOfficeOutline(bytes: Uint8Array, fileName: string): Promise<{ kind: CourseDocumentKind; outline: DocumentOutline }> {
  let officePackage: OfficePackage;
  try {
    officePackage = await OfficePackage.open(bytes, fileName);
  } catch (error) {
    throw error instanceof DamagedPackageError ? rpcError(422, COURSE_DOCUMENT_MESSAGES.damaged(fileName, DOCUMENT_FORMAT_NAMES.office)) : error;
  }
  const kind = officePackage.has(DOCX_MAIN_PART) ? 'docx' : officePackage.has(PPTX_MAIN_PART) ? 'pptx' : null;
  try {
    if (kind === 'docx') {
      return { kind, outline: await readDocxOutline(officePackage, fileName, MAX_COURSE_DOCUMENT_CHARACTERS) };
    }
    if (kind === 'pptx') {
      return { kind, outline: await readPptxOutline(officePackage, fileName, MAX_COURSE_DOCUMENT_CHARACTERS) };
    }
    // A spreadsheet, an OpenDocument file, an archive of anything else.
    throw rpcError(415, COURSE_DOCUMENT_MESSAGES.unsupportedType(fileName));
  } catch (error) {
    if (error instanceof DamagedPackageError && kind !== null) {
      throw rpcError(422, COURSE_DOCUMENT_MESSAGES.damaged(fileName, DOCUMENT_FORMAT_NAMES[kind]));
    }
    throw error;
  } finally {
    officePackage.close();
  }
}

/**
 * Word 97-2003 files give plain text only (word-extractor keeps no styles), one paragraph a line.
 * OLE files also hold PowerPoint, Excel and Outlook data, and password-protected DOCX and PPTX.
 */
async function readLegacyWordOutline(bytes: Uint8Array, fileName: string): Promise<DocumentOutline> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.includes(ENCRYPTED_PACKAGE_STREAM)) {
    throw rpcError(422, COURSE_DOCUMENT_MESSAGES.passwordProtected(fileName));
  }
  if (!buffer.includes(WORD_DOCUMENT_STREAM)) {
    const powerPoint = buffer.includes(POWERPOINT_DOCUMENT_STREAM) || /\.pp[st]$/i.test(fileName);
    throw rpcError(415, powerPoint ? COURSE_DOCUMENT_MESSAGES.legacyPowerPoint(fileName) : COURSE_DOCUMENT_MESSAGES.unsupportedType(fileName));
  }
  let body: string;
  try {
    body = (await wordExtractor.extract(buffer)).getBody();
  } catch {
    throw rpcError(422, COURSE_DOCUMENT_MESSAGES.damaged(fileName, DOCUMENT_FORMAT_NAMES.doc));
  }
  if (body.length > MAX_COURSE_DOCUMENT_CHARACTERS) {
    throw rpcError(422, COURSE_DOCUMENT_MESSAGES.tooMuchText(fileName));
  }
  return readPlainTextOutline(body, { lineIsParagraph: true });
}

function readTextOutline(bytes: Uint8Array, fileName: string): { kind: CourseDocumentKind; outline: DocumentOutline } {
  const text = decodePlainText(bytes);
  if (text === null) {
    throw rpcError(415, COURSE_DOCUMENT_MESSAGES.unsupportedType(fileName));
  }
  if (text.length > MAX_COURSE_DOCUMENT_CHARACTERS * 1.2) {
    // Markdown syntax aside, this is more text than a course is made from: no need to parse it.
    throw rpcError(422, COURSE_DOCUMENT_MESSAGES.tooMuchText(fileName));
  }
  if (/\.(md|markdown)$/i.test(fileName) || hasMarkdownHeadings(text)) {
    return { kind: 'md', outline: readMarkdownOutline(text) };
  }
  return { kind: 'txt', outline: readPlainTextOutline(text) };
}

async function readOutline(bytes: Uint8Array, fileName: string): Promise<{ kind: CourseDocumentKind; outline: DocumentOutline }> {
  const type = checkDocumentType(fileName, bytes, COURSE_MATERIAL_EXTENSIONS);
  if (!type.ok) {
    throw type.problem === 'unsupported-extension'
      ? rpcError(415, COURSE_DOCUMENT_MESSAGES.unsupportedType(fileName))
      : rpcError(400, COURSE_DOCUMENT_MESSAGES.contentMismatch(fileName, type.mismatch));
  }
  const container: DocumentContainer = type.container;
  switch (container) {
    case 'pdf':
      return { kind: 'pdf', outline: await readPdfOutline(bytes, fileName, MAX_COURSE_DOCUMENT_CHARACTERS) };
    case 'zip':
      return readOfficeOutline(bytes, fileName);
    case 'ole':
      return { kind: 'doc', outline: await readLegacyWordOutline(bytes, fileName) };
    case 'text':
      return readTextOutline(bytes, fileName);
  }
}

/**
 * Reads an uploaded course material into its title and its sections, following the document's own
 * headings. The name must be one of the course material types and the bytes what that name says
 * (PDF, DOCX, PPTX, DOC, or UTF-8/UTF-16 text that is not markup, Markdown when named .md or written
 * with # headings); the reader is chosen from the bytes. Refusals are RPC errors a person can act on,
 * naming the file: 415 for a type that cannot be read (a legacy .ppt says how to convert it), 400 when
 * the content is not what the name says, 413 for a zip bomb, 422 for a password, a damaged file, no
 * readable text or too much text.
 */
export async function readCourseDocument(bytes: Uint8Array, fileName: string): Promise<CourseDocument> {
  const { kind, outline } = await readOutline(bytes, fileName);
  const document = documentFromOutline(outline, fileName, kind);
  if (!document.sections.some((section) => section.paragraphs.length > 0)) {
    throw rpcError(422, kind === 'pdf' ? COURSE_DOCUMENT_MESSAGES.scannedPdf(fileName) : COURSE_DOCUMENT_MESSAGES.noReadableText(fileName));
  }
  if (document.characterCount > MAX_COURSE_DOCUMENT_CHARACTERS) {
    throw rpcError(422, COURSE_DOCUMENT_MESSAGES.tooMuchText(fileName));
  }
  return document;
}
