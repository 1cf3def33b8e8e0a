import { docx, fixture, lyingZipBombDocx, zip, zipBombDocx } from '../../test/support/documents.factory';
import { expectRpcError } from '../../test/support/rpc-error.expectation';
import { DOCUMENT_MESSAGES } from './document-messages';
import { DEFAULT_DOCX_LIMITS, extractDocxText } from './docx-text';

const MEGABYTE = 1024 * 1024;

describe('extractDocxText', () => {
  it('takes text from w:t, tabs from w:tab, line breaks from w:br and a newline per paragraph', async () => {
    const document = await zip({
      'word/document.xml':
        '<?xml version="1.0" encoding="UTF-8"?>' +
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
        '<w:p><w:r><w:t>Data</w:t></w:r><w:r><w:t xml:space="preserve"> Analyst</w:t></w:r></w:p>' +
        '<w:p><w:r><w:t>Skills:</w:t><w:tab/><w:t>SQL &amp; Python</w:t><w:br/><w:t>Power BI</w:t></w:r></w:p>' +
        '<w:p><w:r><w:instrText>HYPERLINK "x"</w:instrText><w:delText>deleted words</w:delText></w:r></w:p>' +
        '</w:body></w:document>',
    });
    expect(await extractDocxText(document)).toBe('Data Analyst\nSkills:\tSQL & Python\nPower BI\n\n');
  });

  it('reads a DOCX written by LibreOffice, in English and in Arabic', async () => {
    expect(await extractDocxText(fixture('data-analyst-en.docx'))).toContain(
      'Strong SQL and Python skills, experience with Power BI dashboards, and clear stakeholder communication.',
    );
    expect(await extractDocxText(fixture('data-analyst-ar.docx'))).toContain(
      'إتقان لغة SQL وبايثون، وخبرة في لوحات Power BI، وتواصل واضح مع أصحاب المصلحة.',
    );
  });

  it('reads a DOCX built the way Word lays one out', async () => {
    expect(await extractDocxText(await docx(['Product Manager', 'Roadmaps\tOKRs']))).toBe('Product Manager\nRoadmaps\tOKRs\n');
  });

  it('refuses a zip bomb (200 MB of zeros) from its central directory, using almost no memory', async () => {
    const bomb = await zipBombDocx(200 * MEGABYTE);
    expect(bomb.length).toBeLessThan(MEGABYTE);
    global.gc?.();
    const before = process.memoryUsage().rss;
    await expectRpcError(() => extractDocxText(bomb), 413, DOCUMENT_MESSAGES.wordTooLargeUnpacked);
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * MEGABYTE);
  });

  it('stops inflating a zip bomb whose declared sizes lie, before it costs 50 MB', async () => {
    const bomb = await lyingZipBombDocx(200 * MEGABYTE, 1000);
    global.gc?.();
    const before = process.memoryUsage().rss;
    await expectRpcError(() => extractDocxText(bomb), 413, DOCUMENT_MESSAGES.wordTooLargeUnpacked);
    expect(process.memoryUsage().rss - before).toBeLessThan(50 * MEGABYTE);
  });

  it('refuses a zip with more entries than a Word document has', async () => {
    const entries: Record<string, string> = {};
    for (let index = 0; index < 2001; index += 1) {
      entries[`word/media/image${index}.png`] = '';
    }
    await expectRpcError(async () => extractDocxText(await docx(['x'], entries)), 413, DOCUMENT_MESSAGES.wordTooLargeUnpacked);
  });

  it('refuses a zip that is not a Word document (no word/document.xml) as the wrong type', async () => {
    const spreadsheet = await zip({ 'xl/workbook.xml': '<workbook/>', '[Content_Types].xml': '<Types/>' });
    await expectRpcError(() => extractDocxText(spreadsheet), 415, DOCUMENT_MESSAGES.unsupportedType);
  });

  it('refuses a damaged zip and a main part that is not XML', async () => {
    const truncated = (await docx(['Data Analyst'])).subarray(0, 200);
    await expectRpcError(() => extractDocxText(truncated), 422, DOCUMENT_MESSAGES.wordDamaged);
    const notXml = await zip({ 'word/document.xml': '<w:document><unclosed' });
    await expectRpcError(() => extractDocxText(notXml), 422, DOCUMENT_MESSAGES.wordDamaged);
  });

  it('stops reading once it has more text than it may keep', async () => {
    const document = await docx(['first paragraph', 'second paragraph', 'third paragraph']);
    const text = await extractDocxText(document, { ...DEFAULT_DOCX_LIMITS, maxCharacters: 10 });
    expect(text.startsWith('first paragraph')).toBe(true);
    expect(text).not.toContain('third');
  });
});
