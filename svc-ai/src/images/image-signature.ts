const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The bytes of strict base64 (no data: prefix, no line breaks); undefined when the text is not base64. */
export function decodeBase64(text: string): Buffer | undefined {
  const unpadded = text.replace(/=+$/, '');
  if (!BASE64.test(text) || unpadded.length % 4 === 1 || (text.length !== unpadded.length && text.length % 4 !== 0)) {
    return undefined;
  }
  const bytes = Buffer.from(text, 'base64');
  return bytes.length > 0 ? bytes : undefined;
}
