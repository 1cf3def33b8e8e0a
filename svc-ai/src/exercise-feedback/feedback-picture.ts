import type { FeedbackImageMediaType } from '@masar/contracts';
import { createCanvas, loadImage } from '@napi-rs/canvas';

/**
 * Pictures attached to exercise work, made small before they go to a vision model inside the chat
 * request: a phone photo is several megabytes, but a vision model scales what it is sent down to
 * about a thousand pixels anyway, so a 1280-pixel JPEG shows it all it would see.
 */

/** Longest side a reduced picture keeps. */
export const FEEDBACK_PICTURE_MAX_SIDE = 1280;
/** Pictures up to this size travel as attached, byte for byte (a screenshot's sharp text stays sharp). */
export const FEEDBACK_PICTURE_KEPT_BYTES = 256 * 1024;
/** Larger objects are not read from the store at all (the gateway takes 10 MB by default: this is a guard). */
export const FEEDBACK_PICTURE_MAX_READ_BYTES = 30 * 1024 * 1024;
/** Larger pictures are not decoded: their pixels alone would take hundreds of megabytes of memory. */
export const FEEDBACK_PICTURE_MAX_PIXELS = 50_000_000;
const JPEG_QUALITY = 80;

/**
 * Width and height from a PNG's IHDR, a GIF's screen descriptor, a WebP's VP8/VP8L/VP8X header or a
 * JPEG's start-of-frame marker, without decoding; null when none is found.
 */
export function pictureDimensionsOf(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(12) === 0x49484452) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length >= 10 && view.getUint32(0) === 0x47494638) {
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (bytes.length >= 30 && view.getUint32(0) === 0x52494646 && view.getUint32(8) === 0x57454250) {
    const chunk = String.fromCharCode(...bytes.subarray(12, 16));
    const uint24 = (offset: number) => bytes[offset] | (bytes[offset + 1] << 8) | (bytes[offset + 2] << 16);
    if (chunk === 'VP8X') return { width: uint24(24) + 1, height: uint24(27) + 1 };
    if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    return null;
  }
  if (bytes.length < 4 || view.getUint16(0) !== 0xffd8) return null;
  let offset = 2;
  while (offset + 9 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    // Padding, and markers that stand alone without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC): the frame's height, then width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + view.getUint16(offset + 2);
  }
  return null;
}

/** A picture as the model is shown it. */
export interface PictureForModel {
  mediaType: FeedbackImageMediaType;
  bytes: Uint8Array;
}

/**
 * The picture as shown to the model: unchanged when small (a GIF only when it is not animated
 * either way: models take still pictures), otherwise scaled to FEEDBACK_PICTURE_MAX_SIDE and
 * re-encoded as JPEG on white (a transparent PNG would turn black), whichever is smaller.
 * `too-large` when it has too many pixels to decode here; loadImage throws on a damaged picture.
 */
export async function pictureForModel(bytes: Uint8Array, mediaType: FeedbackImageMediaType): Promise<PictureForModel | 'too-large'> {
  if (bytes.length <= FEEDBACK_PICTURE_KEPT_BYTES && mediaType !== 'image/gif') return { mediaType, bytes };
  const dimensions = pictureDimensionsOf(bytes);
  // A header that cannot be read is not decoded blind: its size could be anything.
  if (dimensions === null) throw new Error('The picture’s size cannot be read from its header');
  if (dimensions.width * dimensions.height > FEEDBACK_PICTURE_MAX_PIXELS) return 'too-large';
  const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (image.width === 0 || image.height === 0) throw new Error('The picture has no pixels');
  const scale = Math.min(1, FEEDBACK_PICTURE_MAX_SIDE / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  const reduced = await canvas.encode('jpeg', JPEG_QUALITY);
  return reduced.length < bytes.length || mediaType === 'image/gif' ? { mediaType: 'image/jpeg', bytes: reduced } : { mediaType, bytes };
}
