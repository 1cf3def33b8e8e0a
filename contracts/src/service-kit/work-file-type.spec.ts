import { EXERCISE_ATTACHMENT_MESSAGES } from '../courses/lesson-practice';
import { checkWorkFileType } from './work-file-type';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
const WEBP = Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n', 'latin1');
const EXE = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(64, 0)]);
/** The first bytes of an Office Open XML package: a zip whose parts name the format's folder. */
const officeZip = (folder: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26, 0), Buffer.from(`[Content_Types].xml${folder}document.xml`, 'latin1')]);

describe('checkWorkFileType', () => {
  it('accepts work files whose bytes are what their names say, with the media type read from the name', () => {
    expect(checkWorkFileType('notes.PDF', PDF)).toEqual({ ok: true, extension: '.pdf', mediaType: 'application/pdf' });
    expect(checkWorkFileType('board.png', PNG)).toMatchObject({ ok: true, mediaType: 'image/png' });
    expect(checkWorkFileType('photo.jpeg', JPEG)).toMatchObject({ ok: true, mediaType: 'image/jpeg' });
    expect(checkWorkFileType('sketch.webp', WEBP)).toMatchObject({ ok: true, mediaType: 'image/webp' });
    expect(checkWorkFileType('steps.gif', GIF)).toMatchObject({ ok: true, mediaType: 'image/gif' });
    expect(checkWorkFileType('report.docx', officeZip('word/'))).toMatchObject({ ok: true });
    expect(checkWorkFileType('budget.xlsx', officeZip('xl/'))).toMatchObject({ ok: true });
    expect(checkWorkFileType('deck.pptx', officeZip('ppt/'))).toMatchObject({ ok: true });
    expect(checkWorkFileType('data.csv', Buffer.from('name,score\nنور,9\n'))).toMatchObject({ ok: true, mediaType: 'text/csv' });
    expect(checkWorkFileType('ملاحظات.md', Buffer.from('# ملاحظاتي\n\nعملنا على الخطة.'))).toMatchObject({ ok: true, mediaType: 'text/markdown' });
  });

  it('refuses what only looks like a work file, naming it', () => {
    expect(checkWorkFileType('report.pdf', EXE)).toEqual({ ok: false, message: EXERCISE_ATTACHMENT_MESSAGES.MISMATCH('report.pdf', 'holds a program') });
    expect(checkWorkFileType('notes.txt', Buffer.from('<html><body><script>x()</script></body></html>'))).toEqual({
      ok: false,
      message: EXERCISE_ATTACHMENT_MESSAGES.MISMATCH('notes.txt', 'holds an HTML page'),
    });
    expect(checkWorkFileType('chart.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toMatchObject({ ok: false, message: expect.stringContaining('SVG') });
    expect(checkWorkFileType('photo.jpg', PNG)).toMatchObject({ ok: false, message: expect.stringContaining('"photo.jpg"') });
    expect(checkWorkFileType('sketch.webp', Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toMatchObject({ ok: false, message: expect.stringContaining('"sketch.webp"') });
    expect(checkWorkFileType('steps.gif', PDF)).toEqual({ ok: false, message: EXERCISE_ATTACHMENT_MESSAGES.MISMATCH('steps.gif', 'holds a PDF document') });
    // A Word file renamed to a spreadsheet is a zip, but not an Excel one.
    expect(checkWorkFileType('budget.xlsx', officeZip('word/'))).toEqual({ ok: false, message: EXERCISE_ATTACHMENT_MESSAGES.MISMATCH('budget.xlsx', 'is not an Office XLSX document') });
    expect(checkWorkFileType('notes.txt', Buffer.from([0x00, 0x01, 0x02]))).toMatchObject({ ok: false });
  });

  it('refuses names it does not take at all', () => {
    expect(checkWorkFileType('setup.exe', EXE)).toEqual({ ok: false, message: EXERCISE_ATTACHMENT_MESSAGES.UNSUPPORTED('setup.exe') });
    expect(checkWorkFileType('page.html', Buffer.from('<p>hi</p>'))).toMatchObject({ ok: false });
    expect(checkWorkFileType('noextension', PDF)).toMatchObject({ ok: false });
    expect(checkWorkFileType('drawing.svg', Buffer.from('<svg/>'))).toMatchObject({ ok: false });
  });
});
