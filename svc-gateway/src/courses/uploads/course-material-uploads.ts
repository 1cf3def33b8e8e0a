import {
  aiGenerateCourseBodySchema,
  COURSE_IMPORT_EXTENSIONS,
  COURSE_MATERIAL_EXTENSIONS,
  CourseCreationKind,
  CourseCreationTask,
  CourseForm,
  courseFormSchema,
  COURSE_IMAGE_TYPE_MESSAGE,
  courseMaterialFileSchema,
  describeValidationError,
  detectImageMediaType,
  MAX_COURSE_MATERIAL_FILES,
  NO_COURSE_FILE_MESSAGE,
  NUL_CHARACTER_MESSAGE,
} from '@masar/contracts';
import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { badRequest } from '../../uploads/multipart-errors';
import { CoursesClient } from '../courses.client';
import { CourseImagesStore, CourseUploadsStore } from './course-uploads.store';
import { holdsNulCharacter } from '../../validation/nul-characters';

type ReceivedFile = Pick<Express.Multer.File, 'originalname' | 'mimetype' | 'size' | 'buffer'>;

export interface CourseCreationSubmission {
  kind: CourseCreationKind;
  files: ReceivedFile[];
  /** The form as the browser sent it: a JSON string (absent for the Upload tab). */
  courseData?: string;
  useAIOrganization?: string;
  courseImage?: ReceivedFile;
}

function unsupportedMaterialMessage(fileName: string, kind: CourseCreationKind): string {
  return kind === 'import'
    ? `"${fileName}" cannot be imported: choose a PDF, DOCX, PPTX or JSON file`
    : `"${fileName}" cannot be used as course material: choose PDF, DOCX, PPTX, DOC, PPT, TXT or MD files`;
}

export function unsupportedMediaType(message: string): HttpException {
  return new HttpException({ statusCode: HttpStatus.UNSUPPORTED_MEDIA_TYPE, message }, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
}

const extensionOf = (fileName: string) => /\.[^./\\]+$/.exec(fileName.toLowerCase())?.[0] ?? '';

/** Whether the first bytes look like a document svc-courses can read (PDF, an Office container, or text); it checks each format fully. */
export function looksLikeDocument(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024));
  if (head.includes(Buffer.from('%PDF-', 'latin1'))) return true;
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return true;
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return true;
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return !bytes.includes(0);
  } catch {
    return false;
  }
}

/**
 * Hands a course's files to svc-courses: everything is checked first (names, types from the
 * bytes, the form's fields), then each file goes into the JetStream object store under a random
 * name and svc-courses is asked to start a creation task. If anything fails after that, every
 * stored object is removed again, so a refused request leaves nothing behind.
 */
@Injectable()
export class CourseMaterialUploads {
  constructor(
    private readonly courses: CoursesClient,
    private readonly uploads: CourseUploadsStore,
    private readonly images: CourseImagesStore,
  ) {}

  async start(submission: CourseCreationSubmission): Promise<CourseCreationTask> {
    const { kind, files } = submission;
    if (files.length === 0) throw badRequest(NO_COURSE_FILE_MESSAGE);
    if (files.length > MAX_COURSE_MATERIAL_FILES) throw badRequest(`Please upload at most ${MAX_COURSE_MATERIAL_FILES} files`);
    const allowed: readonly string[] = kind === 'import' ? COURSE_IMPORT_EXTENSIONS : COURSE_MATERIAL_EXTENSIONS;
    for (const file of files) {
      if (!allowed.includes(extensionOf(file.originalname)) || !looksLikeDocument(file.buffer)) {
        throw unsupportedMediaType(unsupportedMaterialMessage(file.originalname, kind));
      }
    }
    let courseData = kind === 'import' ? undefined : parseCourseData(kind, submission.courseData);
    const imageType = submission.courseImage ? detectImageMediaType(submission.courseImage.buffer) ?? null : null;
    if (submission.courseImage && imageType === null) throw unsupportedMediaType(COURSE_IMAGE_TYPE_MESSAGE);

    const described = files.map((file) =>
      courseMaterialFileSchema.parse({
        objectName: randomUUID(),
        fileName: file.originalname.slice(0, 255),
        declaredMediaType: file.mimetype.slice(0, 255),
        size: file.size,
      }),
    );
    const stored: string[] = [];
    try {
      if (submission.courseImage && courseData) {
        const imageName = randomUUID();
        await this.images.put(imageName, submission.courseImage.buffer);
        courseData = { ...courseData, imageUrl: `/api/course-images/${imageName}` };
      }
      for (const [index, file] of files.entries()) {
        await this.uploads.put(described[index].objectName, file.buffer);
        stored.push(described[index].objectName);
      }
      return await this.courses.startCreationTask({
        kind,
        files: described,
        ...(courseData ? { courseData } : {}),
        useAIOrganization: submission.useAIOrganization === 'true',
      });
    } catch (error) {
      // svc-courses deletes what it read; whatever else happened, the person was told it failed.
      await Promise.all(stored.map((objectName) => this.uploads.discard(objectName)));
      throw error;
    }
  }
}

/** The form's JSON: the Manual tab's full form, or the AI tab's fields completed as spec 001 section 5 says. */
function parseCourseData(kind: CourseCreationKind, text: string | undefined): CourseForm {
  if (text === undefined || text.trim().length === 0) throw badRequest('courseData is required');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('courseData must be the course form as JSON');
  }
  // Written as "\u0000" inside the form's JSON, a NUL only appears once parsed.
  if (holdsNulCharacter(json)) throw badRequest(NUL_CHARACTER_MESSAGE);
  const schema: z.ZodType<CourseForm> = kind === 'ai-generate-with-files' ? aiGenerateCourseBodySchema : courseFormSchema;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw badRequest(describeValidationError(parsed.error));
  return parsed.data;
}
