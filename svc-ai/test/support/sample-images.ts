import { createCanvas } from '@napi-rs/canvas';

/** A real 1×1 PNG, as base64 without a data: prefix (what the gateway forwards). */
export const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Text dressed as an image: base64 of a PDF header. */
export const PDF_AS_BASE64 = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj').toString('base64');

/**
 * A picture of noise (it compresses as badly as a photo: 3000×2000 as a JPEG is a phone photo of
 * about 5 MB), optionally with its top tenth transparent.
 */
export async function noisyPicture(width: number, height: number, format: 'png' | 'jpeg' | 'webp', { transparentTop = false } = {}): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const pixels = context.createImageData(width, height);
  const transparentPixels = transparentTop ? width * Math.floor(height / 10) : 0;
  for (let index = 0; index < pixels.data.length; index += 4) {
    pixels.data[index] = (index * 7919) % 251;
    pixels.data[index + 1] = (index * 104_729) % 241;
    pixels.data[index + 2] = (index * 1_299_709) % 239;
    pixels.data[index + 3] = index / 4 < transparentPixels ? 0 : 255;
  }
  context.putImageData(pixels, 0, 0);
  return format === 'png' ? canvas.encode('png') : canvas.encode(format, 95);
}
