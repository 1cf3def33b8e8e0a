import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export const FIXTURES_DIRECTORY = path.resolve(__dirname, '../fixtures');

/** A file kept under test/fixtures (see make-fixtures.sh there for how each was made). */
export function fixture(name: string): Buffer {
  return readFileSync(path.join(FIXTURES_DIRECTORY, name));
}

function escapePdfString(text: string): string {
  return text.replace(/[()\\]/g, (character) => `\\${character}`);
}

/** Assembles a PDF from its objects, with a correct cross-reference table. */
function assemblePdf(objects: string[]): Buffer {
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A PDF whose pages paint these content streams; every page may use Helvetica as /F1. */
function pdfWithPages(contents: string[]): Buffer {
  const pageIds = contents.map((_, index) => 4 + index * 2);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${contents.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  contents.forEach((content, index) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[index] + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
  });
  return assemblePdf(objects);
}

function shownLines(lines: string[]): string {
  return `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((line) => `(${escapePdfString(line)}) '`).join(' ')} ET`;
}

/** A one-page PDF with a real text layer: each line is shown with Helvetica. */
export function textPdf(lines: string[]): Buffer {
  return pdfWithPages([shownLines(lines)]);
}

/**
 * A one-page text PDF of about `totalBytes`: the rest is an unreferenced stream of filler, as
 * embedded images or fonts make real PDFs large without adding text.
 */
export function paddedTextPdf(lines: string[], totalBytes: number): Buffer {
  const filler = 'x'.repeat(Math.max(0, totalBytes - 1000));
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${Buffer.byteLength(shownLines(lines), 'latin1')} >>\nstream\n${shownLines(lines)}\nendstream`,
    `<< /Length ${filler.length} >>\nstream\n${filler}\nendstream`,
  ]);
}

/** A PDF of several pages, each with its lines of text. */
export function multiPageTextPdf(pages: string[][]): Buffer {
  return pdfWithPages(pages.map(shownLines));
}

/** What a scanner produces, as far as text goes: a page that only paints (here, a filled box). */
export function pdfWithoutTextLayer(): Buffer {
  return pdfWithPages(['0.2 0.2 0.2 rg 72 600 300 100 re f']);
}

/** A DOCX as Word writes one: content types, relationships and the main part with these paragraphs. */
export function docx(paragraphs: string[], extraEntries: Record<string, string> = {}): Promise<Buffer> {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = paragraphs
    .map((paragraph) => {
      const runs = paragraph
        .split('\t')
        .map((part) => `<w:r><w:t xml:space="preserve">${escape(part)}</w:t></w:r>`)
        .join('<w:r><w:tab/></w:r>');
      return `<w:p><w:pPr><w:pStyle w:val="Normal"/></w:pPr>${runs}</w:p>`;
    })
    .join('');
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      body +
      '</w:body></w:document>',
    ...extraEntries,
  });
}

/** A zip of these entries (deflated), built in memory. */
export function zip(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const archive = new ZipFile();
  for (const [name, content] of Object.entries(entries)) {
    archive.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), name);
  }
  archive.end();
  return collect(archive.outputStream);
}

function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** `size` bytes of zeros, produced a megabyte at a time so the test itself never holds them. */
function zeros(size: number): Readable {
  const megabyte = Buffer.alloc(1024 * 1024);
  let left = size;
  return new Readable({
    read() {
      if (left <= 0) {
        this.push(null);
        return;
      }
      const chunk = left >= megabyte.length ? megabyte : megabyte.subarray(0, left);
      left -= chunk.length;
      this.push(chunk);
    },
  });
}

/**
 * A zip bomb dressed as a DOCX: `word/document.xml` is `unpackedBytes` of zeros, which deflate to
 * about a thousandth of that. The central directory declares the real size.
 */
export async function zipBombDocx(unpackedBytes: number): Promise<Buffer> {
  const archive = new ZipFile();
  archive.addBuffer(Buffer.from('<?xml version="1.0"?><Types/>'), '[Content_Types].xml');
  const body = new PassThrough();
  zeros(unpackedBytes).pipe(body);
  archive.addReadStream(body, 'word/document.xml', { size: unpackedBytes });
  archive.end();
  return collect(archive.outputStream);
}

/**
 * The same bomb, but lying: every size field in the local header, the data descriptor and the
 * central directory claims `claimedBytes`, so only a cap on what is actually inflated can stop it.
 */
export async function lyingZipBombDocx(unpackedBytes: number, claimedBytes: number): Promise<Buffer> {
  const honest = await zipBombDocx(unpackedBytes);
  const patched = Buffer.from(honest);
  const claimed = Buffer.alloc(4);
  claimed.writeUInt32LE(claimedBytes);
  // Central directory file headers (PK\1\2) hold the uncompressed size at +24; local headers (PK\3\4) at +22.
  for (let offset = patched.indexOf('PK\u0001\u0002', 0, 'latin1'); offset !== -1; offset = patched.indexOf('PK\u0001\u0002', offset + 4, 'latin1')) {
    if (patched.toString('latin1', offset + 46, offset + 46 + patched.readUInt16LE(offset + 28)) === 'word/document.xml') {
      claimed.copy(patched, offset + 24);
    }
  }
  return patched;
}
