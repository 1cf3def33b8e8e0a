import type { ErrorReply } from '@masar/contracts';
import { HttpException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { JSON_BODY_TOO_LARGE_MESSAGE } from '../validation/json-body-limit';

const named = (value: string | undefined) => (value ? ` ${value}` : '');

/** body-parser's refusals (http-errors with `expose`), by type: what to tell the caller instead of its wording. */
const BODY_PARSER_MESSAGES: Record<string, (error: BodyParserError) => string> = {
  'entity.too.large': () => JSON_BODY_TOO_LARGE_MESSAGE,
  'entity.parse.failed': (error) => `The request body is not valid JSON (${error.message})`,
  'charset.unsupported': (error) => `The request body's charset${named(error.charset)} is not supported; send UTF-8`,
  'encoding.unsupported': (error) =>
    `The request body's Content-Encoding${named(error.encoding)} is not supported; send it uncompressed, gzip or deflate`,
  'request.aborted': () => 'The request body was cut off before it ended',
  'request.size.invalid': () => "The request body's length does not match its Content-Length",
  'parameters.too.many': () => 'The form has too many fields',
};

interface BodyParserError {
  /** body-parser's own refusals have one; a decompression failure (zlib's error, passed on with a 400) has none. */
  type?: string;
  status: number;
  message: string;
  expose?: boolean;
  charset?: string;
  encoding?: string;
}

/** A client error raised by body-parser before any route ran (a 4xx it marks as safe to show). */
function asBodyParserError(error: unknown): BodyParserError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as Partial<BodyParserError> & { code?: unknown };
  const isClientError = typeof candidate.status === 'number' && candidate.status >= 400 && candidate.status < 500;
  const known = typeof candidate.type === 'string' || isDecompressionFailure(candidate);
  return known && isClientError && candidate.expose === true ? (candidate as BodyParserError) : undefined;
}

/** zlib's error for a body that is not what its Content-Encoding says: Z_DATA_ERROR, Z_BUF_ERROR (gzip, deflate), ERR__ERROR_FORMAT_PADDING_2 (brotli)... */
function isDecompressionFailure(error: { code?: unknown }): boolean {
  return typeof error.code === 'string' && /^(?:Z_|ERR__ERROR_)[A-Z0-9_]+$/.test(error.code);
}

const NOT_WHAT_ITS_ENCODING_SAYS = "The request body is not what its Content-Encoding says (gzip, deflate or br); send it uncompressed or encoded as it says";

/** A body-parser refusal as the `{statusCode, message}` the caller gets; undefined for any other error. */
export function describeBodyParserError(error: unknown): ErrorReply | undefined {
  const refusal = asBodyParserError(error);
  if (!refusal) return undefined;
  if (refusal.type === undefined) return { statusCode: refusal.status, message: NOT_WHAT_ITS_ENCODING_SAYS };
  const describe = BODY_PARSER_MESSAGES[refusal.type];
  return { statusCode: refusal.status, message: describe ? describe(refusal) : refusal.message };
}

/**
 * Placed right after the JSON parser: Nest would otherwise turn an invalid JSON body into a 400
 * carrying only the parser's wording, and other refusals into a 500.
 */
export function bodyParserErrorsAsHttpExceptions(error: unknown, _request: Request, _response: Response, next: NextFunction): void {
  const reply = describeBodyParserError(error);
  next(reply ? new HttpException(reply, reply.statusCode) : error);
}
