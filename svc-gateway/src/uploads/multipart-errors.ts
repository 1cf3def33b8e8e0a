import { fileTooLargeMessage } from '@masar/contracts';
import { BadRequestException, ExecutionContext, HttpException, PayloadTooLargeException } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import { MulterError } from 'multer';

export function badRequest(message: string): BadRequestException {
  return new BadRequestException({ statusCode: 400, message });
}

export interface MultipartLimitsWording {
  maxBytes: number;
  /** Said when more files arrive than the route takes. */
  tooManyFiles: string;
  /** Said when a file arrives in a field the route does not read. */
  unexpectedField: (field: string | undefined) => string;
}

/** The errors busboy raises for a body it cannot read (busboy/lib: "Malformed part header", "Missing Content-Type"...). */
const BUSBOY_COMPLAINTS = /multipart|boundary|unexpected end|malformed|content.type/i;

/** Multer's and busboy's failures in words a person can act on: 413 for size, 400 for the rest. */
export function multipartErrorToHttp(error: unknown, wording: MultipartLimitsWording): unknown {
  if (error instanceof MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return new PayloadTooLargeException({ statusCode: 413, message: fileTooLargeMessage(wording.maxBytes) });
      case 'LIMIT_FILE_COUNT':
        return badRequest(wording.tooManyFiles);
      case 'LIMIT_UNEXPECTED_FILE':
        return badRequest(wording.unexpectedField(error.field));
      case 'LIMIT_FIELD_VALUE':
        return badRequest(`${error.field ?? 'field'}: Too long`);
      default:
        return badRequest(`The upload could not be read: ${error.message}`);
    }
  }
  if (error instanceof HttpException) return error;
  if (error instanceof Error && /^Request (aborted|closed)$/.test(error.message)) {
    return badRequest('The upload was interrupted');
  }
  // busboy's own complaints (a missing boundary, a body cut short, a part header it cannot read) are the client's doing.
  if (error instanceof Error && BUSBOY_COMPLAINTS.test(error.message)) {
    return badRequest(`The upload could not be read: ${error.message}`);
  }
  return error;
}

/**
 * Runs an interceptor's multer `receive` on the request, so the controller finds the files on it;
 * multer's refusals become the HTTP errors of `multipartErrorToHttp`, worded by `wording`.
 */
export function receiveMultipart(context: ExecutionContext, receive: RequestHandler, wording: MultipartLimitsWording): Promise<void> {
  const http = context.switchToHttp();
  return new Promise<void>((resolve, reject) => {
    receive(http.getRequest<Request>(), http.getResponse<Response>(), (error?: unknown) =>
      error ? reject(multipartErrorToHttp(error, wording)) : resolve(),
    );
  });
}
