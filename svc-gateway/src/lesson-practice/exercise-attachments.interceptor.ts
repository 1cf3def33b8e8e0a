import { EXERCISE_ATTACHMENT_FIELD, EXERCISE_ATTACHMENT_MESSAGES, MAX_EXERCISE_ATTACHMENTS, MAX_EXERCISE_WORK_LENGTH } from '@masar/contracts';
import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { Observable } from 'rxjs';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { receiveMultipart } from '../uploads/multipart-errors';

/**
 * Receives exercise work sent as multipart (the written work and ticked items as fields, up to three
 * files in EXERCISE_ATTACHMENT_FIELD) into memory, refused (413) as soon as a file passes
 * MAX_EXERCISE_ATTACHMENT_BYTES. A JSON body passes through untouched: multer reads multipart only.
 */
@Injectable()
export class ExerciseAttachmentsInterceptor implements NestInterceptor {
  private readonly receiveFiles: RequestHandler;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.receiveFiles = multer({
      storage: multer.memoryStorage(),
      // Browsers send file names as UTF-8 (Arabic names included), not latin1.
      defParamCharset: 'utf8',
      limits: {
        fileSize: config.uploads.maxExerciseAttachmentBytes,
        files: MAX_EXERCISE_ATTACHMENTS,
        fields: 4,
        // The work in UTF-8: Arabic takes two bytes a letter, some signs four.
        fieldSize: MAX_EXERCISE_WORK_LENGTH * 4,
        parts: MAX_EXERCISE_ATTACHMENTS + 4,
      },
    }).array(EXERCISE_ATTACHMENT_FIELD, MAX_EXERCISE_ATTACHMENTS);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    await receiveMultipart(context, this.receiveFiles, {
      maxBytes: this.config.uploads.maxExerciseAttachmentBytes,
      tooManyFiles: EXERCISE_ATTACHMENT_MESSAGES.TOO_MANY,
      unexpectedField: () => `Attach files in the "${EXERCISE_ATTACHMENT_FIELD}" field`,
    });
    return next.handle();
  }
}
