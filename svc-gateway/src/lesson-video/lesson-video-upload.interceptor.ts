import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { Observable } from 'rxjs';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { multipartErrorToHttp } from '../uploads/multipart-errors';

/** The multipart field that carries a lesson's video file. */
export const LESSON_VIDEO_FIELD = 'video';

/** Receives one video into memory, refused (413) as soon as it passes MAX_LESSON_VIDEO_BYTES; the rest is drained, never kept. */
@Injectable()
export class LessonVideoUploadInterceptor implements NestInterceptor {
  private readonly receiveFile: RequestHandler;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.receiveFile = multer({
      storage: multer.memoryStorage(),
      limits: { fileSize: config.uploads.maxLessonVideoBytes, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
    }).single(LESSON_VIDEO_FIELD);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) => {
      this.receiveFile(http.getRequest<Request>(), http.getResponse<Response>(), (error?: unknown) =>
        error
          ? reject(
              multipartErrorToHttp(error, {
                maxBytes: this.config.uploads.maxLessonVideoBytes,
                tooManyFiles: 'Please upload one video at a time',
                unexpectedField: () => `Send the video in the "${LESSON_VIDEO_FIELD}" field`,
              }),
            )
          : resolve(),
      );
    });
    return next.handle();
  }
}
