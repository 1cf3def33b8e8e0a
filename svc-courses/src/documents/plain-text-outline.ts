import type { DocumentOutline, OutlineBlock } from './document-outline';

/** Longest line read as a heading in a text file. */
const MAX_HEADING_LENGTH = 80;
const MAX_HEADING_WORDS = 12;

/** "1 Introduction", "1. Introduction", "1.2 Scope", "1.2.3) Terms", "IV. Results". */
const NUMBERED_HEADING = /^((?:\d{1,3}|[IVX]{1,5})(?:\.\d{1,3}){0,5})[.)]?\s+(\S.*)$/;
/** A list item: "- x", "* x", "• x", "1) x"; numbered "1. x" items are told apart from headings by their block. */
const BULLET = /^\s*(?:[-*+•▪◦‣–]|\(?[a-z\d]{1,3}\))\s+/;
/** A heading ends without a full stop, comma, colon or semicolon (Latin or Arabic). */
const ENDS_LIKE_A_SENTENCE = /[.,;:!،؛]$/;
const STARTS_LIKE_A_HEADING = /^[\p{Lu}\p{Lo}\d"“'‘(]/u;

function isAllCaps(line: string): boolean {
  const letters = line.replace(/[^\p{L}]/gu, '');
  return letters.length >= 3 && /\p{Lu}/u.test(letters) && !/\p{Ll}/u.test(letters);
}

function wordsIn(line: string): number {
  return line.split(/\s+/).filter((word) => word.length > 0).length;
}

function looksLikeHeadingText(line: string): boolean {
  return line.length <= MAX_HEADING_LENGTH && wordsIn(line) <= MAX_HEADING_WORDS && !ENDS_LIKE_A_SENTENCE.test(line) && /\p{L}/u.test(line);
}

/** The kind of heading a line is, as a style key ranked later; null for body text. */
function headingStyleOf(line: string, block: string[], standalone: boolean): string | null {
  const numbered = NUMBERED_HEADING.exec(line);
  if (numbered && looksLikeHeadingText(line) && STARTS_LIKE_A_HEADING.test(numbered[2])) {
    // Numbered lines one after another are a list, not headings.
    const listContinues = block.length > 1 && NUMBERED_HEADING.test(block[1]);
    if (!listContinues) return `numbered:${numbered[1].split('.').length}`;
  }
  if (isAllCaps(line) && looksLikeHeadingText(line)) return 'capitals';
  if (standalone && looksLikeHeadingText(line) && STARTS_LIKE_A_HEADING.test(line) && !BULLET.test(line) && !line.endsWith('?') && !line.endsWith('؟')) {
    return 'short-line';
  }
  return null;
}

/**
 * Ranks heading styles: in order of first appearance (a document shows its top level first), except
 * that numbered headings keep their depth order among themselves.
 */
function levelsOfStyles(stylesInOrder: string[]): Map<string, number> {
  const unique = [...new Set(stylesInOrder)];
  const numberedSlots = unique.flatMap((style, index) => (style.startsWith('numbered:') ? [index] : []));
  const numberedByDepth = numberedSlots.map((index) => unique[index]).sort((a, b) => Number(a.split(':')[1]) - Number(b.split(':')[1]));
  numberedSlots.forEach((slot, index) => {
    unique[slot] = numberedByDepth[index];
  });
  return new Map(unique.map((style, index) => [style, index + 1]));
}

/** Joins a block's lines into paragraphs: wrapped lines become one paragraph, list items one each. */
function paragraphsOf(lines: string[]): string[] {
  const paragraphs: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) paragraphs.push(current.join(' '));
    current = [];
  };
  for (const line of lines) {
    if (BULLET.test(line) || /^\d{1,3}[.)]\s+/.test(line)) {
      flush();
      current.push(line.replace(BULLET, '').trim());
    } else {
      current.push(line.trim());
    }
  }
  flush();
  return paragraphs.filter((paragraph) => paragraph.length > 0);
}

/**
 * The outline of a plain-text file. Headings are numbered lines ("1. Introduction", "1.2 Scope"),
 * lines in capitals, and short lines standing alone (followed by a blank line) without a final full
 * stop. `lineIsParagraph` is for text where every line is a paragraph (a Word 97-2003 body): a short
 * line is then a heading when a longer paragraph follows it.
 */
export function readPlainTextOutline(text: string, options: { lineIsParagraph?: boolean } = {}): DocumentOutline {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map((line) => line.replace(/\s+$/, ''));
  const blocks: string[][] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line.trim().length === 0 || options.lineIsParagraph) {
      if (current.length > 0) blocks.push(current);
      current = [];
      if (options.lineIsParagraph && line.trim().length > 0) blocks.push([line.trim()]);
    } else {
      current.push(line.trim());
    }
  }
  if (current.length > 0) blocks.push(current);

  const found: ({ style: string; text: string } | { style: null; paragraphs: string[] })[] = [];
  blocks.forEach((block, index) => {
    const next = blocks[index + 1];
    const standalone =
      block.length === 1 && next !== undefined && (!options.lineIsParagraph || next[0].length > MAX_HEADING_LENGTH || ENDS_LIKE_A_SENTENCE.test(next[0]));
    const style = headingStyleOf(block[0], block, standalone);
    if (style === null) {
      found.push({ style: null, paragraphs: paragraphsOf(block) });
      return;
    }
    found.push({ style, text: block[0] });
    if (block.length > 1) found.push({ style: null, paragraphs: paragraphsOf(block.slice(1)) });
  });

  const levels = levelsOfStyles(found.flatMap((item) => (item.style === null ? [] : [item.style])));
  const outline: OutlineBlock[] = found.flatMap((item): OutlineBlock[] =>
    item.style === null
      ? item.paragraphs.map((paragraph) => ({ kind: 'paragraph', text: paragraph }))
      : [{ kind: 'heading', level: levels.get(item.style) ?? 1, text: item.text }],
  );
  return { declaredTitle: null, blocks: outline };
}
