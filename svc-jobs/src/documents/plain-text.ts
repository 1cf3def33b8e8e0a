import { DOCUMENT_MESSAGES } from './document-messages';
import { decodePlainText, rpcError } from '@masar/contracts/service-kit';

/** The text of a UTF-8 file (with or without a byte-order mark) or a UTF-16 file with one. */
export function extractPlainText(bytes: Uint8Array): string {
  const text = decodePlainText(bytes);
  if (text === null) {
    throw rpcError(415, DOCUMENT_MESSAGES.unsupportedType);
  }
  return text;
}
