import { decodeBase64 } from './image-signature';

describe('decodeBase64', () => {
  it('decodes strict base64, padded or not', () => {
    expect(decodeBase64('aGVsbG8=')?.toString()).toBe('hello');
    expect(decodeBase64('aGVsbG8')?.toString()).toBe('hello');
  });

  it.each([['data:image/png;base64,aGVsbG8='], ['aGVs bG8='], ['aGVsbG8=='], ['a'], ['%%%%'], ['']])('refuses %j', (text) => {
    expect(decodeBase64(text)).toBeUndefined();
  });
});
