import { MAX_COURSE_MATERIAL_FILES } from '@masar/contracts';
import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { Observable } from 'rxjs';
import { GATEWAY_CONFIG, GatewayConfig } from '../../config';
import { receiveMultipart } from '../../uploads/multipart-errors';

/** The multipart fields of spec 001 section 7: `file` (Upload tab), `files` and `courseImage` (the form tabs). */
export const COURSE_FILE_FIELDS = { file: 'file', files: 'files', courseImage: 'courseImage' } as const;

/** Multer's view of what arrived, by field. */
export type ReceivedCourseFiles = Partial<Record<keyof typeof COURSE_FILE_FIELDS, Express.Multer.File[]>>;

/**
 * Receives a course's files into memory, each refused as soon as it passes MAX_UPLOAD_BYTES. The
 * text fields (courseData holds the whole form as JSON) get room for the longest description.
 */
@Injectable()
export class CourseFilesInterceptor implements NestInterceptor {
  private readonly receiveFiles: RequestHandler;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.receiveFiles = multer({
      storage: multer.memoryStorage(),
      // Browsers send file names as UTF-8 (Arabic names included), not latin1.
      defParamCharset: 'utf8',
      limits: {
        fileSize: config.uploads.maxBytes,
        files: MAX_COURSE_MATERIAL_FILES + 1,
        fields: 10,
        fieldNameSize: 100,
        fieldSize: 64 * 1024,
        parts: MAX_COURSE_MATERIAL_FILES + 12,
      },
    }).fields([
      { name: COURSE_FILE_FIELDS.file, maxCount: 1 },
      { name: COURSE_FILE_FIELDS.files, maxCount: MAX_COURSE_MATERIAL_FILES },
      { name: COURSE_FILE_FIELDS.courseImage, maxCount: 1 },
    ]);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    await receiveMultipart(context, this.receiveFiles, {
      maxBytes: this.config.uploads.maxBytes,
      tooManyFiles: `Please upload at most ${MAX_COURSE_MATERIAL_FILES} files`,
      unexpectedField: (field) =>
        field && Object.values<string>(COURSE_FILE_FIELDS).includes(field)
          ? `Please upload at most ${MAX_COURSE_MATERIAL_FILES} files`
          : `Send files in the "file", "files" or "courseImage" fields, not "${field ?? ''}"`,
    });
    return next.handle();
  }
}
