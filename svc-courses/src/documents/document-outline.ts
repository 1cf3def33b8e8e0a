export type CourseDocumentKind = 'pdf' | 'docx' | 'pptx' | 'doc' | 'txt' | 'md';

/** A heading and the paragraphs under it, up to the next heading of any level. */
export interface DocumentSection {
  heading: string;
  /** 1 is the top level of this document; levels have no gaps. */
  level: number;
  paragraphs: string[];
}

export interface CourseDocument {
  fileName: string;
  kind: CourseDocumentKind;
  title: string | null;
  sections: DocumentSection[];
  /** Characters of headings and paragraphs. */
  characterCount: number;
}

/**
 * What a format's reader finds, in reading order: the document's own title (a Title-style paragraph,
 * a title slide), headings with the level the format gives them (any scale: only their order
 * matters), and paragraphs.
 */
export type OutlineBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string };

export interface DocumentOutline {
  /** A title the file declares about itself (document properties, PDF metadata, front matter). */
  declaredTitle: string | null;
  blocks: OutlineBlock[];
}

/**
 * Spaces as one space, no control characters, soft hyphens or zero-width spaces; line breaks a
 * paragraph holds on purpose (a Word line break) are kept, without spaces around them.
 */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u00ad\u200b\ufeff]/g, '')
    .replace(/[\t\u00a0\u2000-\u200a\u202f\u205f\u3000 ]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** The file name without its folder and extension: the heading of last resort. */
export function baseNameOf(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop() ?? fileName;
  const withoutExtension = name.replace(/\.[^.]{1,8}$/, '');
  return withoutExtension.trim().length > 0 ? withoutExtension.trim() : name;
}

type HeadingBlock = Extract<OutlineBlock, { kind: 'heading' }>;

/**
 * A document that opens with its only top-level heading, deeper headings after it, is headed by its
 * title (a Markdown file's single "# Title", a PDF's title printed larger than its chapters): that
 * heading is the title, not a chapter. So is such a heading further down when it repeats the declared
 * title. A document with a title of its own (a Title paragraph, a title slide) keeps its headings.
 */
function titleHeadingIndex(blocks: OutlineBlock[], declaredTitle: string | null): number {
  if (blocks.some((block) => block.kind === 'title')) {
    return -1;
  }
  const headings = blocks.filter((block): block is HeadingBlock => block.kind === 'heading');
  if (headings.length < 2) {
    return -1;
  }
  const topLevel = Math.min(...headings.map((heading) => heading.level));
  const first = headings[0];
  const atTopLevel = headings.filter((heading) => heading.level === topLevel);
  if (first.level !== topLevel || atTopLevel.length !== 1) {
    return -1;
  }
  const index = blocks.indexOf(first);
  const repeatsDeclaredTitle = declaredTitle !== null && first.text.toLocaleLowerCase() === declaredTitle.toLocaleLowerCase();
  return index === 0 || repeatsDeclaredTitle ? index : -1;
}

/** Ranks the levels in use as 1, 2, 3… so that 1 is the top level and none is skipped. */
function rankLevels(blocks: OutlineBlock[]): Map<number, number> {
  const levels = [...new Set(blocks.flatMap((block) => (block.kind === 'heading' ? [block.level] : [])))].sort((a, b) => a - b);
  return new Map(levels.map((level, index) => [level, index + 1]));
}

/**
 * Turns a reader's outline into the document: tidies the text, decides the title (declared title,
 * else the document's own title paragraph or title heading, else its first heading), ranks heading
 * levels from 1, and gives the text before the first heading a section headed by the title (or the
 * file name).
 */
export function documentFromOutline(outline: DocumentOutline, fileName: string, kind: CourseDocumentKind): CourseDocument {
  const blocks = outline.blocks
    .map((block): OutlineBlock => ({ ...block, text: block.kind === 'paragraph' ? tidyText(block.text) : tidyText(block.text).replace(/\n/g, ' ') }))
    .filter((block) => block.text.length > 0);

  const declaredTitle = outline.declaredTitle === null ? null : tidyText(outline.declaredTitle).replace(/\n/g, ' ') || null;
  const titleIndex = titleHeadingIndex(blocks, declaredTitle);
  const titleHeading = titleIndex >= 0 ? blocks[titleIndex].text : null;
  const titleBlock = blocks.find((block) => block.kind === 'title')?.text ?? null;
  const firstHeading = blocks.find((block) => block.kind === 'heading')?.text ?? null;
  const title = declaredTitle ?? titleBlock ?? titleHeading ?? firstHeading;

  const content = blocks.filter((block, index) => block.kind !== 'title' && index !== titleIndex);
  const levels = rankLevels(content);
  const sections: DocumentSection[] = [];
  for (const block of content) {
    if (block.kind === 'heading') {
      sections.push({ heading: block.text, level: levels.get(block.level) ?? 1, paragraphs: [] });
    } else if (block.kind === 'paragraph') {
      if (sections.length === 0) {
        sections.push({ heading: title ?? baseNameOf(fileName), level: 1, paragraphs: [] });
      }
      sections[sections.length - 1].paragraphs.push(block.text);
    }
  }
  const characterCount = sections.reduce(
    (sum, section) => sum + section.heading.length + section.paragraphs.reduce((total, paragraph) => total + paragraph.length, 0),
    0,
  );
  return { fileName, kind, title, sections, characterCount };
}
