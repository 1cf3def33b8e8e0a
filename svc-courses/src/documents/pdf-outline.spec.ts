import { WORKPLACE_SAFETY } from '../../test/fixtures/documents/course-content';
import { renderPdf } from '../../test/fixtures/documents/make-fixtures';
import { readPdfOutline } from './pdf-outline';

const [whatIsAHazard, hazardTypes] = WORKPLACE_SAFETY.chapters[0].sections;

describe('readPdfOutline', () => {
  it('finds headings by size alone, joins a heading that wraps, and splits bullets into paragraphs', async () => {
    const pdf = await renderPdf({ info: { Title: 'Microsoft Word - safety.docx' } }, (document) => {
      document.font('Helvetica-Bold').fontSize(20).text('Hazards, Risks and the Everyday Habits That Keep Colleagues Safe', { width: 300 });
      document.font('Helvetica').fontSize(11).text(whatIsAHazard.paragraphs[0], { paragraphGap: 8 });
      document.font('Helvetica').fontSize(14).text('Hazard families', { paragraphGap: 6 });
      document.font('Helvetica').fontSize(11).text(hazardTypes.paragraphs[0], { paragraphGap: 8 });
      document.text('• Physical hazards include noise and heat.');
      document.text('• Chemical hazards include solvents and dusts.');
    });
    expect(await readPdfOutline(pdf, 'safety.pdf', 1_000_000)).toEqual({
      // A title the exporting tool made up says nothing.
      declaredTitle: null,
      blocks: [
        { kind: 'heading', level: 1, text: 'Hazards, Risks and the Everyday Habits That Keep Colleagues Safe' },
        { kind: 'paragraph', text: whatIsAHazard.paragraphs[0] },
        { kind: 'heading', level: 2, text: 'Hazard families' },
        { kind: 'paragraph', text: hazardTypes.paragraphs[0] },
        { kind: 'paragraph', text: '• Physical hazards include noise and heat.' },
        { kind: 'paragraph', text: '• Chemical hazards include solvents and dusts.' },
      ],
    });
  });

  it('drops page numbers and a header repeated on every page, and carries a paragraph across a page break', async () => {
    const pdf = await renderPdf({}, (document) => {
      document.font('Helvetica').fontSize(11);
      // Starting near the foot of the page, the first paragraph runs on to the second page.
      document.text(whatIsAHazard.paragraphs[0], 72, 680, { paragraphGap: 8 });
      document.text(whatIsAHazard.paragraphs[1], { paragraphGap: 8 });
      document.addPage();
      document.text(whatIsAHazard.paragraphs[2]);
      const range = document.bufferedPageRange();
      for (let index = 0; index < range.count; index += 1) {
        document.switchToPage(index);
        document.page.margins.bottom = 0;
        document.fontSize(8).text('Safety Handbook, edition 3', 72, 30, { lineBreak: false });
        document.text(String(index + 1), 300, document.page.height - 40, { lineBreak: false });
      }
    });
    const { blocks } = await readPdfOutline(pdf, 'handbook.pdf', 1_000_000);
    expect(blocks).toEqual(whatIsAHazard.paragraphs.map((text) => ({ kind: 'paragraph', text })));
  });
});
