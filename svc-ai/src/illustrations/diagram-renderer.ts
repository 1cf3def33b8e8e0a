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

/**
 * Draws the diagram: the lesson's title in a box at the top, an arrow to each concept below it (up
 * to three a row, right to left for Arabic), the key points naming each concept inside its box, and
 * other key points along the bottom. Returns a PNG.
 */
export function renderLessonDiagram(diagram: LessonDiagram): Buffer {
  registerFonts();
  const canvas = createCanvas(DIAGRAM_WIDTH, DIAGRAM_HEIGHT);
  const context = canvas.getContext('2d');
  const rtl = diagram.language === 'ar';
  context.direction = rtl ? 'rtl' : 'ltr';
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, DIAGRAM_WIDTH, DIAGRAM_HEIGHT);

  const writeLines = (lines: string[], x: number, y: number, lineHeight: number, align: TextAlign) => {
    context.textAlign = align;
    lines.forEach((line, index) => context.fillText(line, x, y + index * lineHeight));
  };

  // The lesson.
  context.font = `bold 30px "${FONT}"`;
  const titleWidth = DIAGRAM_WIDTH - 2 * MARGIN - 48;
  const titleLines = wrap(context, diagram.title, titleWidth, 2);
  const titleBoxHeight = 28 + titleLines.length * 40;
  roundedBox(context, MARGIN, MARGIN, DIAGRAM_WIDTH - 2 * MARGIN, titleBoxHeight, '#f0f5ff', '#2f54eb');
  context.fillStyle = INK;
  writeLines(titleLines, DIAGRAM_WIDTH / 2, MARGIN + 48, 40, 'center');

  // Its concepts, three a row.
  const concepts = diagram.concepts;
  const rows = concepts.length > 3 ? 2 : concepts.length > 0 ? 1 : 0;
  const top = MARGIN + titleBoxHeight + 56;
  const bottomReserve = diagram.otherPoints.length > 0 ? 70 : 0;
  const rowHeight = rows === 0 ? 0 : (DIAGRAM_HEIGHT - top - MARGIN - bottomReserve - (rows - 1) * GAP) / rows;
  let lowest = top;
  concepts.forEach((concept, index) => {
    const row = index < 3 ? 0 : 1;
    const inRow = row === 0 ? Math.min(concepts.length, 3) : concepts.length - 3;
    const column = row === 0 ? index : index - 3;
    const width = (DIAGRAM_WIDTH - 2 * MARGIN - (inRow - 1) * GAP) / inRow;
    const fromStart = MARGIN + column * (width + GAP);
    const x = rtl ? DIAGRAM_WIDTH - fromStart - width : fromStart;
    const y = top + row * (rowHeight + GAP);
    const textX = rtl ? x + width - 18 : x + 18;
    const align: TextAlign = rtl ? 'right' : 'left';
    // Lines first, so the box fits them (never taller than its row).
    context.font = `bold 22px "${FONT}"`;
    const labelLines = wrap(context, concept.label, width - 36, 2);
    context.font = `16px "${FONT}"`;
    let room = Math.max(1, Math.floor((rowHeight - 34 - labelLines.length * 30 - 16) / 22));
    const pointLines = concept.points.flatMap((point) => {
      const lines = room > 0 ? wrap(context, `• ${point}`, width - 36, Math.min(3, room)) : [];
      room -= lines.length;
      return [lines];
    }).filter((lines) => lines.length > 0);
    const contentHeight = 34 + labelLines.length * 30 + pointLines.reduce((sum, lines) => sum + lines.length * 22 + 6, 0) + 12;
    const height = Math.min(rowHeight, Math.max(90, contentHeight));
    arrow(context, DIAGRAM_WIDTH / 2, MARGIN + titleBoxHeight, x + width / 2, y - 4);
    roundedBox(context, x, y, width, height, COLOURS[index % COLOURS.length], BORDERS[index % BORDERS.length]);
    context.fillStyle = INK;
    context.font = `bold 22px "${FONT}"`;
    writeLines(labelLines, textX, y + 34, 30, align);
    context.font = `16px "${FONT}"`;
    context.fillStyle = MUTED;
    let lineY = y + 34 + labelLines.length * 30 + 4;
    for (const lines of pointLines) {
      writeLines(lines, textX, lineY, 22, align);
      lineY += lines.length * 22 + 6;
    }
    lowest = Math.max(lowest, y + height);
  });

  // Key points no concept names.
  if (diagram.otherPoints.length > 0) {
    context.font = `16px "${FONT}"`;
    context.fillStyle = MUTED;
    const x = rtl ? DIAGRAM_WIDTH - MARGIN : MARGIN;
    const lines = diagram.otherPoints.flatMap((point) => wrap(context, `• ${point}`, DIAGRAM_WIDTH - 2 * MARGIN, 1)).slice(0, 3);
    writeLines(lines, x, Math.min(lowest + 36, DIAGRAM_HEIGHT - MARGIN - 44), 22, rtl ? 'right' : 'left');
  }
  return canvas.toBuffer('image/png');
}
