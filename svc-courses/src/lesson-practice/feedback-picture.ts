import { FEEDBACK_IMAGE_MEDIA_TYPES } from '@masar/contracts';
import { createCanvas, loadImage } from '@napi-rs/canvas';

/**
 * Pictures attached to exercise work, made small enough to travel to svc-ai inside one NATS message
 * (MAX_FEEDBACK_REQUEST_BYTES): a phone photo is several megabytes, but a vision model scales what it
 * is sent down to about a thousand pixels anyway, so a 1280-pixel JPEG shows it all it would see.
 */

/** Longest side a reduced picture keeps. */
export const FEEDBACK_PICTURE_MAX_SIDE = 1280;
/** Pictures up to this size travel as attached, byte for byte (a screenshot's sharp text stays sharp). */
export const FEEDBACK_PICTURE_KEPT_BYTES = 256 * 1024;
/** Larger pictures are not decoded: their pixels alone would take hundreds of megabytes of memory. */
export const FEEDBACK_PICTURE_MAX_PIXELS = 50_000_000;
const JPEG_QUALITY = 80;

export type FeedbackPictureType = (typeof FEEDBACK_IMAGE_MEDIA_TYPES)[number];

/** Width and height from a PNG's IHDR or a JPEG's start-of-frame marker, without decoding; null when neither is found. */
export function pictureDimensionsOf(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(12) === 0x49484452) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
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

/**
 * The picture as sent for feedback: unchanged when small, otherwise scaled to FEEDBACK_PICTURE_MAX_SIDE
 * and re-encoded as JPEG on white (a transparent PNG would turn black), whichever is smaller. Null
 * when it is not a picture it can read (the feedback then names it as not read); loadImage throws on
 * a damaged one.
 */
export async function pictureForFeedback(bytes: Uint8Array, mediaType: FeedbackPictureType): Promise<{ mediaType: FeedbackPictureType; bytes: Uint8Array } | null> {
  if (bytes.length <= FEEDBACK_PICTURE_KEPT_BYTES) return { mediaType, bytes };
  const dimensions = pictureDimensionsOf(bytes);
  if (dimensions === null) return null;
  // Too many pixels to decode here: sent as it is if it fits the request, named as too large if not.
  if (dimensions.width * dimensions.height > FEEDBACK_PICTURE_MAX_PIXELS) return { mediaType, bytes };
  const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (image.width === 0 || image.height === 0) return null;
  const scale = Math.min(1, FEEDBACK_PICTURE_MAX_SIDE / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  const reduced = await canvas.encode('jpeg', JPEG_QUALITY);
  return reduced.length < bytes.length ? { mediaType: 'image/jpeg', bytes: reduced } : { mediaType, bytes };
}
