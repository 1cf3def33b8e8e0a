/*
 * How the refusal of an uploaded file names what its bytes really are ("is named .txt but holds an
 * SVG image"). Browser-safe, beside the service kit's reader of the bytes (document-type.ts), so that
 * a screen can recognise the words and give them in the reader's language.
 */

/** The container a file's first bytes announce; DOCX and DOC are told apart inside their containers. */
export type DocumentContainer = 'pdf' | 'zip' | 'ole' | 'text';

/** What the bytes really are, as far as a person needs to be told. */
export type ContentKind = DocumentContainer | 'svg' | 'html' | 'xml' | 'rtf' | 'image' | 'archive' | 'program' | 'binary' | 'empty';

/** "holds <description>": how each kind of content is named in a refusal. */
export const CONTENT_DESCRIPTIONS: Readonly<Record<ContentKind, string>> = {
  pdf: 'a PDF document',
  zip: 'a ZIP archive (an Office document or another archive)',
  ole: 'a legacy Office document',
  text: 'plain text',
  svg: 'an SVG image',
  html: 'an HTML page',
  xml: 'XML markup',
  rtf: 'an RTF document',
  image: 'an image',
  archive: 'a compressed archive',
  program: 'a program',
  binary: 'binary data, not a document',
  empty: 'no bytes at all (the file is empty)',
};

/** The content kind a refusal's "holds …" names, or undefined for words that are none of them. */
export function contentKindDescribedAs(description: string): ContentKind | undefined {
  return (Object.keys(CONTENT_DESCRIPTIONS) as ContentKind[]).find((kind) => CONTENT_DESCRIPTIONS[kind] === description);
}

/** The fragment a refusal of a misnamed file carries: "is named .txt but holds an SVG image". */
export function contentMismatchFragment(extension: string, content: ContentKind): string {
  return `is named ${extension} but holds ${CONTENT_DESCRIPTIONS[content]}`;
}

const MISMATCH_FRAGMENT = /^is named (\.[a-z0-9]+) but holds (.+)$/;

/** The extension and content kind a mismatch fragment names, or undefined for other words. */
export function readContentMismatchFragment(fragment: string): { extension: string; content: ContentKind } | undefined {
  const match = MISMATCH_FRAGMENT.exec(fragment);
  const content = match ? contentKindDescribedAs(match[2]) : undefined;
  return match && content ? { extension: match[1], content } : undefined;
}
