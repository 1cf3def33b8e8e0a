import type { FeedbackImageMediaType } from '../ai/exercise-feedback';
import { CONTENT_DESCRIPTIONS, documentExtensionOf, identifyContent } from './document-type';

/** The picture formats Masar reads, by their magic bytes; a name or a declared type is never trusted. */
const PICTURE_SIGNATURES: ReadonlyArray<{ mediaType: FeedbackImageMediaType; bytes: readonly number[]; at?: number }> = [
  { mediaType: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mediaType: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mediaType: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] }, // GIF87a / GIF89a
  { mediaType: 'image/webp', bytes: [0x57, 0x45, 0x42, 0x50], at: 8 }, // RIFF....WEBP
];
const RIFF = [0x52, 0x49, 0x46, 0x46];

/** The picture type a file's extension promises, or null for a name that is not a picture's. */
export const PICTURE_EXTENSION_TYPES: Readonly<Record<string, FeedbackImageMediaType>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

/** Which picture the bytes are (PNG, JPEG, WebP or GIF), or null when they are none of them. */
export function pictureTypeOf(bytes: Uint8Array): FeedbackImageMediaType | null {
  for (const signature of PICTURE_SIGNATURES) {
    if (signature.mediaType === 'image/webp' && !startsWith(bytes, RIFF)) continue;
    if (startsWith(bytes, signature.bytes, signature.at)) return signature.mediaType;
  }
  return null;
}

const PICTURE_NAMES: Readonly<Record<FeedbackImageMediaType, string>> = {
  'image/png': 'a PNG picture',
  'image/jpeg': 'a JPEG picture',
  'image/webp': 'a WebP picture',
  'image/gif': 'a GIF picture',
};

/**
 * Why a file called `fileName`, declared as `declared`, is not that picture: what its bytes hold
 * ("holds a PDF document", "holds a JPEG picture"), or null when its bytes, its type and its name's
 * extension (when it has a picture's) all agree.
 */
export function pictureMismatchOf(fileName: string, declared: FeedbackImageMediaType, bytes: Uint8Array): string | null {
  const actual = pictureTypeOf(bytes);
  if (actual === null) return `holds ${CONTENT_DESCRIPTIONS[identifyContent(bytes)]}`;
  const named = PICTURE_EXTENSION_TYPES[documentExtensionOf(fileName)];
  return actual === declared && (named === undefined || named === actual) ? null : `holds ${PICTURE_NAMES[actual]}`;
}
