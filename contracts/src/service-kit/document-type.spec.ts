import {
  checkDocumentType,
  decodePlainText,
  documentExtensionOf,
  identifyContent,
  markupKindOf,
  sniffDocumentContainer,
} from './document-type';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n', 'latin1');
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26)]);
const OLE = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(24)]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const ELF = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]);
const SVG = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const POSTING = 'Data Analyst\nRequirements:\n- SQL and Python\n- <3 years of dashboards';
const JOB_DESCRIPTION_TYPES = ['.pdf', '.doc', '.docx', '.txt'];

describe('sniffDocumentContainer', () => {
  it('recognises each container by its magic bytes', () => {
    expect(sniffDocumentContainer(PDF)).toBe('pdf');
    expect(sniffDocumentContainer(ZIP)).toBe('zip');
    expect(sniffDocumentContainer(OLE)).toBe('ole');
    expect(sniffDocumentContainer(Buffer.from(POSTING))).toBe('text');
  });

  it('finds a PDF header preceded by junk within the first KiB, as readers do', () => {
    expect(sniffDocumentContainer(Buffer.concat([Buffer.alloc(100, 0x20), PDF]))).toBe('pdf');
  });

  it('treats bytes with NULs (an image, a program) as not a document', () => {
    expect(sniffDocumentContainer(PNG)).toBeNull();
    expect(sniffDocumentContainer(ELF)).toBeNull();
  });
});

describe('decodePlainText', () => {
  const posting = 'محلل بيانات — Data Analyst: SQL, Python';

  it('decodes UTF-8 with and without a byte-order mark, and UTF-16 with one', () => {
    expect(decodePlainText(Buffer.from(posting, 'utf8'))).toBe(posting);
    expect(decodePlainText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(posting, 'utf8')]))).toBe(posting);
    const littleEndian = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(posting, 'utf16le')]);
    expect(decodePlainText(littleEndian)).toBe(posting);
    expect(decodePlainText(Buffer.from(littleEndian).swap16())).toBe(posting);
  });

  it('refuses UTF-16 without a byte-order mark, invalid UTF-8 and text holding NUL', () => {
    expect(decodePlainText(Buffer.from(posting, 'utf16le'))).toBeNull();
    expect(decodePlainText(Buffer.from([0x41, 0xc3, 0x28, 0x42]))).toBeNull();
    expect(decodePlainText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a\u0000b', 'utf16le')]))).toBeNull();
  });

  it('accepts an empty file as (empty) text; the readers then report that it has no text', () => {
    expect(decodePlainText(Buffer.alloc(0))).toBe('');
  });
});

describe('markupKindOf', () => {
  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'svg'],
    ['\uFEFF  <?xml version="1.0"?>\n<!-- Generator: a drawing tool -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg/>', 'svg'],
    ['<!DOCTYPE html><html><body>Data Analyst</body></html>', 'html'],
    ['<html><script>alert(1)</script>', 'html'],
    ['<p>Data Analyst</p>', 'html'],
    ['<script>fetch("/api/admin/users")</script>', 'html'],
    ['<?xml version="1.0"?><job><title>Data Analyst</title></job>', 'xml'],
    ['<job><title>Data Analyst</title></job>', 'xml'],
  ])('sees %j as %s', (text, kind) => {
    expect(markupKindOf(text)).toBe(kind);
  });

  it.each([
    POSTING,
    '<COMPANY> is hiring a Data Analyst in <LOCATION>.',
    'Security Engineer: prevent <script> injection and XSS in our web apps.',
    'Requirements: SQL > 3 years, Python < 2 years welcome.',
  ])('leaves the text %j alone', (text) => {
    expect(markupKindOf(text)).toBeUndefined();
  });
});

describe('identifyContent', () => {
  it('names what the bytes are', () => {
    expect(identifyContent(PDF)).toBe('pdf');
    expect(identifyContent(ZIP)).toBe('zip');
    expect(identifyContent(OLE)).toBe('ole');
    expect(identifyContent(Buffer.from(POSTING))).toBe('text');
    expect(identifyContent(SVG)).toBe('svg');
    expect(identifyContent(Buffer.from('{\\rtf1\\ansi Data Analyst}'))).toBe('rtf');
    expect(identifyContent(PNG)).toBe('image');
    expect(identifyContent(ELF)).toBe('program');
    expect(identifyContent(Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00]))).toBe('archive');
    expect(identifyContent(Buffer.from([0x00, 0x01, 0x02, 0x03]))).toBe('binary');
    expect(identifyContent(Buffer.alloc(0))).toBe('empty');
  });

  it('says an empty file is empty, not that it holds plain text', () => {
    expect(checkDocumentType('role.pdf', Buffer.alloc(0), JOB_DESCRIPTION_TYPES)).toMatchObject({
      ok: false,
      problem: 'content-mismatch',
      mismatch: 'is named .pdf but holds no bytes at all (the file is empty)',
    });
    // An empty text file passes as text, and its reader says it holds no text.
    expect(checkDocumentType('role.txt', Buffer.alloc(0), JOB_DESCRIPTION_TYPES)).toEqual({ ok: true, extension: '.txt', container: 'text' });
  });
});

describe('documentExtensionOf', () => {
  it('reads the last extension of the base name, in lower case', () => {
    expect(documentExtensionOf('Senior Analyst.v2.PDF')).toBe('.pdf');
    expect(documentExtensionOf('C:\\postings\\role.docx')).toBe('.docx');
    expect(documentExtensionOf('README')).toBe('');
    expect(documentExtensionOf('.txt')).toBe('');
  });
});

describe('checkDocumentType', () => {
  it('passes a file whose name and content agree', () => {
    expect(checkDocumentType('role.pdf', PDF, JOB_DESCRIPTION_TYPES)).toEqual({ ok: true, extension: '.pdf', container: 'pdf' });
    expect(checkDocumentType('role.docx', ZIP, JOB_DESCRIPTION_TYPES)).toEqual({ ok: true, extension: '.docx', container: 'zip' });
    expect(checkDocumentType('role.doc', OLE, JOB_DESCRIPTION_TYPES)).toEqual({ ok: true, extension: '.doc', container: 'ole' });
    expect(checkDocumentType('role.TXT', Buffer.from(POSTING), JOB_DESCRIPTION_TYPES)).toEqual({ ok: true, extension: '.txt', container: 'text' });
  });

  it('lets the Word containers pass under either Word name (a password-protected .docx is an OLE file)', () => {
    expect(checkDocumentType('locked.docx', OLE, JOB_DESCRIPTION_TYPES).ok).toBe(true);
    expect(checkDocumentType('renamed.doc', ZIP, JOB_DESCRIPTION_TYPES).ok).toBe(true);
  });

  it('refuses a type that is not accepted, whatever the content', () => {
    expect(checkDocumentType('logo.svg', SVG, JOB_DESCRIPTION_TYPES)).toEqual({ ok: false, problem: 'unsupported-extension', extension: '.svg' });
    expect(checkDocumentType('notes.md', Buffer.from(POSTING), JOB_DESCRIPTION_TYPES)).toMatchObject({ ok: false, problem: 'unsupported-extension' });
    expect(checkDocumentType('posting', Buffer.from(POSTING), JOB_DESCRIPTION_TYPES)).toEqual({ ok: false, problem: 'unsupported-extension', extension: '' });
  });

  it.each([
    ['role.txt', SVG, 'svg', 'is named .txt but holds an SVG image'],
    ['role.txt', Buffer.from('<!doctype html><html><body>hi</body></html>'), 'html', 'is named .txt but holds an HTML page'],
    ['role.txt', Buffer.from('<?xml version="1.0"?><job/>'), 'xml', 'is named .txt but holds XML markup'],
    ['role.txt', ELF, 'program', 'is named .txt but holds a program'],
    ['role.txt', PDF, 'pdf', 'is named .txt but holds a PDF document'],
    ['role.pdf', ZIP, 'zip', 'is named .pdf but holds a ZIP archive (an Office document or another archive)'],
    ['role.pdf', Buffer.from(POSTING), 'text', 'is named .pdf but holds plain text'],
    ['role.docx', PNG, 'image', 'is named .docx but holds an image'],
    ['role.doc', Buffer.from('{\\rtf1 Data Analyst}'), 'rtf', 'is named .doc but holds an RTF document'],
  ])('refuses %s holding %s content', (name, bytes, content, mismatch) => {
    expect(checkDocumentType(name, bytes, JOB_DESCRIPTION_TYPES)).toEqual({
      ok: false,
      problem: 'content-mismatch',
      extension: name.slice(name.lastIndexOf('.')),
      content,
      mismatch,
    });
  });
});
