import WordExtractor from 'word-extractor';
import { DOCUMENT_MESSAGES } from './document-messages';
import { rpcError } from '@masar/contracts/service-kit';

/** OLE directory entries name their streams in UTF-16LE. */
const WORD_DOCUMENT_STREAM = Buffer.from('WordDocument', 'utf16le');
/** A password-protected DOCX is an OLE file holding the encrypted package, not a zip. */
const ENCRYPTED_PACKAGE_STREAM = Buffer.from('EncryptedPackage', 'utf16le');

const extractor = new WordExtractor();

/**
 * The body text of a Word 97-2003 (.doc) file. OLE compound files also hold Excel, PowerPoint
 * and Outlook data: without a WordDocument stream the file is not a Word document (415).
 */
export async function extractDocText(bytes: Uint8Array): Promise<string> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.includes(ENCRYPTED_PACKAGE_STREAM)) {
    throw rpcError(422, DOCUMENT_MESSAGES.wordPasswordProtected);
  }
  if (!buffer.includes(WORD_DOCUMENT_STREAM)) {
    throw rpcError(415, DOCUMENT_MESSAGES.unsupportedType);
  }
  try {
    const document = await extractor.extract(buffer);
    return document.getBody();
  } catch {
    throw rpcError(422, DOCUMENT_MESSAGES.wordDamaged);
  }
}
