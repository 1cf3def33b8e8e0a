import { createCanvas, loadImage } from '@napi-rs/canvas';
import { FEEDBACK_PICTURE_KEPT_BYTES, FEEDBACK_PICTURE_MAX_SIDE, pictureDimensionsOf, pictureForFeedback } from './feedback-picture';

/** A picture of noise (it compresses badly, like a photo), with a transparent band at the top. */
async function noisyPicture(width: number, height: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const pixels = context.createImageData(width, height);
  for (let index = 0; index < pixels.data.length; index += 4) {
    pixels.data[index] = (index * 7919) % 251;
    pixels.data[index + 1] = (index * 104_729) % 241;
    pixels.data[index + 2] = (index * 1_299_709) % 239;
    // The top tenth of the picture is transparent.
    pixels.data[index + 3] = index / 4 < width * Math.floor(height / 10) ? 0 : 255;
  }
  context.putImageData(pixels, 0, 0);
  return format === 'png' ? canvas.encode('png') : canvas.encode('jpeg', 95);
}

describe('pictureForFeedback', () => {
  it('sends a small picture byte for byte, as attached', async () => {
    const png = await noisyPicture(40, 30, 'png');
    expect(png.length).toBeLessThanOrEqual(FEEDBACK_PICTURE_KEPT_BYTES);
    expect(await pictureForFeedback(png, 'image/png')).toEqual({ mediaType: 'image/png', bytes: png });
  });

  it('reduces a photo-sized picture to a JPEG whose longest side is 1280 pixels, on white where it was transparent', async () => {
    const png = await noisyPicture(2400, 1600, 'png');
    const reduced = await pictureForFeedback(png, 'image/png');
    expect(reduced?.mediaType).toBe('image/jpeg');
    expect(reduced!.bytes.length).toBeLessThan(png.length);
    expect(pictureDimensionsOf(reduced!.bytes)).toEqual({ width: FEEDBACK_PICTURE_MAX_SIDE, height: Math.round((1600 * FEEDBACK_PICTURE_MAX_SIDE) / 2400) });
    const image = await loadImage(Buffer.from(reduced!.bytes));
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    const [red, green, blue] = canvas.getContext('2d').getImageData(10, 5, 1, 1).data;
    expect(Math.min(red, green, blue)).toBeGreaterThan(240);
  });

  it('reads the size of a JPEG from its frame header, and of a PNG from IHDR, without decoding', async () => {
    expect(pictureDimensionsOf(await noisyPicture(300, 200, 'jpeg'))).toEqual({ width: 300, height: 200 });
    expect(pictureDimensionsOf(await noisyPicture(30, 20, 'png'))).toEqual({ width: 30, height: 20 });
    expect(pictureDimensionsOf(Buffer.from('%PDF-1.7 not a picture'))).toBeNull();
  });

  it('gives nothing for bytes that only start like a picture, and refuses a damaged one', async () => {
    const fake = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(FEEDBACK_PICTURE_KEPT_BYTES + 1, 1)]);
    expect(await pictureForFeedback(fake, 'image/jpeg')).toBeNull();
    // A 2000×2000 PNG header over bytes that are no picture at all.
    const damaged = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000007d0000007d00806000000', 'hex'), Buffer.alloc(FEEDBACK_PICTURE_KEPT_BYTES + 1, 7)]);
    await expect(pictureForFeedback(damaged, 'image/png')).rejects.toThrow();
  });
});
