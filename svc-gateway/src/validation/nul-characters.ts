import { type ErrorReply, NUL_CHARACTER, NUL_CHARACTER_MESSAGE } from '@masar/contracts';
import { BadRequestException, Injectable, PipeTransform } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/*
 * PostgreSQL's text cannot hold U+0000, so a NUL that reached a service made its write or its
 * search fail with a 500. Nobody types it; it comes from a broken client or from someone probing.
 */

/** Whether a string, or any key or string inside arrays and objects, holds a NUL. File contents (buffers) are not text and are skipped. */
export function holdsNulCharacter(value: unknown): boolean {
  // A stack, not recursion: a JSON body may nest deeper than the call stack goes.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes(NUL_CHARACTER)) return true;
    } else if (Array.isArray(next)) {
      // One by one: spread into push, a 1 MB body's array of 500,000 items overflows the stack.
      for (const item of next) pending.push(item);
    } else if (typeof next === 'object' && next !== null && !ArrayBuffer.isView(next) && !(next instanceof ArrayBuffer)) {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes(NUL_CHARACTER)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** The path as the routes read it; a path that does not decode is left to the router (404). */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return '';
  }
}

/**
 * After the JSON parser and before any guard (a sign-in's body is read by its guard): an API call
 * with a NUL in its path, query or JSON body is a 400 that reaches no service.
 */
export function createNulCharacterCheck() {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!request.path.startsWith('/api/')) {
      next();
      return;
    }
    if (decodedPath(request.path).includes(NUL_CHARACTER) || holdsNulCharacter(request.query) || holdsNulCharacter(request.body)) {
      const reply: ErrorReply = { statusCode: 400, message: NUL_CHARACTER_MESSAGE };
      response.status(reply.statusCode).json(reply);
      return;
    }
    next();
  };
}

/** Every route argument, multipart form fields and file names included (multer reads them after the middleware has run). */
@Injectable()
export class RefuseNulCharactersPipe implements PipeTransform {
  transform(value: unknown): unknown {
    if (holdsNulCharacter(value)) throw new BadRequestException(NUL_CHARACTER_MESSAGE);
    return value;
  }
}
