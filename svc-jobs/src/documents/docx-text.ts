import { RpcException } from '@nestjs/microservices';
import { SaxesParser, SaxesTagNS } from 'saxes';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import * as yauzl from 'yauzl';
import { DOCUMENT_MESSAGES } from './document-messages';
import { rpcError } from '@masar/contracts/service-kit';

/** What a Word document may unpack to before it is refused, whatever it claims about itself. */
export interface DocxLimits {
  /** Entries in the zip's central directory. */
  maxEntries: number;
  /** Sum of the uncompressed sizes the central directory declares, and the cap on what is inflated. */
  maxUnpackedBytes: number;
  /** Characters of text; reading stops soon after (the caller refuses such a file anyway). */
  maxCharacters: number;
}

export const DEFAULT_DOCX_LIMITS: DocxLimits = {
  maxEntries: 2000,
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxCharacters: Number.MAX_SAFE_INTEGER,
};

/** Where Word keeps the body of the document. */
export const DOCX_MAIN_PART = 'word/document.xml';

/** WordprocessingML, transitional and strict. */
const WORDPROCESSING_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
]);

/** Refused before inflating anything. */
class NotAWordDocument extends Error {}

function tooLarge(): RpcException {
  return rpcError(413, DOCUMENT_MESSAGES.wordTooLargeUnpacked);
}

function openZip(bytes: Uint8Array): Promise<yauzl.ZipFile> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      // validateEntrySizes makes yauzl fail a stream that inflates past its declared size.
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    );
  });
}

/**
 * Reads only the central directory: the number of entries, the sizes they declare, and where the
 * main part is. Nothing is inflated here, so a zip bomb costs nothing to refuse.
 */
function findMainPart(zip: yauzl.ZipFile, limits: DocxLimits): Promise<yauzl.Entry> {
  return new Promise((resolve, reject) => {
    if (zip.entryCount > limits.maxEntries) {
      reject(tooLarge());
      return;
    }
    let declaredBytes = 0;
    let mainPart: yauzl.Entry | undefined;
    zip.on('entry', (entry: yauzl.Entry) => {
      declaredBytes += entry.uncompressedSize;
      if (declaredBytes > limits.maxUnpackedBytes) {
        // Stop reading the directory; the caller closes the zip.
        reject(tooLarge());
        return;
      }
      if (entry.fileName === DOCX_MAIN_PART) {
        mainPart = entry;
      }
      zip.readEntry();
    });
    zip.on('end', () => (mainPart ? resolve(mainPart) : reject(new NotAWordDocument())));
    zip.on('error', reject);
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
  });
}

/**
 * Streams the main part through a SAX parser: `w:t` is text, `w:tab` a tab, `w:br`/`w:cr` a line
 * break and the end of a `w:p` paragraph a newline. Inflated bytes are counted as they come, since
 * the sizes a zip declares can lie.
 */
function readParagraphs(stream: Readable, limits: DocxLimits): Promise<string> {
  return new Promise((resolve, reject) => {
    const parser = new SaxesParser({ xmlns: true });
    const decoder = new StringDecoder('utf8');
    const parts: string[] = [];
    let characters = 0;
    let insideTextRun = 0;
    let inflatedBytes = 0;
    let settled = false;

    const fail = (error: unknown) => {
      if (!settled) {
        settled = true;
        stream.destroy();
        reject(error);
      }
    };
    const append = (text: string) => {
      parts.push(text);
      characters += text.length;
      if (characters > limits.maxCharacters) {
        // Enough to know the file is too long: stop inflating.
        settled = true;
        stream.destroy();
        resolve(parts.join(''));
      }
    };
    const isWordElement = (tag: SaxesTagNS, name: string) => tag.local === name && WORDPROCESSING_NAMESPACES.has(tag.uri);

    parser.on('opentag', (tag) => {
      if (isWordElement(tag, 't')) {
        insideTextRun += tag.isSelfClosing ? 0 : 1;
      } else if (isWordElement(tag, 'tab')) {
        append('\t');
      } else if (isWordElement(tag, 'br') || isWordElement(tag, 'cr')) {
        append('\n');
      }
    });
    parser.on('closetag', (tag) => {
      if (isWordElement(tag, 't') && !tag.isSelfClosing) {
        insideTextRun -= 1;
      } else if (isWordElement(tag, 'p')) {
        append('\n');
      }
    });
    parser.on('text', (text) => {
      if (insideTextRun > 0) {
        append(text);
      }
    });
    parser.on('error', fail);

    stream.on('data', (chunk: Buffer) => {
      if (settled) {
        return;
      }
      inflatedBytes += chunk.length;
      if (inflatedBytes > limits.maxUnpackedBytes) {
        fail(tooLarge());
        return;
      }
      try {
        parser.write(decoder.write(chunk));
      } catch (error) {
        fail(error);
      }
    });
    stream.on('error', fail);
    stream.on('end', () => {
      if (settled) {
        return;
      }
      try {
        parser.write(decoder.end());
        parser.close();
        settled = true;
        resolve(parts.join(''));
      } catch (error) {
        fail(error);
      }
    });
  });
}

/**
 * The text of a DOCX. The zip's central directory is checked first (entry count, declared unpacked
 * size) and only `word/document.xml` is ever inflated, with a running cap, so a zip bomb is refused
 * without the service spending memory on it. A zip that is not a Word document is a 415.
 */
export async function extractDocxText(bytes: Uint8Array, limits: DocxLimits = DEFAULT_DOCX_LIMITS): Promise<string> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    throw rpcError(422, DOCUMENT_MESSAGES.wordDamaged);
  }
  try {
    const mainPart = await findMainPart(zip, limits);
    const stream = await openEntry(zip, mainPart);
    return await readParagraphs(stream, limits);
  } catch (error) {
    if (error instanceof RpcException) {
      throw error;
    }
    if (error instanceof NotAWordDocument) {
      throw rpcError(415, DOCUMENT_MESSAGES.unsupportedType);
    }
    // yauzl reports an entry inflating past its declared size as an error: treat it as the bomb it is.
    if (error instanceof Error && /too many bytes in the stream/.test(error.message)) {
      throw tooLarge();
    }
    throw rpcError(422, DOCUMENT_MESSAGES.wordDamaged);
  } finally {
    zip.close();
  }
}
