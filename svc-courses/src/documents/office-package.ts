import { COURSE_DOCUMENT_MESSAGES } from '@masar/contracts';
import { RpcException } from '@nestjs/microservices';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import * as yauzl from 'yauzl';
import { rpcError } from '@masar/contracts/service-kit';

/*
 * Word and PowerPoint files are zips of XML parts. The safety limits are svc-jobs' DOCX reader's
 * (svc-jobs/src/documents/docx-text.ts): the central directory is checked before anything is
 * inflated, and what is inflated is counted as it comes, since the sizes a zip declares can lie.
 */

/** What an Office file may unpack to before it is refused, whatever it claims about itself. */
export interface OfficePackageLimits {
  /** Entries in the zip's central directory. */
  maxEntries: number;
  /** Sum of the uncompressed sizes the central directory declares, and the cap on all that is inflated. */
  maxUnpackedBytes: number;
}

export const DEFAULT_OFFICE_PACKAGE_LIMITS: OfficePackageLimits = {
  maxEntries: 2000,
  maxUnpackedBytes: 50 * 1024 * 1024,
};

export type XmlParser = SaxesParser<{ xmlns: true }>;

/** Relationship ids (`r:id`) live in this namespace, transitional or strict. */
const RELATIONSHIP_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  'http://purl.oclc.org/ooxml/officeDocument/relationships',
]);

/**
 * An attribute by local name, whatever prefix the file gives its namespace; `relationship: true`
 * asks for the `r:` attribute of that name (PowerPoint's `<p:sldId id="256" r:id="rId2"/>` has both).
 */
export function attributeOf(tag: SaxesTagNS, localName: string, options: { relationship?: boolean } = {}): string | undefined {
  for (const attribute of Object.values(tag.attributes)) {
    if (attribute.local === localName && RELATIONSHIP_NAMESPACES.has(attribute.uri) === (options.relationship ?? false)) {
      return attribute.value;
    }
  }
  return undefined;
}

/** The zip is not one (or is cut short): the caller says which format it was meant to be. */
export class DamagedPackageError extends Error {}

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

/** Reads only the central directory: nothing is inflated, so a zip bomb costs nothing to refuse. */
function readDirectory(zip: yauzl.ZipFile, limits: OfficePackageLimits, tooLarge: () => RpcException): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    if (zip.entryCount > limits.maxEntries) {
      reject(tooLarge());
      return;
    }
    let declaredBytes = 0;
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      declaredBytes += entry.uncompressedSize;
      if (declaredBytes > limits.maxUnpackedBytes) {
        reject(tooLarge());
        return;
      }
      // Part names are case-insensitive in Office files.
      entries.set(entry.fileName.toLowerCase(), entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
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
 * An opened Word or PowerPoint file whose parts are parsed one at a time, streaming through a SAX
 * parser. Errors thrown by the listeners (an RpcException saying the file holds too much text) stop
 * the inflating and come back out of `parseXml`.
 */
export class OfficePackage {
  private inflatedBytes = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: Map<string, yauzl.Entry>,
    private readonly limits: OfficePackageLimits,
    private readonly fileName: string,
  ) {}

  /** Opens the zip and checks its central directory; 413 for a bomb, DamagedPackageError for a broken zip. */
  static async open(bytes: Uint8Array, fileName: string, limits: OfficePackageLimits = DEFAULT_OFFICE_PACKAGE_LIMITS): Promise<OfficePackage> {
    let zip: yauzl.ZipFile;
    try {
      zip = await openZip(bytes);
    } catch {
      throw new DamagedPackageError();
    }
    try {
      const entries = await readDirectory(zip, limits, () => rpcError(413, COURSE_DOCUMENT_MESSAGES.tooLargeUnpacked(fileName)));
      return new OfficePackage(zip, entries, limits, fileName);
    } catch (error) {
      zip.close();
      throw error instanceof RpcException ? error : new DamagedPackageError();
    }
  }

  has(partName: string): boolean {
    return this.entries.has(partName.toLowerCase());
  }

  /** Every part's name, lower-cased. */
  partNames(): string[] {
    return [...this.entries.keys()];
  }

  close(): void {
    this.zip.close();
  }

  /** Streams one part through a namespace-aware SAX parser set up by `listen`. A missing part is skipped. */
  async parseXml(partName: string, listen: (parser: XmlParser) => void): Promise<void> {
    const entry = this.entries.get(partName.toLowerCase());
    if (!entry) {
      return;
    }
    let stream: Readable;
    try {
      stream = await openEntry(this.zip, entry);
    } catch {
      throw new DamagedPackageError();
    }
    const parser: XmlParser = new SaxesParser({ xmlns: true });
    listen(parser);
    await new Promise<void>((resolve, reject) => {
      const decoder = new StringDecoder('utf8');
      let settled = false;
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        stream.destroy();
        reject(this.explain(error));
      };
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        this.inflatedBytes += chunk.length;
        if (this.inflatedBytes > this.limits.maxUnpackedBytes) {
          fail(rpcError(413, COURSE_DOCUMENT_MESSAGES.tooLargeUnpacked(this.fileName)));
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
        if (settled) return;
        try {
          parser.write(decoder.end());
          parser.close();
          settled = true;
          resolve();
        } catch (error) {
          fail(error);
        }
      });
    });
  }

  private explain(error: unknown): unknown {
    if (error instanceof RpcException) {
      return error;
    }
    // yauzl reports an entry inflating past its declared size as an error: treat it as the bomb it is.
    if (error instanceof Error && /too many bytes in the stream/.test(error.message)) {
      return rpcError(413, COURSE_DOCUMENT_MESSAGES.tooLargeUnpacked(this.fileName));
    }
    return new DamagedPackageError();
  }
}

/** `Relationship` elements of a `.rels` part: id → target resolved against the folder of the part they belong to. */
export async function readRelationships(officePackage: OfficePackage, relsPartName: string, baseFolder: string): Promise<Map<string, { target: string; type: string }>> {
  const relationships = new Map<string, { target: string; type: string }>();
  await officePackage.parseXml(relsPartName, (parser) => {
    parser.on('opentag', (tag) => {
      if (tag.local !== 'Relationship') return;
      const id = attributeOf(tag, 'Id');
      const target = attributeOf(tag, 'Target');
      if (id && target && attributeOf(tag, 'TargetMode') !== 'External') {
        relationships.set(id, { target: resolvePartName(baseFolder, target), type: attributeOf(tag, 'Type') ?? '' });
      }
    });
  });
  return relationships;
}

/** "slides/slide1.xml" from "ppt/" is "ppt/slides/slide1.xml"; "../slideLayouts/x.xml" and "/ppt/x.xml" work too. */
export function resolvePartName(baseFolder: string, target: string): string {
  const parts = target.startsWith('/') ? [] : baseFolder.split('/').filter((part) => part.length > 0);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part.length > 0) parts.push(part);
  }
  return parts.join('/');
}
