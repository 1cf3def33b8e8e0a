import type { DocumentOutline, OutlineBlock } from './document-outline';

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+/;
const TABLE_DELIMITER_ROW = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const LINK_REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s+\S+/;

/** True when the text has at least one ATX heading line ("# Title"), so is read as Markdown. */
export function hasMarkdownHeadings(text: string): boolean {
  return /^ {0,3}#{1,6}[ \t]+\S/m.test(text);
}

/**
 * Inline Markdown as the words a reader sees: images by their alt text, links by their text, code
 * spans, emphasis and strike-through unwrapped, HTML tags and comments dropped, escapes undone.
 */
export function stripInlineMarkdown(text: string): string {
  // Escaped characters are set aside first, so that "\\*" is never read as emphasis.
  return text
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, (_, character: string) => `\uE000${character.charCodeAt(0)}\uE001`)
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\((?:[^()]|\([^)]*\))*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<((?:https?:\/\/|mailto:)[^>\s]+)>/g, '$1')
    .replace(/`+([^`]+?)`+/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .replace(/(\*\*\*|___)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?!\w)/g, '$1$2')
    .replace(/(^|[^\w])_(?=\S)([^_]*?\S)_(?!\w)/g, '$1$2')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
    .replace(/\uE000(\d+)\uE001/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/** A YAML front-matter block's `title:`, and the line the Markdown starts at after it. */
function readFrontMatter(lines: string[]): { title: string | null; bodyStart: number } {
  if (lines[0]?.trim() !== '---') return { title: null, bodyStart: 0 };
  const end = lines.findIndex((line, index) => index > 0 && /^(---|\.\.\.)\s*$/.test(line));
  if (end < 0) return { title: null, bodyStart: 0 };
  const titleLine = lines.slice(1, end).find((line) => /^title\s*:/i.test(line));
  const title = titleLine ? titleLine.replace(/^title\s*:\s*/i, '').replace(/^(['"])(.*)\1$/, '$2').trim() : '';
  return { title: title.length > 0 ? title : null, bodyStart: end + 1 };
}

function tableRowText(line: string): string {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim())
    .filter((cell) => cell.length > 0)
    .join('; ');
}

/**
 * The outline of a Markdown file: ATX (`#`…`######`) and setext (`===`, `---`) headings, paragraphs
 * (wrapped lines joined), each list item, block quote and table row as text, code blocks kept as
 * written; the front matter's title is the declared title.
 */
export function readMarkdownOutline(text: string): DocumentOutline {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const { title, bodyStart } = readFrontMatter(lines);
  const blocks: OutlineBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const joined = stripInlineMarkdown(paragraph.join(' ')).trim();
    if (joined.length > 0) blocks.push({ kind: 'paragraph', text: joined });
    paragraph = [];
  };

  for (let index = bodyStart; index < lines.length; index += 1) {
    const line = lines[index];
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      for (index += 1; index < lines.length && !lines[index].trimStart().startsWith(fence[1]); index += 1) code.push(lines[index]);
      if (code.join('').trim().length > 0) blocks.push({ kind: 'paragraph', text: code.join('\n') });
      continue;
    }
    const atx = ATX_HEADING.exec(line);
    if (atx) {
      flush();
      const heading = stripInlineMarkdown(atx[2] ?? '').trim();
      if (heading.length > 0) blocks.push({ kind: 'heading', level: atx[1].length, text: heading });
      continue;
    }
    const underline = SETEXT_UNDERLINE.exec(line);
    if (underline && paragraph.length > 0) {
      const heading = stripInlineMarkdown(paragraph.join(' ')).trim();
      paragraph = [];
      blocks.push({ kind: 'heading', level: underline[1].startsWith('=') ? 1 : 2, text: heading });
      continue;
    }
    if (line.trim().length === 0 || THEMATIC_BREAK.test(line) || LINK_REFERENCE_DEFINITION.test(line) || TABLE_DELIMITER_ROW.test(line)) {
      flush();
      continue;
    }
    if (LIST_ITEM.test(line)) {
      flush();
      paragraph.push(line.replace(LIST_ITEM, ''));
      continue;
    }
    if (/^\s*>/.test(line)) {
      paragraph.push(line.replace(/^\s*(>\s?)+/, ''));
      continue;
    }
    if (/^\s*\|.*\|\s*$/.test(line)) {
      flush();
      paragraph.push(tableRowText(line));
      flush();
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return { declaredTitle: title, blocks };
}
