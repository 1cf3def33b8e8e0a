/** A real 1×1 PNG, as base64 without a data: prefix (what the gateway forwards). */
export const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Text dressed as an image: base64 of a PDF header. */
export const PDF_AS_BASE64 = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj').toString('base64');
