import { baseNameOf, documentFromOutline, tidyText, type OutlineBlock } from './document-outline';

const heading = (level: number, text: string): OutlineBlock => ({ kind: 'heading', level, text });
const paragraph = (text: string): OutlineBlock => ({ kind: 'paragraph', text });

describe('documentFromOutline', () => {
  it('gives the text before the first heading a section headed by the title, and ranks levels from 1 without gaps', () => {
    const document = documentFromOutline(
      { declaredTitle: 'Fire Safety', blocks: [paragraph('Read this first.'), heading(2, 'Exits'), paragraph('Keep exits clear.'), heading(4, 'Doors'), paragraph('Never wedge fire doors open.')] },
      'fire.docx',
      'docx',
    );
    expect(document).toEqual({
      fileName: 'fire.docx',
      kind: 'docx',
      title: 'Fire Safety',
      sections: [
        { heading: 'Fire Safety', level: 1, paragraphs: ['Read this first.'] },
        { heading: 'Exits', level: 1, paragraphs: ['Keep exits clear.'] },
        { heading: 'Doors', level: 2, paragraphs: ['Never wedge fire doors open.'] },
      ],
      characterCount: 'Fire Safety'.length + 'Read this first.'.length + 'Exits'.length + 'Keep exits clear.'.length + 'Doors'.length + 'Never wedge fire doors open.'.length,
    });
  });

  it('reads a lone opening top-level heading as the title, but keeps it when the document has a title paragraph', () => {
    const blocks = [heading(1, 'Fire Safety'), paragraph('Read this first.'), heading(2, 'Exits'), paragraph('Keep exits clear.')];
    expect(documentFromOutline({ declaredTitle: null, blocks }, 'fire.md', 'md').sections).toEqual([
      { heading: 'Fire Safety', level: 1, paragraphs: ['Read this first.'] },
      { heading: 'Exits', level: 1, paragraphs: ['Keep exits clear.'] },
    ]);
    const titled = documentFromOutline({ declaredTitle: null, blocks: [{ kind: 'title', text: 'Site Rules' }, ...blocks] }, 'fire.docx', 'docx');
    expect(titled.title).toBe('Site Rules');
    expect(titled.sections.map((section) => [section.heading, section.level])).toEqual([
      ['Fire Safety', 1],
      ['Exits', 2],
    ]);
  });

  it('falls back on the first heading for the title, and on the file name for the first section', () => {
    const document = documentFromOutline({ declaredTitle: null, blocks: [paragraph('Intro.'), heading(1, 'Exits'), paragraph('Keep clear.'), heading(1, 'Doors'), paragraph('Shut them.')] }, 'C:\\\\docs\\\\site-rules.v2.txt', 'txt');
    expect(document.title).toBe('Exits');
    expect(document.sections[0].heading).toBe('Exits');
    const untitled = documentFromOutline({ declaredTitle: null, blocks: [paragraph('Only text.')] }, 'notes/site-rules.txt', 'txt');
    expect(untitled.title).toBeNull();
    expect(untitled.sections).toEqual([{ heading: 'site-rules', level: 1, paragraphs: ['Only text.'] }]);
  });
});

describe('text helpers', () => {
  it('tidies spaces and invisible characters, keeping intended line breaks', () => {
    expect(tidyText('  Keep\u00a0 exits\u00adclear\u200b \r\n  and lit.\t ')).toBe('Keep exitsclear\nand lit.');
  });

  it('names a file without its folder and extension', () => {
    expect(baseNameOf('uploads/Fire Safety.pdf')).toBe('Fire Safety');
    expect(baseNameOf('.env')).toBe('.env');
  });
});
