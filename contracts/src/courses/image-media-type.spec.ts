import { detectImageMediaType } from './image-media-type';

describe('detectImageMediaType', () => {
  const bytes = (...values: Array<number | string>) =>
    Buffer.concat(values.map((value) => (typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value]))));

  it('reads the magic number of each accepted format', () => {
    expect(detectImageMediaType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 'IHDR'))).toBe('image/png');
    expect(detectImageMediaType(bytes(0xff, 0xd8, 0xff, 0xe0, 'JFIF'))).toBe('image/jpeg');
    expect(detectImageMediaType(bytes('GIF89a', 1, 0))).toBe('image/gif');
    expect(detectImageMediaType(bytes('GIF87a', 1, 0))).toBe('image/gif');
    expect(detectImageMediaType(bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
  });

  it('knows nothing else', () => {
    expect(detectImageMediaType(bytes('%PDF-1.7'))).toBeUndefined();
    expect(detectImageMediaType(bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '))).toBeUndefined();
    expect(detectImageMediaType(bytes(0x89, 'PN'))).toBeUndefined();
  });
});
