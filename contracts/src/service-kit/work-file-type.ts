import {
  EXERCISE_ATTACHMENT_MESSAGES,
  EXERCISE_ATTACHMENT_TYPES,
  type ExerciseAttachmentExtension,
  type ExerciseAttachmentMediaType,
} from '../courses/lesson-practice';
import { CONTENT_DESCRIPTIONS, decodePlainText, documentExtensionOf, identifyContent } from './document-type';
import { pictureTypeOf } from './picture-type';

/** The part an Office Open XML package must hold to be that kind of document (part names are stored as plain bytes in a zip). */
const OFFICE_MAIN_FOLDER: Partial<Record<ExerciseAttachmentExtension, string>> = { '.docx': 'word/', '.xlsx': 'xl/', '.pptx': 'ppt/' };

export type WorkFileCheck =
  | { ok: true; extension: ExerciseAttachmentExtension; mediaType: ExerciseAttachmentMediaType }
  /** 415, the message names the file. */
  | { ok: false; message: string };

function isAcceptedExtension(extension: string): extension is ExerciseAttachmentExtension {
  return Object.prototype.hasOwnProperty.call(EXERCISE_ATTACHMENT_TYPES, extension);
}

/**
 * Whether a file a learner attaches to their exercise work is what its name says, judged from its
 * bytes (the declared type is the browser's guess and never trusted): a PDF holds `%PDF-`, a DOCX,
 * XLSX or PPTX is a zip holding that format's folder, a PNG, JPEG, WebP or GIF has its signature, and text is
 * UTF-8 (or UTF-16 with a byte-order mark) that is not HTML, SVG or XML markup. A program or a web
 * page renamed to .pdf or .txt is refused with a message naming the file.
 */
export function checkWorkFileType(fileName: string, bytes: Uint8Array): WorkFileCheck {
  const extension = documentExtensionOf(fileName);
  if (!isAcceptedExtension(extension)) return { ok: false, message: EXERCISE_ATTACHMENT_MESSAGES.UNSUPPORTED(fileName) };
  const content = identifyContent(bytes);
  const mismatch = (holds: string): WorkFileCheck => ({ ok: false, message: EXERCISE_ATTACHMENT_MESSAGES.MISMATCH(fileName, holds) });
  const holdsNamed = `holds ${CONTENT_DESCRIPTIONS[content]}`;
  switch (extension) {
    case '.pdf':
      if (content !== 'pdf') return mismatch(holdsNamed);
      break;
    case '.docx':
    case '.xlsx':
    case '.pptx': {
      if (content !== 'zip') return mismatch(holdsNamed);
      const folder = Buffer.from(OFFICE_MAIN_FOLDER[extension] as string, 'latin1');
      const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      if (!buffer.includes(Buffer.from('[Content_Types].xml', 'latin1')) || !buffer.includes(folder)) {
        return mismatch(`is not an Office ${extension.slice(1).toUpperCase()} document`);
      }
      break;
    }
    case '.png':
    case '.jpg':
    case '.jpeg':
    case '.webp':
    case '.gif':
      if (pictureTypeOf(bytes) !== EXERCISE_ATTACHMENT_TYPES[extension]) return mismatch(holdsNamed);
      break;
    default:
      // .txt, .md, .csv: text that a browser would not read as a page or a picture.
      if (content !== 'text' || decodePlainText(bytes) === null) return mismatch(holdsNamed);
  }
  return { ok: true, extension, mediaType: EXERCISE_ATTACHMENT_TYPES[extension] };
}
