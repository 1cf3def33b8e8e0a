/**
 * The largest JSON body the gateway reads. A pasted posting may hold 200,000 characters (up to about
 * 600 KB of UTF-8), more than body-parser's 100 KB default; files come as multipart, under MAX_UPLOAD_BYTES.
 */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export const JSON_BODY_TOO_LARGE_MESSAGE = 'Request body is too large (max 1 MB)';

/** body-parser refuses a longer body with an http-errors error of this type, not an HttpException. */
export function isJsonBodyTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'entity.too.large';
}
