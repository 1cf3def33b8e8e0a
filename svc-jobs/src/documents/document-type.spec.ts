import { fixture, textPdf } from '../../test/support/documents.factory';
import { decodePlainText, sniffDocumentContainer } from './document-type';

describe('sniffDocumentContainer', () => {
  it('recognises each supported format by its magic bytes', () => {
    expect(sniffDocumentContainer(fixture('data-analyst-en.pdf'))).toBe('pdf');
    expect(sniffDocumentContainer(fixture('data-analyst-en.docx'))).toBe('zip');
    expect(sniffDocumentContainer(fixture('data-analyst-en.doc'))).toBe('ole');
    expect(sniffDocumentContainer(Buffer.from('Data Analyst\nSQL and Python'))).toBe('text');
  });

  it('finds a PDF header preceded by junk within the first KiB, as readers do', () => {
    const pdf = Buffer.concat([Buffer.alloc(100, 0x20), textPdf(['x'])]);
    expect(sniffDocumentContainer(pdf)).toBe('pdf');
  });

  it('ignores the name and the declared type: a PNG is not a document', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(sniffDocumentContainer(png)).toBeNull();
  });

  it('treats bytes with NULs (an executable, an image) as not text', () => {
    expect(sniffDocumentContainer(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]))).toBeNull();
  });
});

describe('decodePlainText', () => {
  const posting = 'محلل بيانات — Data Analyst: SQL, Python';

  it('decodes UTF-8 with and without a byte-order mark', () => {
    expect(decodePlainText(Buffer.from(posting, 'utf8'))).toBe(posting);
    expect(decodePlainText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(posting, 'utf8')]))).toBe(posting);
  });

  it('decodes UTF-16 in either byte order when a byte-order mark says which', () => {
    const littleEndian = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(posting, 'utf16le')]);
    const bigEndian = Buffer.from(littleEndian).swap16();
    expect(decodePlainText(littleEndian)).toBe(posting);
    expect(decodePlainText(bigEndian)).toBe(posting);
  });

  it('refuses UTF-16 without a byte-order mark, invalid UTF-8 and text holding NUL', () => {
    expect(decodePlainText(Buffer.from(posting, 'utf16le'))).toBeNull();
    expect(decodePlainText(Buffer.from([0x41, 0xc3, 0x28, 0x42]))).toBeNull();
    expect(decodePlainText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a\u0000b', 'utf16le')]))).toBeNull();
  });

  it('accepts an empty file as (empty) text; the extractor then reports that it has no text', () => {
    expect(decodePlainText(Buffer.alloc(0))).toBe('');
  });
});
