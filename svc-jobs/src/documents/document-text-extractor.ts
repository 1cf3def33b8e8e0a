import { JOB_CONTENT_MAX_LENGTH, withoutNulCharacters } from '@masar/contracts';
import { checkDocumentType, type DocumentContainer, rpcError } from '@masar/contracts/service-kit';
import { extractDocText } from './doc-text';
import { DEFAULT_DOCX_LIMITS, extractDocxText } from './docx-text';
import { DOCUMENT_MEDIA_TYPES, DOCUMENT_MESSAGES, JOB_DESCRIPTION_EXTENSIONS, type DocumentKind } from './document-messages';
import { extractPdfText } from './pdf-text';
import { extractPlainText } from './plain-text';

export interface ExtractedDocument {
  text: string;
  kind: DocumentKind;
  /** Decided from the bytes, never from the name or the type the browser declared. */
  mediaType: string;
}

/**
 * Line endings become `\n`, trailing spaces and runs of blank lines go, and the text is trimmed:
 * the stored posting (and the evidence offsets into it) stays readable.
 */
export function tidyExtractedText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

async function readText(bytes: Uint8Array, kind: DocumentContainer): Promise<{ text: string; kind: DocumentKind }> {
  switch (kind) {
    case 'pdf':
      return { kind: 'pdf', text: await extractPdfText(bytes, JOB_CONTENT_MAX_LENGTH) };
    case 'zip':
      return {
        kind: 'docx',
        text: await extractDocxText(bytes, { ...DEFAULT_DOCX_LIMITS, maxCharacters: JOB_CONTENT_MAX_LENGTH }),
      };
    case 'ole':
      return { kind: 'doc', text: await extractDocText(bytes) };
    case 'text':
      return { kind: 'txt', text: extractPlainText(bytes) };
  }
}

/**
 * Turns an uploaded file into a posting's text. Its name must be one of the documented types (PDF,
 * DOC, DOCX, TXT; anything else is a 415) and its bytes what that name promises (a .txt that is
 * really SVG or HTML, a .pdf that is really a zip: 400 saying so); the reader is chosen from the
 * bytes. Each format's reader says what is wrong with a bad file (4xx), and a file without readable
 * text, or with more than a posting may hold, is a 422.
 */
export async function extractDocumentText(bytes: Uint8Array, fileName: string): Promise<ExtractedDocument> {
  const type = checkDocumentType(fileName, bytes, JOB_DESCRIPTION_EXTENSIONS);
  if (!type.ok) {
    throw type.problem === 'unsupported-extension'
      ? rpcError(415, DOCUMENT_MESSAGES.unsupportedType)
      : rpcError(400, DOCUMENT_MESSAGES.contentMismatch(type.mismatch));
  }
  const { kind, text } = await readText(bytes, type.container);
  // PostgreSQL text cannot hold NUL characters, and no posting needs one.
  const tidy = tidyExtractedText(withoutNulCharacters(text));
  if (tidy.length === 0) {
    throw rpcError(422, DOCUMENT_MESSAGES.noReadableText);
  }
  if (tidy.length > JOB_CONTENT_MAX_LENGTH) {
    throw rpcError(422, DOCUMENT_MESSAGES.tooMuchText);
  }
  return { text: tidy, kind, mediaType: DOCUMENT_MEDIA_TYPES[kind] };
}
