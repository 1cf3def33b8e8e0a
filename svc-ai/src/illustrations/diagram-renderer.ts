import { type SKRSContext2D, createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { LessonDiagram } from './lesson-diagram';

export const DIAGRAM_WIDTH = 1200;
export const DIAGRAM_HEIGHT = 675;

/** Noto Sans Arabic (SIL OFL) holds Latin and Arabic glyphs; registered once under a name of our own. */
const FONT = 'Masar Noto Sans Arabic';
let fontsRegistered = false;
function registerFonts(): void {
  if (fontsRegistered) return;
  for (const weight of ['400Regular/NotoSansArabic_400Regular.ttf', '700Bold/NotoSansArabic_700Bold.ttf']) {
    GlobalFonts.registerFromPath(require.resolve(`@expo-google-fonts/noto-sans-arabic/${weight}`), FONT);
  }
  fontsRegistered = true;
}

const COLOURS = ['#e6f4ff', '#f6ffed', '#fff7e6', '#f9f0ff', '#fff0f6', '#e6fffb'];
const BORDERS = ['#4096ff', '#73d13d', '#ffa940', '#9254de', '#f759ab', '#36cfc9'];
const INK = '#1f1f1f';
const MUTED = '#595959';
const MARGIN = 40;
const GAP = 24;

type TextAlign = 'left' | 'right' | 'center';

/** Lines of `text` no wider than `width`, at most `maxLines` (the last one shortened with an ellipsis). */
function wrap(context: SKRSContext2D, text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (context.measureText(candidate).width <= width || line === '') {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = word;
  }
  if (line !== '') lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1];
  while (last.length > 1 && context.measureText(`${last}…`).width > width) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

function roundedBox(context: SKRSContext2D, x: number, y: number, width: number, height: number, fill: string, stroke: string): void {
  context.beginPath();
  context.roundRect(x, y, width, height, 14);
  context.fillStyle = fill;
  context.fill();
  context.lineWidth = 2;
  context.strokeStyle = stroke;
  context.stroke();
}

function arrow(context: SKRSContext2D, fromX: number, fromY: number, toX: number, toY: number): void {
  const angle = Math.atan2(toY - fromY, toX - fromX);
  context.strokeStyle = '#8c8c8c';
  context.fillStyle = '#8c8c8c';
  context.lineWidth = 2;
  context.beginPath();
  context.moveTo(fromX, fromY);
  context.lineTo(toX, toY);
  context.stroke();
  context.beginPath();
  context.moveTo(toX, toY);
  context.lineTo(toX - 12 * Math.cos(angle - Math.PI / 7), toY - 12 * Math.sin(angle - Math.PI / 7));
  context.lineTo(toX - 12 * Math.cos(angle + Math.PI / 7), toY - 12 * Math.sin(angle + Math.PI / 7));
  context.closePath();
  context.fill();
}

/** A concept's box: its lines laid out before anything is drawn, so the box fits them. */
interface ConceptBox {
  labelLines: string[];
  pointLines: string[][];
  height: number;
}

const SIDE_WIDTH = 340;
const CENTRE_WIDTH = 380;
const LABEL_LINE = 30;
const POINT_LINE = 22;

/**
 * Draws the diagram as a hub: the lesson's title in a box in the middle, its concepts in two
 * columns beside it (the first on the reading side: left in English, right in Arabic), each joined
 * to the title by an arrow that crosses nothing, the key points naming a concept inside its box, and
 * the other key points under the title. Returns a PNG.
 */
export function renderLessonDiagram(diagram: LessonDiagram): Buffer {
  registerFonts();
  const canvas = createCanvas(DIAGRAM_WIDTH, DIAGRAM_HEIGHT);
  const context = canvas.getContext('2d');
  const rtl = diagram.language === 'ar';
  context.direction = rtl ? 'rtl' : 'ltr';
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, DIAGRAM_WIDTH, DIAGRAM_HEIGHT);
  const align: TextAlign = rtl ? 'right' : 'left';
  const writeLines = (lines: string[], x: number, y: number, lineHeight: number, lineAlign: TextAlign) => {
    context.textAlign = lineAlign;
    lines.forEach((line, index) => context.fillText(line, x, y + index * lineHeight));
  };

  // The concepts: the first half on the reading side, the rest on the other.
  const concepts = diagram.concepts;
  const firstSide = concepts.slice(0, Math.ceil(concepts.length / 2));
  const otherSide = concepts.slice(firstSide.length);
  const columnHeight = DIAGRAM_HEIGHT - 2 * MARGIN;
  const layOut = (column: LessonDiagram['concepts']): ConceptBox[] => {
    const room = column.length === 0 ? 0 : (columnHeight - (column.length - 1) * GAP) / column.length;
    return column.map((concept) => {
      context.font = `bold 22px "${FONT}"`;
      const labelLines = wrap(context, concept.label, SIDE_WIDTH - 36, 2);
      context.font = `16px "${FONT}"`;
      let left = Math.max(0, Math.floor((room - 34 - labelLines.length * LABEL_LINE - 12) / POINT_LINE));
      const pointLines: string[][] = [];
      for (const point of concept.points) {
        if (left <= 0) break;
        const lines = wrap(context, `• ${point}`, SIDE_WIDTH - 36, Math.min(3, left));
        pointLines.push(lines);
        left -= lines.length;
      }
      const content = 34 + labelLines.length * LABEL_LINE + pointLines.reduce((sum, lines) => sum + lines.length * POINT_LINE + 6, 0) + 8;
      return { labelLines, pointLines, height: Math.min(room, Math.max(64, content)) };
    });
  };

  // The lesson in the middle, the other key points under it.
  context.font = `bold 28px "${FONT}"`;
  const titleLines = wrap(context, diagram.title, CENTRE_WIDTH - 40, 3);
  context.font = `15px "${FONT}"`;
  const otherLines = diagram.otherPoints.flatMap((point) => wrap(context, `• ${point}`, CENTRE_WIDTH - 12, 2)).slice(0, 8);
  const titleHeight = 32 + titleLines.length * 36;
  const centreX = (DIAGRAM_WIDTH - CENTRE_WIDTH) / 2;
  const blockHeight = titleHeight + (otherLines.length > 0 ? 20 + otherLines.length * 20 : 0);
  const titleY = Math.max(MARGIN, (DIAGRAM_HEIGHT - blockHeight) / 2);
  roundedBox(context, centreX, titleY, CENTRE_WIDTH, titleHeight, '#f0f5ff', '#2f54eb');
  context.fillStyle = INK;
  context.font = `bold 28px "${FONT}"`;
  writeLines(titleLines, DIAGRAM_WIDTH / 2, titleY + 42, 36, 'center');
  if (otherLines.length > 0) {
    context.font = `15px "${FONT}"`;
    context.fillStyle = MUTED;
    writeLines(otherLines, rtl ? centreX + CENTRE_WIDTH - 6 : centreX + 6, titleY + titleHeight + 28, 20, align);
  }

  let colour = 0;
  const drawColumn = (column: LessonDiagram['concepts'], onLeft: boolean) => {
    const boxes = layOut(column);
    const total = boxes.reduce((sum, box) => sum + box.height, 0) + Math.max(0, boxes.length - 1) * GAP;
    let y = MARGIN + (columnHeight - total) / 2;
    const x = onLeft ? MARGIN : DIAGRAM_WIDTH - MARGIN - SIDE_WIDTH;
    for (const box of boxes) {
      const fromX = onLeft ? centreX : centreX + CENTRE_WIDTH;
      const toX = onLeft ? x + SIDE_WIDTH + 4 : x - 4;
      arrow(context, fromX, titleY + titleHeight / 2, toX, y + box.height / 2);
      roundedBox(context, x, y, SIDE_WIDTH, box.height, COLOURS[colour % COLOURS.length], BORDERS[colour % BORDERS.length]);
      colour++;
      const textX = rtl ? x + SIDE_WIDTH - 18 : x + 18;
      context.fillStyle = INK;
      context.font = `bold 22px "${FONT}"`;
      writeLines(box.labelLines, textX, y + 32, LABEL_LINE, align);
      context.font = `16px "${FONT}"`;
      context.fillStyle = MUTED;
      let lineY = y + 32 + box.labelLines.length * LABEL_LINE + 2;
      for (const lines of box.pointLines) {
        writeLines(lines, textX, lineY, POINT_LINE, align);
        lineY += lines.length * POINT_LINE + 6;
      }
      y += box.height + GAP;
    }
  };
  drawColumn(firstSide, !rtl);
  drawColumn(otherSide, rtl);
  return canvas.toBuffer('image/png');
}
