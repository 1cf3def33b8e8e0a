import {
  BadRequestException,
  CallHandler,
  ExecutionContext,
  HttpException,
  Inject,
  Injectable,
  NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import multer, { MulterError } from 'multer';
import { Observable } from 'rxjs';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

/** The multipart field that carries the job description file (spec section 7: `{file, title}`). */
export const JOB_FILE_FIELD = 'file';

const BYTES_PER_MEGABYTE = 1024 * 1024;

/** "10" for 10 MB, "2.5" for 2.5 MB: the size people see in the 413 message. */
export function formatMegabytes(bytes: number): string {
  return String(Math.round((bytes / BYTES_PER_MEGABYTE) * 10) / 10);
}

export function fileTooLargeMessage(maxBytes: number): string {
  return `File is too large (max ${formatMegabytes(maxBytes)} MB)`;
}

/**
 * Receives the one file of an upload into memory with multer, refusing it as soon as it passes
 * MAX_UPLOAD_BYTES (the rest of the body is drained, never kept). Nest's FileInterceptor takes its
 * limits when the route is declared and words its own errors; this reads the limit from the
 * configuration and answers in the spec's words.
 */
@Injectable()
export class JobFileUploadInterceptor implements NestInterceptor {
  private readonly receiveFile: RequestHandler;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.receiveFile = multer({
      storage: multer.memoryStorage(),
      // Browsers send file names as UTF-8 (Arabic names included), not latin1.
      defParamCharset: 'utf8',
      limits: { fileSize: config.uploads.maxBytes, files: 1, fields: 10, fieldNameSize: 100, fieldSize: 4096, parts: 12 },
    }).single(JOB_FILE_FIELD);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) => {
      this.receiveFile(http.getRequest<Request>(), http.getResponse<Response>(), (error?: unknown) =>
        error ? reject(this.toHttpException(error)) : resolve(),
      );
    });
    return next.handle();
  }

  private toHttpException(error: unknown): unknown {
    if (error instanceof MulterError) {
      switch (error.code) {
        case 'LIMIT_FILE_SIZE':
          return new PayloadTooLargeException({ statusCode: 413, message: fileTooLargeMessage(this.config.uploads.maxBytes) });
        case 'LIMIT_FILE_COUNT':
          return badRequest('Please upload one file at a time');
        case 'LIMIT_UNEXPECTED_FILE':
          return badRequest(`Send the file in the "${JOB_FILE_FIELD}" field`);
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
    // busboy's own complaints (a missing boundary, a body cut short) are the client's doing.
    if (error instanceof Error && /multipart|boundary|unexpected end/i.test(error.message)) {
      return badRequest(`The upload could not be read: ${error.message}`);
    }
    return error;
  }
}

function badRequest(message: string): BadRequestException {
  return new BadRequestException({ statusCode: 400, message });
}
