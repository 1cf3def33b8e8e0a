import { Image } from '@napi-rs/canvas';
import { createCanvas } from '@napi-rs/canvas';
import { writeFileSync } from 'node:fs';
import { DIAGRAM_HEIGHT, DIAGRAM_WIDTH, renderLessonDiagram } from './diagram-renderer';

/** The PNG decoded, and how many of its pixels in a box are dark (ink, not background). */
function darkPixels(png: Buffer, box: { x: number; y: number; width: number; height: number }): number {
  const image = new Image();
  image.src = png;
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(box.x, box.y, box.width, box.height);
  let dark = 0;
  for (let at = 0; at < data.length; at += 4) if (data[at] + data[at + 1] + data[at + 2] < 200) dark++;
  return dark;
}

const ENGLISH = {
  title: 'Pivot tables step by step',
  language: 'en' as const,
  concepts: [
    { label: 'Pivot Tables', points: ['A pivot table summarises thousands of rows by any field in seconds.'] },
    { label: 'Filters', points: ['Slicers filter every connected pivot table at once.'] },
  ],
  otherPoints: ['Refresh the pivot table after the source data changes.'],
};

describe('renderLessonDiagram', () => {
  it('draws a PNG of the diagram at 1200×675', () => {
    const png = renderLessonDiagram(ENGLISH);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(DIAGRAM_WIDTH);
    expect(png.readUInt32BE(20)).toBe(DIAGRAM_HEIGHT);
    if (process.env.KEEP_DIAGRAMS) writeFileSync('/tmp/diagram-en.png', png);
  });

  it('draws Arabic labels with ink: the title in the middle, the first concept on the right for right to left', () => {
    const arabic = {
      title: 'الجداول المحورية خطوة بخطوة',
      language: 'ar' as const,
      concepts: [{ label: 'الجداول المحورية', points: ['يلخص الجدول المحوري آلاف الصفوف في ثوانٍ.'] }],
      otherPoints: [],
    };
    const png = renderLessonDiagram(arabic);
    if (process.env.KEEP_DIAGRAMS) writeFileSync('/tmp/diagram-ar.png', png);
    const leftColumn = { x: 40, y: 40, width: 340, height: DIAGRAM_HEIGHT - 80 };
    const rightColumn = { x: DIAGRAM_WIDTH - 380, y: 40, width: 340, height: DIAGRAM_HEIGHT - 80 };
    expect(darkPixels(png, { x: 420, y: 250, width: 360, height: 175 })).toBeGreaterThan(500);
    expect(darkPixels(png, rightColumn)).toBeGreaterThan(300);
    expect(darkPixels(png, leftColumn)).toBe(0);
    // The same diagram in English starts on the left.
    const english = renderLessonDiagram({ ...arabic, language: 'en', title: 'Pivot tables step by step', concepts: [{ label: 'Pivot Tables', points: ['Summarise rows.'] }] });
    expect(darkPixels(english, leftColumn)).toBeGreaterThan(300);
    expect(darkPixels(english, rightColumn)).toBe(0);
  });

  it('shortens a label too long for its box instead of drawing past it', () => {
    const long = 'Building the quarterly regional revenue report from raw sales exports with pivot tables, slicers and calculated fields';
    const png = renderLessonDiagram({ ...ENGLISH, title: `${long} ${long}`, concepts: ENGLISH.concepts.map((concept) => ({ ...concept, label: long })) });
    // The margins stay empty.
    expect(darkPixels(png, { x: 0, y: 0, width: 30, height: DIAGRAM_HEIGHT })).toBe(0);
    expect(darkPixels(png, { x: DIAGRAM_WIDTH - 30, y: 0, width: 30, height: DIAGRAM_HEIGHT })).toBe(0);
  });
});
