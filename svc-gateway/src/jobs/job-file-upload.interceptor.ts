import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { Observable } from 'rxjs';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { multipartErrorToHttp } from '../uploads/multipart-errors';

/** The multipart field that carries the job description file (spec section 7: `{file, title}`). */
export const JOB_FILE_FIELD = 'file';

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
    return multipartErrorToHttp(error, {
      maxBytes: this.config.uploads.maxBytes,
      tooManyFiles: 'Please upload one file at a time',
      unexpectedField: () => `Send the file in the "${JOB_FILE_FIELD}" field`,
    });
  }
}
