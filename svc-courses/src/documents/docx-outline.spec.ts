import { docxPackage, zip } from '../../test/fixtures/documents/make-fixtures';
import { readDocxOutline } from './docx-outline';
import { OfficePackage } from './office-package';

const WORD = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const MARKUP = 'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"';

async function outlineOf(bytes: Buffer) {
  const officePackage = await OfficePackage.open(bytes, 'test.docx');
  try {
    return await readDocxOutline(officePackage, 'test.docx', 1_000_000);
  } finally {
    officePackage.close();
  }
}

function bodyOf(paragraphs: string): Buffer | Promise<Buffer> {
  return zip({ 'word/document.xml': `<?xml version="1.0"?><w:document ${WORD} ${MARKUP}><w:body>${paragraphs}</w:body></w:document>` });
}

describe('readDocxOutline', () => {
  it('takes heading levels from built-in style names, outline levels on styles (inherited) and on paragraphs', async () => {
    const styles =
      `<?xml version="1.0"?><w:styles ${WORD}>` +
      '<w:style w:type="paragraph" w:styleId="berschrift3"><w:name w:val="heading 3"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="ChapterTitle"><w:name w:val="Chapter Title"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>' +
      '<w:style w:type="paragraph" w:styleId="BigChapter"><w:name w:val="Big Chapter"/><w:basedOn w:val="ChapterTitle"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="TOC1"><w:name w:val="toc 1"/></w:style>' +
      '</w:styles>';
    const body =
      '<w:p><w:pPr><w:pStyle w:val="TOC1"/></w:pPr><w:r><w:t>Ladders ........ 3</w:t></w:r></w:p>' +
      '<w:p><w:pPr><w:pStyle w:val="BigChapter"/></w:pPr><w:r><w:t>Ladders</w:t></w:r></w:p>' +
      '<w:p><w:pPr><w:pStyle w:val="berschrift3"/></w:pPr><w:r><w:t>Inspection</w:t></w:r></w:p>' +
      '<w:p><w:pPr><w:outlineLvl w:val="1"/></w:pPr><w:r><w:t>Storage</w:t></w:r></w:p>' +
      '<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>Keep ladders</w:t><w:tab/><w:t>dry.</w:t><w:br/><w:t>Second line.</w:t></w:r></w:p>';
    const bytes = await zip({
      'word/document.xml': `<?xml version="1.0"?><w:document ${WORD}><w:body>${body}</w:body></w:document>`,
      'word/styles.xml': styles,
    });
    expect((await outlineOf(bytes)).blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Ladders' },
      { kind: 'heading', level: 3, text: 'Inspection' },
      { kind: 'heading', level: 2, text: 'Storage' },
      { kind: 'paragraph', text: 'Keep ladders dry.\nSecond line.' },
    ]);
  });

  it('reads a text box once (not its VML fallback) and ignores the properties a tracked change replaced', async () => {
    const textBox = (text: string) => `<w:txbxContent><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:txbxContent>`;
    const bytes = await bodyOf(
      '<w:p><w:r><w:t>Before the box. </w:t></w:r><w:r><mc:AlternateContent>' +
        `<mc:Choice Requires="wps">${textBox('Exit routes are marked in green.')}</mc:Choice>` +
        `<mc:Fallback>${textBox('Exit routes are marked in green.')}</mc:Fallback>` +
        '</mc:AlternateContent></w:r><w:r><w:t>After the box.</w:t></w:r></w:p>' +
        '<w:p><w:pPr><w:pStyle w:val="Normal"/><w:pPrChange><w:pPr><w:pStyle w:val="Heading1"/></w:pPr></w:pPrChange></w:pPr><w:r><w:t>Body text once styled as a heading.</w:t></w:r></w:p>',
    );
    expect((await outlineOf(bytes)).blocks).toEqual([
      { kind: 'paragraph', text: 'Exit routes are marked in green.' },
      { kind: 'paragraph', text: 'Before the box. After the box.' },
      { kind: 'paragraph', text: 'Body text once styled as a heading.' },
    ]);
  });

  it('reads the Title paragraph and the core title', async () => {
    const bytes = await docxPackage({
      coreTitle: 'Manual Handling',
      paragraphs: [{ text: 'Manual Handling at Work', style: 'Title' }, { text: 'Lift with your legs.' }],
    });
    expect(await outlineOf(bytes)).toEqual({
      declaredTitle: 'Manual Handling',
      blocks: [
        { kind: 'title', text: 'Manual Handling at Work' },
        { kind: 'paragraph', text: 'Lift with your legs.' },
      ],
    });
  });
});
