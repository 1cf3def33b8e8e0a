import { PEOPLE_IMPORT_FILE_FIELD, PEOPLE_IMPORT_MAX_BYTES } from '@masar/contracts';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { Observable } from 'rxjs';
import { multipartErrorToHttp } from '../uploads/multipart-errors';

/**
 * Receives the one CSV of a people import into memory, refusing it as soon as it passes the
 * contract's limit (413) so identity never hears of it. Its content is judged by identity.
 */
@Injectable()
export class PeopleImportUploadInterceptor implements NestInterceptor {
  private readonly receiveFile: RequestHandler = multer({
    storage: multer.memoryStorage(),
    defParamCharset: 'utf8',
    limits: { fileSize: PEOPLE_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldNameSize: 100, fieldSize: 1024, parts: 6 },
  }).single(PEOPLE_IMPORT_FILE_FIELD);

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) => {
      this.receiveFile(http.getRequest<Request>(), http.getResponse<Response>(), (error?: unknown) =>
        error
          ? reject(
              multipartErrorToHttp(error, {
                maxBytes: PEOPLE_IMPORT_MAX_BYTES,
                tooManyFiles: 'Please import one file at a time',
                unexpectedField: () => `Send the file in the "${PEOPLE_IMPORT_FILE_FIELD}" field`,
              }),
            )
          : resolve(),
      );
    });
    return next.handle();
  }
}
