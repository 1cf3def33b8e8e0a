import type { Request, Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { byteRangeOf } from './byte-range';

/** The bytes `start`..`end` (inclusive) of a chunked object, reading no further than needed. */
async function* bytesBetween(data: ReadableStream<Uint8Array>, start: number, end: number): AsyncGenerator<Buffer> {
  const reader = data.getReader();
  let offset = 0;
  try {
    while (offset <= end) {
      const { done, value } = await reader.read();
      if (done) return;
      const from = Math.max(start - offset, 0);
      const to = Math.min(end - offset + 1, value.length);
      if (from < to) yield Buffer.from(value.buffer, value.byteOffset + from, to - from);
      offset += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

export interface RangedObject {
  size: number;
  data: ReadableStream<Uint8Array>;
  /** The object's content hash: its name never holds other bytes, so it is cached for good. */
  key: string;
  mediaType: string;
  /** What the object is, for the 416 message ("the narration", "the video"). */
  what: string;
}

/**
 * Sends an object of a content-addressed store as media players want it: the whole of it (200) or
 * the one range the `Range` header asks for (206 with Content-Range), 416 past the end, and
 * Accept-Ranges so the player knows it can seek.
 */
export async function sendObjectWithRanges(request: Request, response: Response, { size, data, key, mediaType, what }: RangedObject): Promise<void> {
  response.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
  response.setHeader('Accept-Ranges', 'bytes');
  response.setHeader('ETag', `"${key}"`);
  const range = byteRangeOf(request.headers.range, size);
  if (range === 'unsatisfiable') {
    await data.cancel();
    response.setHeader('Content-Range', `bytes */${size}`);
    response.status(416).json({ statusCode: 416, message: `The range asked for is outside ${what} (${size} bytes)` });
    return;
  }
  const { start, end } = range === 'whole' ? { start: 0, end: size - 1 } : range;
  if (range !== 'whole') response.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
  response.status(range === 'whole' ? 200 : 206);
  response.type(mediaType);
  response.setHeader('Content-Length', String(end - start + 1));
  await pipeline(Readable.from(bytesBetween(data, start, end)), response);
}
