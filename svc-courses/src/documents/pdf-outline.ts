import { COURSE_DOCUMENT_MESSAGES, DOCUMENT_FORMAT_NAMES } from '@masar/contracts';
import { RpcException } from '@nestjs/microservices';
import type { DocumentOutline, OutlineBlock } from './document-outline';
import { rpcError } from '@masar/contracts/service-kit';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/**
 * pdfjs-dist is an ES module; loading it lazily keeps it off the start-up path. Its worker code runs
 * in this thread ("fake worker"): handing pdfjs the worker module through `globalThis.pdfjsWorker`
 * spares it from resolving a worker file of its own (as svc-jobs/src/documents/pdf-text.ts does).
 */
let pdfjs: Promise<PdfJs> | undefined;
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= (async () => {
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return pdfjs;
}

/** One run of text as pdfjs reports it, with where it sits on the page. */
interface PositionedText {
  str: string;
  hasEOL: boolean;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
}

function isPositionedText(item: object): item is PositionedText {
  return 'str' in item && 'transform' in item;
}

/** A line of text on a page, with the size and fonts it is set in. */
interface PdfLine {
  page: number;
  text: string;
  /** Font size (rounded to half a point) of most of the line's characters. */
  size: number;
  fonts: Set<string>;
  /** Baseline, from the top of the page (so lines further down have larger values). */
  top: number;
  left: number;
  right: number;
  pageHeight: number;
}

function roundSize(size: number): number {
  return Math.round(size * 2) / 2;
}

/**
 * Groups a page's text runs into lines. A run on the same baseline continues the line (with a space
 * when there is a visible gap; right-to-left runs follow each other leftwards); a new baseline or an
 * end-of-line mark starts a new one.
 */
function linesOfPage(items: readonly object[], page: number, view: number[]): PdfLine[] {
  const [x0, y0, , y1] = view;
  const pageHeight = y1 - y0;
  const lines: PdfLine[] = [];
  let current: { runs: PositionedText[]; text: string; endsLine: boolean } | null = null;
  const finish = () => {
    if (!current) return;
    const text = current.text.replace(/\s+/g, ' ').trim();
    if (text.length > 0) {
      const sizes = new Map<number, number>();
      const fonts = new Set<string>();
      let left = Infinity;
      let right = -Infinity;
      let baseline = 0;
      let longest = -1;
      for (const run of current.runs) {
        const characters = run.str.trim().length;
        if (characters === 0) continue;
        const size = roundSize(Math.hypot(run.transform[2], run.transform[3]) || run.height);
        sizes.set(size, (sizes.get(size) ?? 0) + characters);
        fonts.add(run.fontName);
        left = Math.min(left, run.transform[4]);
        right = Math.max(right, run.transform[4] + run.width);
        if (characters > longest) {
          longest = characters;
          baseline = run.transform[5];
        }
      }
      const size = [...sizes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
      lines.push({ page, text, size, fonts, top: y1 - baseline, left: left - x0, right: right - x0, pageHeight });
    }
    current = null;
  };

  for (const item of items) {
    if (!isPositionedText(item)) continue;
    const size = Math.max(Math.hypot(item.transform[2], item.transform[3]), item.height, 1);
    const last = current?.runs[current.runs.length - 1];
    if (current && (current.endsLine || (last && Math.abs(last.transform[5] - item.transform[5]) >= size * 0.5))) finish();
    if (!current) current = { runs: [], text: '', endsLine: false };
    else if (last && item.str.length > 0) current.text += gapBetween(last, item, size);
    if (item.str.length > 0) current.runs.push(item);
    current.text += item.str;
    current.endsLine ||= item.hasEOL;
  }
  finish();
  return lines;
}

/** As svc-jobs' pdf-text.ts: a visible gap between two runs of one line is a space. */
function gapBetween(previous: PositionedText, next: PositionedText, size: number): string {
  if (/\s$/.test(previous.str) || /^\s/.test(next.str)) return '';
  const previousStart = previous.transform[4];
  const previousEnd = previousStart + previous.width;
  const nextStart = next.transform[4];
  const nextEnd = nextStart + next.width;
  const gap = nextStart >= previousEnd ? nextStart - previousEnd : nextEnd <= previousStart ? previousStart - nextEnd : 0;
  return gap > size * 0.15 ? ' ' : '';
}

/* ---------------------------------------------------------------- Page furniture */

/** Share of the page height, at the top and at the bottom, where running headers and footers sit. */
const MARGIN_ZONE = 0.1;
const PAGE_NUMBER = /^(?:(?:page|p\.|صفحة|الصفحة)\s*)?[\d٠-٩]{1,4}(?:\s*(?:of|\/|من)\s*[\d٠-٩]{1,4})?$|^[-–—]\s*[\d٠-٩]{1,4}\s*[-–—]$|^[ivxlcdm]{1,7}$/i;

function inMarginZone(line: PdfLine): boolean {
  return line.top < line.pageHeight * MARGIN_ZONE || line.top > line.pageHeight * (1 - MARGIN_ZONE);
}

function furnitureKey(line: PdfLine): string {
  return line.text.toLowerCase().replace(/[\d٠-٩]+/g, '#').replace(/\s+/g, ' ');
}

/**
 * Drops page numbers and the running headers and footers: lines in the top or bottom tenth of the
 * page whose text (numbers aside) repeats on at least half the pages.
 */
function withoutPageFurniture(lines: PdfLine[], pageCount: number): PdfLine[] {
  const pagesByKey = new Map<string, Set<number>>();
  for (const line of lines) {
    if (!inMarginZone(line)) continue;
    const key = furnitureKey(line);
    const pages = pagesByKey.get(key) ?? new Set<number>();
    pages.add(line.page);
    pagesByKey.set(key, pages);
  }
  const repeatsOn = Math.max(2, Math.ceil(pageCount / 2));
  return lines.filter((line) => {
    if (!inMarginZone(line)) return true;
    if (PAGE_NUMBER.test(line.text)) return false;
    return pageCount < 2 || (pagesByKey.get(furnitureKey(line))?.size ?? 0) < repeatsOn;
  });
}

/* ---------------------------------------------------------------- Headings */

/** A heading line is larger than the body text by at least this factor (and a point). */
const HEADING_SIZE_RATIO = 1.12;
const MAX_HEADING_LENGTH = 150;
const MAX_HEADING_WORDS = 20;
const BOLD_FONT_NAME = /bold|black|heavy|semibold|demi/i;
/** A line ending like this ends a sentence (or introduces a list). */
const ENDS_SENTENCE = /[.!?:؟]["”’)]?$/;

/** The body text's size: the size most characters are set in. */
function bodySizeOf(lines: PdfLine[]): number {
  const characters = new Map<number, number>();
  for (const line of lines) characters.set(line.size, (characters.get(line.size) ?? 0) + line.text.length);
  return [...characters.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

function couldBeHeading(line: PdfLine): boolean {
  return (
    line.text.length <= MAX_HEADING_LENGTH &&
    line.text.split(' ').length <= MAX_HEADING_WORDS &&
    /\p{L}/u.test(line.text) &&
    !/[,;]$/.test(line.text) &&
    !PAGE_NUMBER.test(line.text)
  );
}

/**
 * Which fonts are bold. pdfjs names fonts only once a page's operator list is built, so that is done
 * for one page per font that matters: fonts of short lines at the body size, which are headings only
 * when bold. Larger lines are headings by size alone, so most documents need a page or two at most.
 */
async function boldFontsOf(document: PdfDocument, lines: PdfLine[], bodySize: number): Promise<Set<string>> {
  const pageOfFont = new Map<string, number>();
  for (const line of lines) {
    if (Math.abs(line.size - bodySize) >= 1 || !couldBeHeading(line)) continue;
    for (const font of line.fonts) if (!pageOfFont.has(font)) pageOfFont.set(font, line.page);
  }
  const bold = new Set<string>();
  const fontsByPage = new Map<number, string[]>();
  for (const [font, page] of pageOfFont) fontsByPage.set(page, [...(fontsByPage.get(page) ?? []), font]);
  for (const [pageNumber, fonts] of fontsByPage) {
    const page = await document.getPage(pageNumber);
    try {
      await page.getOperatorList();
      for (const font of fonts) {
        if (!page.commonObjs.has(font)) continue;
        const loaded = page.commonObjs.get(font) as { name?: unknown; bold?: unknown } | null;
        if (loaded && (loaded.bold === true || (typeof loaded.name === 'string' && BOLD_FONT_NAME.test(loaded.name)))) bold.add(font);
      }
    } finally {
      page.cleanup();
    }
  }
  return bold;
}

interface BookmarkTitle {
  key: string;
  depth: number;
}

function headingKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** The bookmarks (outline) of the PDF, flattened with their depth (0 = top). */
async function bookmarksOf(document: PdfDocument): Promise<BookmarkTitle[]> {
  type Item = { title: string; items: Item[] };
  let outline: Item[] | null;
  try {
    outline = (await document.getOutline()) as Item[] | null;
  } catch {
    return [];
  }
  const titles: BookmarkTitle[] = [];
  const visit = (items: Item[], depth: number) => {
    for (const item of items) {
      if (titles.length >= 1000) return;
      const key = headingKey(item.title ?? '');
      if (key.length > 0) titles.push({ key, depth });
      visit(item.items ?? [], depth + 1);
    }
  };
  visit(outline ?? [], 0);
  return titles;
}

interface HeadingStyle {
  size: number;
  bold: boolean;
}

interface HeadingLine {
  line: PdfLine;
  style: string;
  bookmarkDepth: number | null;
}

/**
 * Marks the heading lines: larger than the body text, or bold at the body size and standing alone
 * (the previous line ends a sentence), or matching a bookmark. Levels come from the heading styles,
 * largest first and bold before regular at one size; when most bookmarks are found on the pages,
 * their depths decide instead, and a style no bookmark names sits just below the nearest larger
 * bookmarked style (levels are only compared, so half levels are fine).
 */
function findHeadings(lines: PdfLine[], bodySize: number, boldFonts: Set<string>, bookmarks: BookmarkTitle[]): Map<PdfLine, number> {
  const bookmarkDepths = new Map<string, number>();
  for (const bookmark of bookmarks) if (!bookmarkDepths.has(bookmark.key)) bookmarkDepths.set(bookmark.key, bookmark.depth);
  const isBold = (line: PdfLine) => [...line.fonts].every((font) => boldFonts.has(font));

  const headings: HeadingLine[] = [];
  const styles = new Map<string, HeadingStyle>();
  lines.forEach((line, index) => {
    if (!couldBeHeading(line)) return;
    const bookmarkDepth = bookmarkDepths.get(headingKey(line.text)) ?? null;
    const larger = line.size >= bodySize * HEADING_SIZE_RATIO && line.size - bodySize >= 1;
    const previous = lines[index - 1];
    const standsAlone =
      !previous || previous.page !== line.page || ENDS_SENTENCE.test(previous.text) || previous.size !== line.size || line.top - previous.top > line.size * 2;
    const boldAtBodySize = !larger && line.size >= bodySize - 0.5 && isBold(line) && standsAlone && !/[.!?]$/.test(line.text);
    if (larger || boldAtBodySize || bookmarkDepth !== null) {
      const style = { size: line.size, bold: isBold(line) };
      const key = `${style.size}:${style.bold}`;
      styles.set(key, style);
      headings.push({ line, style: key, bookmarkDepth });
    }
  });

  const ranked = [...styles.entries()].sort(([, a], [, b]) => b.size - a.size || Number(b.bold) - Number(a.bold)).map(([key]) => key);
  const matchedBookmarks = new Set(headings.flatMap((heading) => (heading.bookmarkDepth === null ? [] : [headingKey(heading.line.text)])));
  const useBookmarks = bookmarks.length > 0 && matchedBookmarks.size >= bookmarks.length * 0.6;
  if (!useBookmarks) {
    return new Map(headings.map((heading) => [heading.line, ranked.indexOf(heading.style) + 1]));
  }
  const depthOfStyle = new Map<string, number>();
  let depthAbove = -1;
  for (const style of ranked) {
    const depths = headings.filter((heading) => heading.style === style && heading.bookmarkDepth !== null).map((heading) => heading.bookmarkDepth as number);
    const depth = depths.length > 0 ? mostCommon(depths) : depthAbove + 0.5;
    depthOfStyle.set(style, depth);
    depthAbove = Math.max(depthAbove, depth);
  }
  return new Map(headings.map((heading) => [heading.line, (heading.bookmarkDepth ?? depthOfStyle.get(heading.style) ?? 0) + 1]));
}

function mostCommon(values: number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
}

/* ---------------------------------------------------------------- Paragraphs */

const BULLET_START = /^(?:[•▪◦‣●○■□–-]|\d{1,3}[.)]|[a-z][.)])\s+/;

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Builds the outline from the lines: heading lines (consecutive lines of one heading joined) and
 * paragraphs made of body lines. A paragraph ends at a heading, a larger gap than the usual line
 * spacing, a bullet, or a short line ending a sentence; it carries on across a page break.
 */
function outlineBlocksOf(lines: PdfLine[], headingLevels: Map<PdfLine, number>): OutlineBlock[] {
  const lineGaps: number[] = [];
  for (let index = 1; index < lines.length; index += 1) {
    const [previous, line] = [lines[index - 1], lines[index]];
    if (previous.page === line.page && !headingLevels.has(previous) && !headingLevels.has(line) && line.top > previous.top) lineGaps.push(line.top - previous.top);
  }
  const usualGap = median(lineGaps);
  const widest = Math.max(...lines.map((line) => line.right), 0);

  const blocks: OutlineBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  lines.forEach((line, index) => {
    const previous = lines[index - 1];
    const level = headingLevels.get(line);
    if (level !== undefined) {
      flush();
      const last = blocks[blocks.length - 1];
      const continuesHeading =
        previous !== undefined &&
        last?.kind === 'heading' &&
        headingLevels.get(previous) === level &&
        previous.page === line.page &&
        previous.size === line.size &&
        line.top - previous.top <= line.size * 1.6;
      if (continuesHeading && last.kind === 'heading') last.text += ` ${line.text}`;
      else blocks.push({ kind: 'heading', level, text: line.text });
      return;
    }
    if (previous && paragraph.length > 0 && !headingLevels.has(previous)) {
      const samePage = previous.page === line.page;
      const gap = line.top - previous.top;
      const previousEndsSentence = ENDS_SENTENCE.test(previous.text);
      const startsNew =
        BULLET_START.test(line.text) ||
        (samePage && usualGap > 0 && gap > usualGap * 1.4) ||
        (samePage && gap < 0) ||
        (previousEndsSentence && previous.right < widest * 0.8) ||
        (previousEndsSentence && line.left > previous.left + line.size) ||
        // A full line ending a sentence at the foot of a page more often wraps than ends its paragraph.
        (!samePage && previousEndsSentence && line.size !== previous.size);
      if (startsNew) flush();
    }
    paragraph.push(line.text);
  });
  flush();
  return blocks.map((block) => (block.kind === 'paragraph' ? { ...block, text: block.text.replace(/(\p{L})- (\p{Ll})/gu, '$1-$2') } : block));
}

/* ---------------------------------------------------------------- Reading */

function nameOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : undefined;
}

/** Titles that tools write for the author, which say nothing about the document. */
const MEANINGLESS_TITLE = /^(?:untitled.*|document\d*|presentation\d*|slide \d+|microsoft (?:word|powerpoint) - .*|.*\.(?:docx?|pptx?|pdf|txt|md|odt|rtf))$/i;

async function metadataTitleOf(document: PdfDocument): Promise<string | null> {
  try {
    const { info } = await document.getMetadata();
    const title = (info as { Title?: unknown } | undefined)?.Title;
    if (typeof title !== 'string') return null;
    const tidy = title.replace(/\s+/g, ' ').trim();
    return tidy.length > 0 && !MEANINGLESS_TITLE.test(tidy) ? tidy : null;
  } catch {
    return null;
  }
}

/**
 * The outline of a PDF's text layer: lines grouped from the text runs, page numbers and running
 * headers and footers dropped, headings found from font sizes relative to the body text, bold fonts
 * and the bookmarks, and body lines joined into paragraphs. Password-protected, damaged and
 * text-less (scanned) PDFs are refused with a 422 saying which.
 */
export async function readPdfOutline(bytes: Uint8Array, fileName: string, maxCharacters: number): Promise<DocumentOutline> {
  const { getDocument } = await loadPdfJs();
  // pdfjs takes ownership of (and detaches) the buffer it is given: hand it a copy.
  const loadingTask = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  let document: PdfDocument;
  try {
    document = await loadingTask.promise;
  } catch (error) {
    await loadingTask.destroy().catch(() => undefined);
    if (nameOf(error) === 'PasswordException') {
      throw rpcError(422, COURSE_DOCUMENT_MESSAGES.passwordProtected(fileName));
    }
    throw rpcError(422, COURSE_DOCUMENT_MESSAGES.damaged(fileName, DOCUMENT_FORMAT_NAMES.pdf));
  }
  try {
    const lines: PdfLine[] = [];
    let characters = 0;
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber += 1) {
      const page = await document.getPage(pageNumber);
      const content = await page.getTextContent();
      const pageLines = linesOfPage(content.items, pageNumber, page.view);
      page.cleanup();
      lines.push(...pageLines);
      characters += pageLines.reduce((sum, line) => sum + line.text.length, 0);
      if (characters > maxCharacters) {
        throw rpcError(422, COURSE_DOCUMENT_MESSAGES.tooMuchText(fileName));
      }
    }
    if (lines.length === 0) {
      throw rpcError(422, COURSE_DOCUMENT_MESSAGES.scannedPdf(fileName));
    }
    const content = withoutPageFurniture(lines, document.numPages);
    const bodySize = bodySizeOf(content);
    const boldFonts = await boldFontsOf(document, content, bodySize);
    const headingLevels = findHeadings(content, bodySize, boldFonts, await bookmarksOf(document));
    return { declaredTitle: await metadataTitleOf(document), blocks: outlineBlocksOf(content, headingLevels) };
  } catch (error) {
    if (error instanceof RpcException) throw error;
    throw rpcError(422, COURSE_DOCUMENT_MESSAGES.damaged(fileName, DOCUMENT_FORMAT_NAMES.pdf));
  } finally {
    await document.destroy();
  }
}
