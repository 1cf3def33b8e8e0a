import { COURSE_DOCUMENT_MESSAGES } from '@masar/contracts';
import type { DocumentOutline, OutlineBlock } from './document-outline';
import { attributeOf, type OfficePackage } from './office-package';
import { rpcError } from '@masar/contracts/service-kit';

/** Where Word keeps the body of the document. */
export const DOCX_MAIN_PART = 'word/document.xml';

/** WordprocessingML, transitional and strict. */
const WORD_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
]);
const MARKUP_COMPATIBILITY_NAMESPACE = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const DUBLIN_CORE_NAMESPACE = 'http://purl.org/dc/elements/1.1/';

/** Word's outline levels run 0-8; 9 is body text. */
const BODY_TEXT_OUTLINE_LEVEL = 9;
/** A "heading" longer than this is a paragraph someone styled as a heading. */
const MAX_HEADING_LENGTH = 300;

interface WordStyle {
  /** The built-in English name ("heading 1", "Title") even when the id is localized ("1", "berschrift1"). */
  name: string | null;
  basedOn: string | null;
  outlineLevel: number | null;
}

type ParagraphRole = { kind: 'title' } | { kind: 'heading'; level: number } | { kind: 'skip' } | { kind: 'paragraph' };

function isWordElement(tag: { local: string; uri: string }, name: string): boolean {
  return tag.local === name && WORD_NAMESPACES.has(tag.uri);
}

function parseOutlineLevel(value: string | undefined): number | null {
  const level = Number(value);
  return value !== undefined && Number.isInteger(level) && level >= 0 ? level : null;
}

async function readStyles(officePackage: OfficePackage): Promise<Map<string, WordStyle>> {
  const styles = new Map<string, WordStyle>();
  await officePackage.parseXml('word/styles.xml', (parser) => {
    let current: { id: string; style: WordStyle } | null = null;
    parser.on('opentag', (tag) => {
      if (isWordElement(tag, 'style')) {
        const id = attributeOf(tag, 'styleId');
        current = id !== undefined && (attributeOf(tag, 'type') ?? 'paragraph') === 'paragraph' ? { id, style: { name: null, basedOn: null, outlineLevel: null } } : null;
      } else if (current && isWordElement(tag, 'name')) {
        current.style.name = attributeOf(tag, 'val')?.trim().toLowerCase() ?? null;
      } else if (current && isWordElement(tag, 'basedOn')) {
        current.style.basedOn = attributeOf(tag, 'val') ?? null;
      } else if (current && isWordElement(tag, 'outlineLvl')) {
        current.style.outlineLevel = parseOutlineLevel(attributeOf(tag, 'val'));
      }
    });
    parser.on('closetag', (tag) => {
      if (current && isWordElement(tag, 'style')) {
        styles.set(current.id, current.style);
        current = null;
      }
    });
  });
  return styles;
}

/**
 * What a paragraph style makes a paragraph: Title, a heading (by its built-in name "heading N", or
 * an outline level set on the style or inherited through basedOn), a table-of-contents line (which
 * only repeats headings), or body text. Without styles.xml, the English ids are recognised.
 */
function roleOfStyle(styleId: string | null, styles: Map<string, WordStyle>): ParagraphRole {
  const seen = new Set<string>();
  let id = styleId;
  while (id !== null && !seen.has(id)) {
    seen.add(id);
    const style = styles.get(id);
    const name = style?.name ?? id.toLowerCase();
    const heading = /^heading\s*([1-9])$/.exec(name);
    if (heading) return { kind: 'heading', level: Number(heading[1]) };
    if (name === 'title') return { kind: 'title' };
    if (/^toc\s*(\d|heading)/.test(name) || name === 'table of figures') return { kind: 'skip' };
    if (!style) return { kind: 'paragraph' };
    if (style.outlineLevel !== null && style.outlineLevel < BODY_TEXT_OUTLINE_LEVEL) return { kind: 'heading', level: style.outlineLevel + 1 };
    id = style.basedOn;
  }
  return { kind: 'paragraph' };
}

interface ParagraphState {
  styleId: string | null;
  outlineLevel: number | null;
  text: string[];
}

async function readBody(officePackage: OfficePackage, styles: Map<string, WordStyle>, fileName: string, maxCharacters: number): Promise<OutlineBlock[]> {
  const blocks: OutlineBlock[] = [];
  let characters = 0;
  await officePackage.parseXml(DOCX_MAIN_PART, (parser) => {
    // Paragraphs nest (a text box inside a paragraph); the innermost one receives the text.
    const paragraphs: ParagraphState[] = [];
    // Word writes text boxes twice, as DrawingML and as a VML fallback: read the first only.
    let insideFallback = 0;
    // Tracked changes keep the paragraph's previous properties: they are not its style now.
    let insidePropertyChange = 0;
    let insideRun = 0;
    let insideText = 0;

    const append = (text: string) => {
      const paragraph = paragraphs[paragraphs.length - 1];
      if (!paragraph) return;
      paragraph.text.push(text);
      characters += text.length;
      if (characters > maxCharacters) {
        throw rpcError(422, COURSE_DOCUMENT_MESSAGES.tooMuchText(fileName));
      }
    };

    parser.on('opentag', (tag) => {
      if (tag.local === 'Fallback' && tag.uri === MARKUP_COMPATIBILITY_NAMESPACE) {
        insideFallback += 1;
        return;
      }
      if (insideFallback > 0 || !WORD_NAMESPACES.has(tag.uri)) return;
      const paragraph = paragraphs[paragraphs.length - 1];
      switch (tag.local) {
        case 'p':
          paragraphs.push({ styleId: null, outlineLevel: null, text: [] });
          break;
        case 'pPrChange':
        case 'rPrChange':
          insidePropertyChange += tag.isSelfClosing ? 0 : 1;
          break;
        case 'pStyle':
          if (paragraph && insidePropertyChange === 0) paragraph.styleId = attributeOf(tag, 'val') ?? null;
          break;
        case 'outlineLvl':
          if (paragraph && insidePropertyChange === 0) paragraph.outlineLevel = parseOutlineLevel(attributeOf(tag, 'val'));
          break;
        case 'r':
          insideRun += tag.isSelfClosing ? 0 : 1;
          break;
        case 't':
          insideText += tag.isSelfClosing ? 0 : 1;
          break;
        // Tab stops (w:tabs/w:tab) sit in the paragraph properties; only a tab inside a run is text.
        case 'tab':
          if (insideRun > 0) append(' ');
          break;
        case 'br':
        case 'cr':
          if (insideRun > 0) append('\n');
          break;
        case 'noBreakHyphen':
          if (insideRun > 0) append('-');
          break;
      }
    });
    parser.on('closetag', (tag) => {
      if (tag.local === 'Fallback' && tag.uri === MARKUP_COMPATIBILITY_NAMESPACE) {
        insideFallback -= 1;
        return;
      }
      if (insideFallback > 0 || !WORD_NAMESPACES.has(tag.uri)) return;
      if (tag.local === 'p') {
        const paragraph = paragraphs.pop();
        if (paragraph) blocks.push(...blockOf(paragraph, styles));
      } else if (tag.isSelfClosing) {
        return;
      } else if (tag.local === 'pPrChange' || tag.local === 'rPrChange') {
        insidePropertyChange -= 1;
      } else if (tag.local === 'r') {
        insideRun -= 1;
      } else if (tag.local === 't') {
        insideText -= 1;
      }
    });
    parser.on('text', (text) => {
      if (insideText > 0 && insideFallback === 0) append(text);
    });
  });
  return blocks;
}

function blockOf(paragraph: ParagraphState, styles: Map<string, WordStyle>): OutlineBlock[] {
  const text = paragraph.text.join('').trim();
  if (text.length === 0) return [];
  // An outline level set on the paragraph itself outranks its style.
  const role: ParagraphRole =
    paragraph.outlineLevel !== null && paragraph.outlineLevel < BODY_TEXT_OUTLINE_LEVEL
      ? { kind: 'heading', level: paragraph.outlineLevel + 1 }
      : roleOfStyle(paragraph.styleId, styles);
  switch (role.kind) {
    case 'skip':
      return [];
    case 'title':
      return [{ kind: 'title', text }];
    case 'heading':
      return text.length <= MAX_HEADING_LENGTH ? [{ kind: 'heading', level: role.level, text }] : [{ kind: 'paragraph', text }];
    case 'paragraph':
      return [{ kind: 'paragraph', text }];
  }
}

/** `dc:title` of docProps/core.xml, when the author set one. */
export async function readCoreTitle(officePackage: OfficePackage): Promise<string | null> {
  let title = '';
  await officePackage.parseXml('docProps/core.xml', (parser) => {
    let insideTitle = 0;
    parser.on('opentag', (tag) => {
      if (tag.local === 'title' && tag.uri === DUBLIN_CORE_NAMESPACE && !tag.isSelfClosing) insideTitle += 1;
    });
    parser.on('closetag', (tag) => {
      if (tag.local === 'title' && tag.uri === DUBLIN_CORE_NAMESPACE && !tag.isSelfClosing) insideTitle -= 1;
    });
    parser.on('text', (text) => {
      if (insideTitle > 0) title += text;
    });
  });
  return title.trim().length > 0 ? title.trim() : null;
}

/**
 * The outline of a Word document: paragraphs in order, headings from their styles (Heading 1-9 by
 * their built-in names, so localized style ids work too, or outline levels on the style or the
 * paragraph), the Title paragraph, and list items as paragraphs of their own.
 */
export async function readDocxOutline(officePackage: OfficePackage, fileName: string, maxCharacters: number): Promise<DocumentOutline> {
  const styles = await readStyles(officePackage);
  const blocks = await readBody(officePackage, styles, fileName, maxCharacters);
  return { declaredTitle: await readCoreTitle(officePackage), blocks };
}
