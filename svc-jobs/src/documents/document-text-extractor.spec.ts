import { JOB_CONTENT_MAX_LENGTH } from '@masar/contracts';
import { docx, fixture, textPdf, zip } from '../../test/support/documents.factory';
import { expectRpcError } from '../../test/support/rpc-error.expectation';
import { DOCUMENT_MEDIA_TYPES, DOCUMENT_MESSAGES } from './document-messages';
import { extractDocumentText, tidyExtractedText } from './document-text-extractor';

describe('extractDocumentText', () => {
  it('reads each format and reports the media type found in the bytes', async () => {
    await expect(extractDocumentText(textPdf(['Data Analyst']))).resolves.toEqual({
      text: 'Data Analyst',
      kind: 'pdf',
      mediaType: DOCUMENT_MEDIA_TYPES.pdf,
    });
    await expect(extractDocumentText(await docx(['Data Analyst', '']))).resolves.toMatchObject({
      text: 'Data Analyst',
      kind: 'docx',
      mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    await expect(extractDocumentText(fixture('data-analyst-en.doc'))).resolves.toMatchObject({
      kind: 'doc',
      mediaType: 'application/msword',
    });
    await expect(extractDocumentText(Buffer.from('Data Analyst\r\nSQL\r\n'))).resolves.toEqual({
      text: 'Data Analyst\nSQL',
      kind: 'txt',
      mediaType: 'text/plain',
    });
  });

  it('refuses a file of another type, whatever it is called', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
    await expectRpcError(() => extractDocumentText(jpeg), 415, DOCUMENT_MESSAGES.unsupportedType);
    const notWord = await zip({ 'content.xml': '<office:document/>' });
    await expectRpcError(() => extractDocumentText(notWord), 415, DOCUMENT_MESSAGES.unsupportedType);
  });

  it('refuses a file whose text is blank', async () => {
    await expectRpcError(() => extractDocumentText(Buffer.from(' \n\t\r\n ')), 422, DOCUMENT_MESSAGES.noReadableText);
    await expectRpcError(async () => extractDocumentText(await docx(['', '   '])), 422, DOCUMENT_MESSAGES.noReadableText);
    await expectRpcError(() => extractDocumentText(Buffer.alloc(0)), 422, DOCUMENT_MESSAGES.noReadableText);
  });

  it('refuses a file with more text than a job description may hold', async () => {
    const huge = Buffer.from('word '.repeat(JOB_CONTENT_MAX_LENGTH / 4));
    await expectRpcError(() => extractDocumentText(huge), 422, DOCUMENT_MESSAGES.tooMuchText);
    expect(DOCUMENT_MESSAGES.tooMuchText).toBe('The file holds more text than a job description may (200,000 characters)');
  });
});

describe('tidyExtractedText', () => {
  it('normalises line endings, drops trailing spaces and long runs of blank lines, and trims', () => {
    expect(tidyExtractedText('  Title  \r\n\r\n\r\n\r\nBody\u00a0 \rEnd\n\n')).toBe('Title\n\nBody\nEnd');
  });
});
