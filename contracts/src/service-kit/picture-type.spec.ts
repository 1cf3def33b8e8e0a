import { pictureMismatchOf, pictureTypeOf } from './picture-type';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a46494600', 'hex');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ', 'latin1')]);

describe('pictureTypeOf', () => {
  it('tells PNG, JPEG, GIF and WebP apart by their magic bytes', () => {
    expect([PNG, JPEG, GIF, WEBP].map(pictureTypeOf)).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
  });

  it('finds no picture in a PDF, in text, in a RIFF that is not WebP (a WAV) or in a truncated signature', () => {
    expect(pictureTypeOf(Buffer.from('%PDF-1.7\n1 0 obj'))).toBeNull();
    expect(pictureTypeOf(Buffer.from('just my notes'))).toBeNull();
    expect(pictureTypeOf(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(pictureTypeOf(PNG.subarray(0, 5))).toBeNull();
  });
});

describe('pictureMismatchOf', () => {
  it('accepts a picture whose bytes, type and name agree, or whose name has no picture extension', () => {
    expect(pictureMismatchOf('board.png', 'image/png', PNG)).toBeNull();
    expect(pictureMismatchOf('photo.JPEG', 'image/jpeg', JPEG)).toBeNull();
    expect(pictureMismatchOf('scan', 'image/webp', WEBP)).toBeNull();
  });

  it('names what the bytes hold when they are no picture, or another picture than the name or type says', () => {
    expect(pictureMismatchOf('board.png', 'image/png', Buffer.from('%PDF-1.7\n1 0 obj'))).toBe('holds a PDF document');
    expect(pictureMismatchOf('board.png', 'image/png', JPEG)).toBe('holds a JPEG picture');
    expect(pictureMismatchOf('board.gif', 'image/jpeg', JPEG)).toBe('holds a JPEG picture');
  });
});
