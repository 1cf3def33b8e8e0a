import { WORKPLACE_SAFETY, WORKPLACE_SAFETY_AR, WORKPLACE_SAFETY_SLIDES, type FixtureCourse } from '../../test/fixtures/documents/course-content';
import { documentFixture, expectRpcError } from '../../test/fixtures/documents/fixture-files';
import {
  docxPackage,
  encryptedOfficeFile,
  legacyPowerPointFile,
  longCoursePdf,
  lyingZipBomb,
  zip,
  zipBomb,
} from '../../test/fixtures/documents/make-fixtures';
import { readCourseDocument, type DocumentSection } from './course-document-reader';

const MEGABYTE = 1024 * 1024;

/** The sections a faithful reader finds in the fixture course: the preamble, then chapters (level 1) and their sections (level 2). */
function sectionsOf(course: FixtureCourse, preambleHeading = course.title): DocumentSection[] {
  return [
    { heading: preambleHeading, level: 1, paragraphs: course.preamble },
    ...course.chapters.flatMap((chapter) => [
      { heading: chapter.heading, level: 1, paragraphs: [] },
      ...chapter.sections.map((section) => ({ heading: section.heading, level: 2, paragraphs: section.paragraphs })),
    ]),
  ];
}

describe('readCourseDocument', () => {
  it('reads a PDF: headings from font sizes, bold and bookmarks, paragraphs joined from lines, running header and page numbers dropped', async () => {
    const document = await readCourseDocument(documentFixture('workplace-safety.pdf'), 'workplace-safety.pdf');
    expect(document.kind).toBe('pdf');
    expect(document.title).toBe('Workplace Safety Essentials');
    expect(document.sections).toEqual(sectionsOf(WORKPLACE_SAFETY));
    const text = JSON.stringify(document.sections);
    expect(text).not.toContain('Induction Course');
    expect(text).not.toMatch(/Page \d of \d/);
    expect(document.characterCount).toBeGreaterThan(6000);
  });

  it('reads a DOCX: Heading styles, a heading made by its own outline level, list items as paragraphs, the core title', async () => {
    const document = await readCourseDocument(documentFixture('workplace-safety.docx'), 'workplace-safety.docx');
    expect(document.kind).toBe('docx');
    expect(document.title).toBe('Workplace Safety Essentials');
    const expected = sectionsOf(WORKPLACE_SAFETY).map((section) =>
      section.heading === '1.2 Common Hazard Types'
        ? { ...section, paragraphs: [...section.paragraphs, 'Physical hazards', 'Chemical hazards', 'Biological hazards'] }
        : section,
    );
    expect(document.sections).toEqual(expected);
  });

  it('reads an Arabic DOCX with localized style ids, taking its title from the Title paragraph and keeping the text as written', async () => {
    const document = await readCourseDocument(documentFixture('workplace-safety-ar.docx'), 'workplace-safety-ar.docx');
    expect(document.title).toBe('أساسيات السلامة في مكان العمل');
    expect(document.sections).toEqual(sectionsOf(WORKPLACE_SAFETY_AR));
  });

  it('reads a PPTX slide by slide in presentation order: title placeholders as headings, bullets as paragraphs, section slides above their slides', async () => {
    const document = await readCourseDocument(documentFixture('workplace-safety.pptx'), 'workplace-safety.pptx');
    expect(document.kind).toBe('pptx');
    expect(document.title).toBe(WORKPLACE_SAFETY_SLIDES.title);
    expect(document.sections).toEqual([
      { heading: WORKPLACE_SAFETY_SLIDES.title, level: 1, paragraphs: [WORKPLACE_SAFETY_SLIDES.subtitle] },
      ...WORKPLACE_SAFETY_SLIDES.sections.flatMap((section) => [
        { heading: section.heading, level: 1, paragraphs: [] },
        ...section.slides.map((slide) => ({ heading: slide.title, level: 2, paragraphs: slide.bullets })),
      ]),
    ]);
    // Slide numbers are placeholders, not content.
    expect(JSON.stringify(document.sections)).not.toMatch(/"\d+"/);
  });

  it('reads a text file: numbered headings by depth, a line in capitals as the title', async () => {
    const document = await readCourseDocument(documentFixture('workplace-safety.txt'), 'workplace-safety.txt');
    expect(document.kind).toBe('txt');
    expect(document.title).toBe('WORKPLACE SAFETY ESSENTIALS');
    expect(document.sections).toEqual(sectionsOf(WORKPLACE_SAFETY, 'WORKPLACE SAFETY ESSENTIALS'));
  });

  it('reads Markdown: front-matter title, ATX and setext headings, inline syntax stripped', async () => {
    const document = await readCourseDocument(documentFixture('workplace-safety.md'), 'workplace-safety.md');
    expect(document.kind).toBe('md');
    expect(document.title).toBe('Workplace Safety Essentials');
    expect(document.sections).toEqual(sectionsOf(WORKPLACE_SAFETY));
  });

  it('reads Markdown by its # headings whatever the file is called, and text in UTF-16', async () => {
    const markdown = '# Fire Safety\n\nKnow where the nearest exit is.\n\n## Extinguishers\n\nUse a **CO2** extinguisher on electrical fires.\n';
    const document = await readCourseDocument(Buffer.from(markdown), 'notes.txt');
    expect(document.kind).toBe('md');
    expect(document.title).toBe('Fire Safety');
    expect(document.sections).toEqual([
      { heading: 'Fire Safety', level: 1, paragraphs: ['Know where the nearest exit is.'] },
      { heading: 'Extinguishers', level: 1, paragraphs: ['Use a CO2 extinguisher on electrical fires.'] },
    ]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Plain words about ladders.', 'utf16le')]);
    expect((await readCourseDocument(utf16, 'ladders.txt')).sections).toEqual([{ heading: 'ladders', level: 1, paragraphs: ['Plain words about ladders.'] }]);
  });

  it('reads a Word 97-2003 document, one paragraph a line, short lines before longer text as headings', async () => {
    const document = await readCourseDocument(documentFixture('legacy-word.doc'), 'legacy-word.doc');
    expect(document.kind).toBe('doc');
    expect(document.title).toBe('Data Analyst');
    expect(document.sections).toEqual([
      { heading: 'Data Analyst', level: 1, paragraphs: ['Masar Learning is hiring a Data Analyst to turn training records into decisions.'] },
      {
        heading: 'Requirements',
        level: 1,
        paragraphs: ['Strong SQL and Python skills, experience with Power BI dashboards, and clear stakeholder communication.'],
      },
    ]);
  });

  it('reads a 30-page PDF: ten units of three sections, without its running header or page numbers', async () => {
    const document = await readCourseDocument(await longCoursePdf(), 'handbook.pdf');
    expect(document.title).toBe('Workplace Safety Handbook');
    const units = document.sections.filter((section) => section.level === 1);
    expect(units.map((unit) => unit.heading)).toEqual([
      'Unit 1: Hazard Identification',
      'Unit 2: Risk Assessment',
      'Unit 3: Incident Reporting',
      'Unit 4: Hazard Identification',
      'Unit 5: Risk Assessment',
      'Unit 6: Incident Reporting',
      'Unit 7: Hazard Identification',
      'Unit 8: Risk Assessment',
      'Unit 9: Incident Reporting',
      'Unit 10: Hazard Identification',
    ]);
    const sections = document.sections.filter((section) => section.level === 2);
    expect(sections).toHaveLength(30);
    expect(sections.every((section) => section.paragraphs.length >= 6)).toBe(true);
    expect(sections[0].heading).toBe('1.1 Likelihood and Severity');
    const paragraphs = new Set(WORKPLACE_SAFETY.chapters.flatMap((chapter) => chapter.sections.flatMap((section) => section.paragraphs)));
    // Paragraphs are the course's, whole: none is cut short or mixed with page furniture. (One that
    // ends on a full last line at the foot of a page cannot be told from one that wraps, and is
    // joined to the next.)
    const course = [...paragraphs];
    const notWhole = sections
      .flatMap((section) => section.paragraphs)
      .filter((paragraph) => !course.some((whole) => paragraph.startsWith(whole)) || !course.some((whole) => paragraph.endsWith(whole)));
    expect(notWhole).toEqual([]);
    expect(sections.flatMap((section) => section.paragraphs).filter((paragraph) => paragraphs.has(paragraph)).length).toBeGreaterThan(180);
    expect(JSON.stringify(document.sections)).not.toMatch(/Page \d+ of 30|Workplace Safety Handbook/);
  });

  describe('refuses, naming the file', () => {
    it('a password-protected PDF, a scanned PDF and a damaged PDF (422)', async () => {
      await expectRpcError(
        () => readCourseDocument(documentFixture('password-protected.pdf'), 'secret.pdf'),
        422,
        '"secret.pdf" is password-protected; remove the password and upload it again',
      );
      await expectRpcError(
        () => readCourseDocument(documentFixture('scanned.pdf'), 'scan.pdf'),
        422,
        '"scan.pdf" has no readable text (is it a scanned document?)',
      );
      const damaged = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
      await expectRpcError(() => readCourseDocument(damaged, 'broken.pdf'), 422, '"broken.pdf" is damaged or is not a valid PDF');
    });

    it('a damaged Word document and a damaged zip (422)', async () => {
      const truncated = documentFixture('workplace-safety.docx').subarray(0, 300);
      await expectRpcError(() => readCourseDocument(truncated, 'cut.docx'), 422, '"cut.docx" is damaged or is not a valid Word or PowerPoint file');
      const notXml = await zip({ 'word/document.xml': '<w:document><unclosed' });
      await expectRpcError(() => readCourseDocument(notXml, 'bad.docx'), 422, '"bad.docx" is damaged or is not a valid Word document');
    });

    it('a zip bomb, from its central directory before inflating anything (413)', async () => {
      const bomb = await zipBomb(200 * MEGABYTE);
      expect(bomb.length).toBeLessThan(MEGABYTE);
      global.gc?.();
      const before = process.memoryUsage().rss;
      await expectRpcError(() => readCourseDocument(bomb, 'bomb.docx'), 413, '"bomb.docx" is too large when unpacked');
      expect(process.memoryUsage().rss - before).toBeLessThan(50 * MEGABYTE);
    });

    it('a zip bomb whose sizes lie, by counting what is inflated, in a presentation too (413)', async () => {
      const bomb = await lyingZipBomb(200 * MEGABYTE, 1000, 'ppt/presentation.xml');
      global.gc?.();
      const before = process.memoryUsage().rss;
      await expectRpcError(() => readCourseDocument(bomb, 'bomb.pptx'), 413, '"bomb.pptx" is too large when unpacked');
      expect(process.memoryUsage().rss - before).toBeLessThan(80 * MEGABYTE);
    });

    it('a zip with more entries than an Office file has (413)', async () => {
      const entries: Record<string, string> = {};
      for (let index = 0; index < 2001; index += 1) entries[`word/media/image${index}.png`] = '';
      const crowded = await docxPackage({ paragraphs: [{ text: 'Ladder safety' }], extraEntries: entries });
      await expectRpcError(() => readCourseDocument(crowded, 'crowded.docx'), 413, '"crowded.docx" is too large when unpacked');
    });

    it('a legacy PowerPoint file, saying how to convert it (415)', async () => {
      await expectRpcError(
        () => readCourseDocument(legacyPowerPointFile(), 'induction.ppt'),
        415,
        '"induction.ppt": Legacy PowerPoint (.ppt) files cannot be read; save the file as .pptx and upload it again',
      );
    });

    it('a password-protected Word or PowerPoint file (422)', async () => {
      await expectRpcError(() => readCourseDocument(encryptedOfficeFile(), 'locked.docx'), 422, '"locked.docx" is password-protected; remove the password and upload it again');
    });

    it('files of other types: a spreadsheet, an image (415)', async () => {
      const unsupported = /^"(book\.xlsx|photo\.png)" is not a file type courses can be made from; upload a PDF, Word \(\.docx or \.doc\), PowerPoint \(\.pptx\), text \(\.txt\) or Markdown \(\.md\) file$/;
      const spreadsheet = await zip({ 'xl/workbook.xml': '<workbook/>', '[Content_Types].xml': '<Types/>' });
      await expectRpcError(() => readCourseDocument(spreadsheet, 'book.xlsx'), 415, unsupported);
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
      await expectRpcError(() => readCourseDocument(png, 'photo.png'), 415, unsupported);
    });

    it('a file whose content is not what its name says (400 naming both)', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      await expectRpcError(
        () => readCourseDocument(svg, 'notes.txt'),
        400,
        '"notes.txt" is named .txt but holds an SVG image; upload a PDF, Word (.docx or .doc), PowerPoint (.pptx), text (.txt) or Markdown (.md) file',
      );
      await expectRpcError(() => readCourseDocument(Buffer.from('<!doctype html><p>Ladders</p>'), 'notes.md'), 400, /^"notes\.md" is named \.md but holds an HTML page; /);
      const pptx = documentFixture('workplace-safety.pptx');
      await expectRpcError(() => readCourseDocument(pptx, 'slides.pdf'), 400, /^"slides\.pdf" is named \.pdf but holds a ZIP archive/);
      await expectRpcError(() => readCourseDocument(documentFixture('workplace-safety.pdf'), 'safety.docx'), 400, /^"safety\.docx" is named \.docx but holds a PDF document; /);
      await expectRpcError(() => readCourseDocument(svg, 'drawing.svg'), 415, /^"drawing\.svg" is not a file type courses can be made from/);
    });

    it('a file without text, and a presentation of titles only (422)', async () => {
      await expectRpcError(() => readCourseDocument(Buffer.from('  \n\n  '), 'empty.txt'), 422, '"empty.txt" has no readable text');
      const titlesOnly = await docxPackage({ paragraphs: [{ text: 'Only a heading', style: 'Heading1' }] });
      await expectRpcError(() => readCourseDocument(titlesOnly, 'headings.docx'), 422, '"headings.docx" has no readable text');
    });

    it('more than 1,000,000 characters of text (422)', async () => {
      const paragraph = `${WORKPLACE_SAFETY.chapters[0].sections[0].paragraphs[0]}\n\n`;
      const long = Buffer.from(paragraph.repeat(Math.ceil(1_100_000 / paragraph.length)));
      const message = '"long.txt" holds more text than a course can be made from (at most 1,000,000 characters)';
      await expectRpcError(() => readCourseDocument(long, 'long.txt'), 422, message);
      const longDocx = await docxPackage({ paragraphs: Array.from({ length: Math.ceil(1_100_000 / paragraph.length) }, () => ({ text: paragraph.trim() })) });
      await expectRpcError(() => readCourseDocument(longDocx, 'long.docx'), 422, message.replace('long.txt', 'long.docx'));
    });
  });
});
