import { createCanvas, loadImage } from '@napi-rs/canvas';
import { noisyPicture as noisyPictureOf } from '../../test/support/sample-images';
import { FEEDBACK_PICTURE_KEPT_BYTES, FEEDBACK_PICTURE_MAX_SIDE, pictureDimensionsOf, pictureForModel } from './feedback-picture';

const noisyPicture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp') => noisyPictureOf(width, height, format, { transparentTop: true });

describe('pictureForModel', () => {
  it('sends a small picture byte for byte, as attached', async () => {
    const png = await noisyPicture(40, 30, 'png');
    expect(png.length).toBeLessThanOrEqual(FEEDBACK_PICTURE_KEPT_BYTES);
    expect(await pictureForModel(png, 'image/png')).toEqual({ mediaType: 'image/png', bytes: png });
  });

  it('reduces a photo-sized picture to a JPEG whose longest side is 1280 pixels, on white where it was transparent', async () => {
    const png = await noisyPicture(2400, 1600, 'png');
    const reduced = (await pictureForModel(png, 'image/png')) as { mediaType: string; bytes: Uint8Array };
    expect(reduced.mediaType).toBe('image/jpeg');
    expect(reduced.bytes.length).toBeLessThan(png.length);
    expect(pictureDimensionsOf(reduced.bytes)).toEqual({ width: FEEDBACK_PICTURE_MAX_SIDE, height: Math.round((1600 * FEEDBACK_PICTURE_MAX_SIDE) / 2400) });
    const image = await loadImage(Buffer.from(reduced.bytes));
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    const [red, green, blue] = canvas.getContext('2d').getImageData(10, 5, 1, 1).data;
    expect(Math.min(red, green, blue)).toBeGreaterThan(240);
  });

  it('reads the size of a JPEG from its frame header, of a PNG from IHDR, of a WebP and of a GIF, without decoding', async () => {
    expect(pictureDimensionsOf(await noisyPicture(300, 200, 'jpeg'))).toEqual({ width: 300, height: 200 });
    expect(pictureDimensionsOf(await noisyPicture(30, 20, 'png'))).toEqual({ width: 30, height: 20 });
    expect(pictureDimensionsOf(await noisyPicture(70, 50, 'webp'))).toEqual({ width: 70, height: 50 });
    expect(pictureDimensionsOf(Buffer.from('474946383961400130000000', 'hex'))).toEqual({ width: 320, height: 48 });
    expect(pictureDimensionsOf(Buffer.from('%PDF-1.7 not a picture'))).toBeNull();
  });

  it('reduces a large WebP the same way', async () => {
    const webp = await noisyPicture(2000, 1000, 'webp');
    expect(webp.length).toBeGreaterThan(FEEDBACK_PICTURE_KEPT_BYTES);
    const reduced = await pictureForModel(webp, 'image/webp');
    expect(reduced).not.toBe('too-large');
    expect(pictureDimensionsOf((reduced as { bytes: Uint8Array }).bytes)).toEqual({ width: 1280, height: 640 });
  });

  it('does not decode a picture of more pixels than it can hold in memory', async () => {
    // A 10000×10000 PNG header: 100 million pixels.
    const huge = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d4948445200002710000027100806000000', 'hex'), Buffer.alloc(FEEDBACK_PICTURE_KEPT_BYTES + 1, 7)]);
    expect(await pictureForModel(huge, 'image/png')).toBe('too-large');
  });

  it('refuses bytes that only start like a picture, and a damaged one', async () => {
    const fake = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(FEEDBACK_PICTURE_KEPT_BYTES + 1, 1)]);
    await expect(pictureForModel(fake, 'image/jpeg')).rejects.toThrow();
    // A 2000×2000 PNG header over bytes that are no picture at all.
    const damaged = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000007d0000007d00806000000', 'hex'), Buffer.alloc(FEEDBACK_PICTURE_KEPT_BYTES + 1, 7)]);
    await expect(pictureForModel(damaged, 'image/png')).rejects.toThrow();
  });
});
