import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { Observable } from 'rxjs';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { receiveMultipart } from '../uploads/multipart-errors';

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
    await receiveMultipart(context, this.receiveFile, {
      maxBytes: this.config.uploads.maxLessonVideoBytes,
      tooManyFiles: 'Please upload one video at a time',
      unexpectedField: () => `Send the video in the "${LESSON_VIDEO_FIELD}" field`,
    });
    return next.handle();
  }
}
