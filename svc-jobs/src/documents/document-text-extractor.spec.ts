import { JOB_CONTENT_MAX_LENGTH } from '@masar/contracts';
import { docx, fixture, textPdf, zip } from '../../test/support/documents.factory';
import { expectRpcError } from '../../test/support/rpc-error.expectation';
import { DOCUMENT_MEDIA_TYPES, DOCUMENT_MESSAGES } from './document-messages';
import { extractDocumentText, tidyExtractedText } from './document-text-extractor';

describe('extractDocumentText', () => {
  it('reads each format and reports the media type found in the bytes', async () => {
    await expect(extractDocumentText(textPdf(['Data Analyst']), 'Data Analyst.pdf')).resolves.toEqual({
      text: 'Data Analyst',
      kind: 'pdf',
      mediaType: DOCUMENT_MEDIA_TYPES.pdf,
    });
    await expect(extractDocumentText(await docx(['Data Analyst', '']), 'Data Analyst.docx')).resolves.toMatchObject({
      text: 'Data Analyst',
      kind: 'docx',
      mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    await expect(extractDocumentText(fixture('data-analyst-en.doc'), 'data-analyst-en.doc')).resolves.toMatchObject({
      kind: 'doc',
      mediaType: 'application/msword',
    });
    await expect(extractDocumentText(Buffer.from('Data Analyst\r\nSQL\r\n'), 'role.txt')).resolves.toEqual({
      text: 'Data Analyst\nSQL',
      kind: 'txt',
      mediaType: 'text/plain',
    });
  });

  it('refuses a type that is not documented (415), whatever it holds', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><text>Data Analyst: SQL</text></svg>');
    await expectRpcError(() => extractDocumentText(svg, 'role.svg'), 415, DOCUMENT_MESSAGES.unsupportedType);
    await expectRpcError(() => extractDocumentText(Buffer.from('Data Analyst'), 'role.html'), 415, DOCUMENT_MESSAGES.unsupportedType);
    await expectRpcError(() => extractDocumentText(Buffer.from('Data Analyst'), 'role'), 415, DOCUMENT_MESSAGES.unsupportedType);
    const notWord = await zip({ 'content.xml': '<office:document/>' });
    await expectRpcError(() => extractDocumentText(notWord, 'role.docx'), 415, DOCUMENT_MESSAGES.unsupportedType);
  });

  it('refuses a file whose content is not what its name says (400 naming both)', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
    const refusals: Array<[Buffer, string, string]> = [
      [Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'role.txt', 'is named .txt but holds an SVG image'],
      [Buffer.from('<!DOCTYPE html>\n<html><body>Data Analyst</body></html>'), 'role.txt', 'is named .txt but holds an HTML page'],
      [Buffer.from('<?xml version="1.0"?><job><title>Data Analyst</title></job>'), 'role.txt', 'is named .txt but holds XML markup'],
      [jpeg, 'role.txt', 'is named .txt but holds an image'],
      [await zip({ 'word/document.xml': '<w:document/>' }), 'role.pdf', 'is named .pdf but holds a ZIP archive (an Office document or another archive)'],
      [textPdf(['Data Analyst']), 'role.docx', 'is named .docx but holds a PDF document'],
      [Buffer.from('Data Analyst: SQL'), 'role.pdf', 'is named .pdf but holds plain text'],
      [Buffer.alloc(0), 'role.pdf', 'is named .pdf but holds no bytes at all (the file is empty)'],
    ];
    for (const [bytes, name, mismatch] of refusals) {
      await expectRpcError(() => extractDocumentText(bytes, name), 400, DOCUMENT_MESSAGES.contentMismatch(mismatch));
    }
    expect(DOCUMENT_MESSAGES.contentMismatch('is named .txt but holds an SVG image')).toBe(
      'This file is named .txt but holds an SVG image; please upload a PDF, Word document, or text file',
    );
  });

  it('refuses a file whose text is blank', async () => {
    await expectRpcError(() => extractDocumentText(Buffer.from(' \n\t\r\n '), 'blank.txt'), 422, DOCUMENT_MESSAGES.noReadableText);
    await expectRpcError(async () => extractDocumentText(await docx(['', '   ']), 'blank.docx'), 422, DOCUMENT_MESSAGES.noReadableText);
    await expectRpcError(() => extractDocumentText(Buffer.alloc(0), 'empty.txt'), 422, DOCUMENT_MESSAGES.noReadableText);
  });

  it('refuses a file with more text than a job description may hold', async () => {
    const huge = Buffer.from('word '.repeat(JOB_CONTENT_MAX_LENGTH / 4));
    await expectRpcError(() => extractDocumentText(huge, 'huge.txt'), 422, DOCUMENT_MESSAGES.tooMuchText);
    expect(DOCUMENT_MESSAGES.tooMuchText).toBe('The file holds more text than a job description may (200,000 characters)');
  });
});

describe('tidyExtractedText', () => {
  it('normalises line endings, drops trailing spaces and long runs of blank lines, and trims', () => {
    expect(tidyExtractedText('  Title  \r\n\r\n\r\n\r\nBody\u00a0 \rEnd\n\n')).toBe('Title\n\nBody\nEnd');
  });
});
