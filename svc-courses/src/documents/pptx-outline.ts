import { COURSE_DOCUMENT_MESSAGES } from '@masar/contracts';
import { readCoreTitle } from './docx-outline';
import type { DocumentOutline, OutlineBlock } from './document-outline';
import { attributeOf, readRelationships, type OfficePackage } from './office-package';
import { rpcError } from '@masar/contracts/service-kit';

/** Where PowerPoint keeps the slide list. */
export const PPTX_MAIN_PART = 'ppt/presentation.xml';

const PRESENTATION_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/presentationml/2006/main',
  'http://purl.oclc.org/ooxml/presentationml/main',
]);
const DRAWING_NAMESPACES = new Set(['http://schemas.openxmlformats.org/drawingml/2006/main', 'http://purl.oclc.org/ooxml/drawingml/main']);

/** Placeholders that hold the slide number, date, footer or header: furniture, not content. */
const FURNITURE_PLACEHOLDERS = new Set(['sldNum', 'dt', 'ftr', 'hdr']);
const TITLE_PLACEHOLDERS = new Set(['title', 'ctrTitle']);
/** Fields whose text PowerPoint fills in (slide number, date). */
const GENERATED_FIELD = /^(slidenum|datetime)/i;
/** An untitled slide's first line becomes its heading only when it is this short. */
const MAX_FIRST_LINE_HEADING_LENGTH = 80;

interface Slide {
  position: number;
  hidden: boolean;
  title: string | null;
  titlePlaceholder: string | null;
  paragraphs: string[];
  layoutType: string | null;
}

interface Shape {
  placeholder: string | null;
  paragraphs: string[];
}

/** Slides in presentation order: the slide list of presentation.xml, through its relationships. */
async function slideParts(officePackage: OfficePackage): Promise<string[]> {
  const relationshipIds: string[] = [];
  await officePackage.parseXml(PPTX_MAIN_PART, (parser) => {
    parser.on('opentag', (tag) => {
      if (tag.local === 'sldId' && PRESENTATION_NAMESPACES.has(tag.uri)) {
        const id = attributeOf(tag, 'id', { relationship: true });
        if (id !== undefined) relationshipIds.push(id);
      }
    });
  });
  const relationships = await readRelationships(officePackage, 'ppt/_rels/presentation.xml.rels', 'ppt');
  const ordered = relationshipIds.flatMap((id) => {
    const target = relationships.get(id)?.target;
    return target !== undefined && officePackage.has(target) ? [target] : [];
  });
  if (ordered.length > 0) return ordered;
  // No usable slide list: fall back on the slide files in number order.
  return officePackage
    .partNames()
    .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .sort((left, right) => left.localeCompare(right, 'en', { numeric: true }));
}

function folderOf(partName: string): string {
  return partName.slice(0, partName.lastIndexOf('/'));
}

function relationshipsPartOf(partName: string): string {
  const slash = partName.lastIndexOf('/');
  return `${partName.slice(0, slash)}/_rels/${partName.slice(slash + 1)}.rels`;
}

/** The `type` of the layout a slide uses ("title", "secHead", "obj"…), or null. */
async function layoutTypeOf(officePackage: OfficePackage, slidePart: string, cache: Map<string, string | null>): Promise<string | null> {
  const relationships = await readRelationships(officePackage, relationshipsPartOf(slidePart), folderOf(slidePart));
  const layout = [...relationships.values()].find((relationship) => relationship.type.endsWith('/slideLayout'));
  if (!layout) return null;
  const cached = cache.get(layout.target);
  if (cached !== undefined) return cached;
  let type: string | null = null;
  await officePackage.parseXml(layout.target, (parser) => {
    parser.on('opentag', (tag) => {
      if (tag.local === 'sldLayout' && PRESENTATION_NAMESPACES.has(tag.uri)) type = attributeOf(tag, 'type') ?? null;
    });
  });
  cache.set(layout.target, type);
  return type;
}

async function readSlide(officePackage: OfficePackage, part: string, position: number, countCharacters: (text: string) => void): Promise<Omit<Slide, 'layoutType'>> {
  const shapes: Shape[] = [];
  let hidden = false;
  await officePackage.parseXml(part, (parser) => {
    let shape: Shape | null = null;
    let paragraph: string[] | null = null;
    let insideText = 0;
    let insideGeneratedField = 0;
    parser.on('opentag', (tag) => {
      if (PRESENTATION_NAMESPACES.has(tag.uri)) {
        if (tag.local === 'sld') hidden = attributeOf(tag, 'show') === '0';
        // Shapes and tables (graphic frames) hold text; group shapes only hold shapes.
        else if ((tag.local === 'sp' || tag.local === 'graphicFrame') && !tag.isSelfClosing) shape = { placeholder: null, paragraphs: [] };
        else if (tag.local === 'ph' && shape) shape.placeholder = attributeOf(tag, 'type') ?? 'body';
        return;
      }
      if (!DRAWING_NAMESPACES.has(tag.uri) || !shape) return;
      if (tag.local === 'p') paragraph = tag.isSelfClosing ? null : [];
      else if (tag.local === 't' && !tag.isSelfClosing) insideText += 1;
      else if (tag.local === 'br' && paragraph) paragraph.push('\n');
      else if (tag.local === 'fld' && !tag.isSelfClosing && GENERATED_FIELD.test(attributeOf(tag, 'type') ?? '')) insideGeneratedField += 1;
    });
    parser.on('closetag', (tag) => {
      if (PRESENTATION_NAMESPACES.has(tag.uri)) {
        if ((tag.local === 'sp' || tag.local === 'graphicFrame') && shape) {
          shapes.push(shape);
          shape = null;
        }
        return;
      }
      if (!DRAWING_NAMESPACES.has(tag.uri) || tag.isSelfClosing) return;
      if (tag.local === 't') insideText -= 1;
      else if (tag.local === 'fld' && insideGeneratedField > 0) insideGeneratedField -= 1;
      else if (tag.local === 'p' && paragraph && shape) {
        const text = paragraph.join('').trim();
        if (text.length > 0) shape.paragraphs.push(text);
        paragraph = null;
      }
    });
    parser.on('text', (text) => {
      if (insideText > 0 && insideGeneratedField === 0 && paragraph) {
        paragraph.push(text);
        countCharacters(text);
      }
    });
  });

  const content = shapes.filter((candidate) => candidate.placeholder === null || !FURNITURE_PLACEHOLDERS.has(candidate.placeholder));
  const titleShape = content.find((candidate) => candidate.placeholder !== null && TITLE_PLACEHOLDERS.has(candidate.placeholder));
  const title = titleShape ? titleShape.paragraphs.join(' ').replace(/\s+/g, ' ').trim() : '';
  return {
    position,
    hidden,
    title: title.length > 0 ? title : null,
    titlePlaceholder: title.length > 0 && titleShape ? titleShape.placeholder : null,
    paragraphs: content.filter((candidate) => candidate !== titleShape).flatMap((candidate) => candidate.paragraphs),
  };
}

/** A title slide after the first, or a slide on the Section Header layout, starts a part of the deck. */
function isSectionSlide(slide: Slide): boolean {
  return slide.layoutType === 'secHead' || (slide.position > 0 && (slide.titlePlaceholder === 'ctrTitle' || slide.layoutType === 'title'));
}

function isTitleSlide(slide: Slide): boolean {
  return slide.position === 0 && slide.title !== null && (slide.titlePlaceholder === 'ctrTitle' || slide.layoutType === 'title');
}

/**
 * The outline of a presentation: each visible slide, in presentation order, is a section headed by
 * its title placeholder, its other text frames (bullets, text boxes, tables) its paragraphs. The
 * first slide's centred title is the document's title; section-header slides head the slides after
 * them. An untitled slide is headed by its first short line, or "Slide N".
 */
export async function readPptxOutline(officePackage: OfficePackage, fileName: string, maxCharacters: number): Promise<DocumentOutline> {
  let characters = 0;
  const countCharacters = (text: string) => {
    characters += text.length;
    if (characters > maxCharacters) throw rpcError(422, COURSE_DOCUMENT_MESSAGES.tooMuchText(fileName));
  };
  const layoutTypes = new Map<string, string | null>();
  const slides: Slide[] = [];
  const parts = await slideParts(officePackage);
  for (const [position, part] of parts.entries()) {
    const slide = await readSlide(officePackage, part, position, countCharacters);
    slides.push({ ...slide, layoutType: await layoutTypeOf(officePackage, part, layoutTypes) });
  }

  const hasSections = slides.some((slide) => !slide.hidden && isSectionSlide(slide));
  const blocks: OutlineBlock[] = [];
  for (const slide of slides) {
    if (slide.hidden || (slide.title === null && slide.paragraphs.length === 0)) continue;
    if (isTitleSlide(slide) && slide.title !== null) {
      blocks.push({ kind: 'title', text: slide.title });
      blocks.push(...slide.paragraphs.map((text): OutlineBlock => ({ kind: 'paragraph', text })));
      continue;
    }
    let heading = slide.title;
    let paragraphs = slide.paragraphs;
    if (heading === null) {
      const firstLine = paragraphs[0];
      if (firstLine !== undefined && firstLine.length <= MAX_FIRST_LINE_HEADING_LENGTH && !firstLine.includes('\n')) {
        heading = firstLine;
        paragraphs = paragraphs.slice(1);
      } else {
        heading = `Slide ${slide.position + 1}`;
      }
    }
    blocks.push({ kind: 'heading', level: hasSections && !isSectionSlide(slide) ? 2 : 1, text: heading });
    blocks.push(...paragraphs.map((text): OutlineBlock => ({ kind: 'paragraph', text })));
  }
  return { declaredTitle: await readCoreTitle(officePackage), blocks };
}
