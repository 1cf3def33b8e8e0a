import { JOB_CONTENT_MAX_LENGTH } from '@masar/contracts';
import { rpcError } from '../errors/rpc-error';
import { extractDocText } from './doc-text';
import { DEFAULT_DOCX_LIMITS, extractDocxText } from './docx-text';
import { DOCUMENT_MEDIA_TYPES, DOCUMENT_MESSAGES, type DocumentKind } from './document-messages';
import { sniffDocumentContainer } from './document-type';
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

async function readText(bytes: Uint8Array, kind: 'pdf' | 'zip' | 'ole' | 'text'): Promise<{ text: string; kind: DocumentKind }> {
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
 * Turns an uploaded file into a posting's text: the type comes from the magic bytes (PDF, DOCX,
 * DOC or text; anything else is a 415), each format's reader says what is wrong with a bad file
 * (4xx), and a file without readable text, or with more than a posting may hold, is a 422.
 */
export async function extractDocumentText(bytes: Uint8Array): Promise<ExtractedDocument> {
  const container = sniffDocumentContainer(bytes);
  if (container === null) {
    throw rpcError(415, DOCUMENT_MESSAGES.unsupportedType);
  }
  const { kind, text } = await readText(bytes, container);
  // PostgreSQL text cannot hold NUL characters, and no posting needs one.
  const tidy = tidyExtractedText(text.replaceAll('\u0000', ''));
  if (tidy.length === 0) {
    throw rpcError(422, DOCUMENT_MESSAGES.noReadableText);
  }
  if (tidy.length > JOB_CONTENT_MAX_LENGTH) {
    throw rpcError(422, DOCUMENT_MESSAGES.tooMuchText);
  }
  return { text: tidy, kind, mediaType: DOCUMENT_MEDIA_TYPES[kind] };
}
