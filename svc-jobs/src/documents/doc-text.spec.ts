import { fixture } from '../../test/support/documents.factory';
import { expectRpcError } from '../../test/support/rpc-error.expectation';
import { extractDocText } from './doc-text';
import { DOCUMENT_MESSAGES } from './document-messages';

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

describe('extractDocText', () => {
  it('reads a Word 97-2003 document written by LibreOffice, in English and in Arabic', async () => {
    expect(await extractDocText(fixture('data-analyst-en.doc'))).toBe(
      'Data Analyst\nMasar Learning is hiring a Data Analyst to turn training records into decisions.\n' +
        'Requirements\nStrong SQL and Python skills, experience with Power BI dashboards, and clear stakeholder communication.\n',
    );
    expect(await extractDocText(fixture('data-analyst-ar.doc'))).toContain('تبحث مسار عن محلل بيانات لتحويل سجلات التدريب إلى قرارات.');
  });

  it('refuses an OLE file without a WordDocument stream (Excel, Outlook) as the wrong type', async () => {
    const workbook = Buffer.concat([OLE_SIGNATURE, Buffer.alloc(504), Buffer.from('Workbook', 'utf16le'), Buffer.alloc(1024)]);
    await expectRpcError(() => extractDocText(workbook), 415, DOCUMENT_MESSAGES.unsupportedType);
  });

  it('refuses a password-protected Word document (an OLE file holding an EncryptedPackage)', async () => {
    const encrypted = Buffer.concat([
      OLE_SIGNATURE,
      Buffer.alloc(504),
      Buffer.from('EncryptionInfo', 'utf16le'),
      Buffer.from('EncryptedPackage', 'utf16le'),
      Buffer.alloc(1024),
    ]);
    await expectRpcError(() => extractDocText(encrypted), 422, DOCUMENT_MESSAGES.wordPasswordProtected);
  });

  it('refuses a damaged Word document', async () => {
    // The header and the first sectors (allocation tables, the start of the WordDocument stream) overwritten.
    const damaged = Buffer.from(fixture('data-analyst-en.doc')).fill(0x41, 600, 2000);
    await expectRpcError(() => extractDocText(damaged), 422, DOCUMENT_MESSAGES.wordDamaged);
  });
});
