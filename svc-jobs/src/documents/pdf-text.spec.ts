import { fixture, multiPageTextPdf, pdfWithoutTextLayer, textPdf } from '../../test/support/documents.factory';
import { expectRpcError } from '../../test/support/rpc-error.expectation';
import { DOCUMENT_MESSAGES } from './document-messages';
import { extractPdfText } from './pdf-text';

describe('extractPdfText', () => {
  it('reads the text layer of a PDF written by hand, line by line', async () => {
    const pdf = textPdf(['Senior Data Analyst', 'Requirements: SQL (advanced) and Python.']);
    expect(await extractPdfText(pdf, 10_000)).toBe('Senior Data Analyst\nRequirements: SQL (advanced) and Python.');
  });

  it('reads a PDF exported by LibreOffice (embedded, subset fonts)', async () => {
    const text = await extractPdfText(fixture('data-analyst-en.pdf'), 10_000);
    expect(text).toContain('Data Analyst');
    expect(text).toContain('Strong SQL and Python skills, experience with Power BI dashboards');
  });

  it('reads an Arabic PDF in logical order, keeping the spaces around English terms', async () => {
    const text = await extractPdfText(fixture('data-analyst-ar.pdf'), 10_000);
    expect(text).toContain('محلل بيانات');
    expect(text).toContain('المتطلبات');
    expect(text).toContain('إتقان لغة SQL وبايثون');
    expect(text).toContain('لوحات Power BI');
  });

  it('refuses a password-protected PDF', async () => {
    await expectRpcError(() => extractPdfText(fixture('password-protected.pdf'), 10_000), 422, DOCUMENT_MESSAGES.pdfPasswordProtected);
  });

  it('refuses a PDF without a text layer (a scan)', async () => {
    await expectRpcError(() => extractPdfText(pdfWithoutTextLayer(), 10_000), 422, DOCUMENT_MESSAGES.pdfWithoutTextLayer);
  });

  it('refuses a damaged PDF', async () => {
    const damaged = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
    await expectRpcError(() => extractPdfText(damaged, 10_000), 422, DOCUMENT_MESSAGES.pdfDamaged);
  });

  it('stops reading pages once it has more text than it may keep', async () => {
    const pdf = multiPageTextPdf([['Page one of the posting'], ['Page two'], ['Page three']]);
    expect(await extractPdfText(pdf, 1000)).toBe('Page one of the posting\n\nPage two\n\nPage three');
    expect(await extractPdfText(pdf, 10)).toBe('Page one of the posting');
  });
});
