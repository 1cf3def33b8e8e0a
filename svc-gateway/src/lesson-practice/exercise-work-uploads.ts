import {
  EXERCISE_ATTACHMENT_MESSAGES,
  type ExerciseSubmission,
  LESSON_PRACTICE_MESSAGES,
  type StoredExerciseAttachment,
  type SubmitExerciseBody,
} from '@masar/contracts';
import { checkWorkFileType } from '@masar/contracts/service-kit';
import { Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { unsupportedMediaType } from '../courses/uploads/course-material-uploads';
import { badRequest } from '../uploads/multipart-errors';
import { ExerciseAttachmentStore } from './exercise-attachment.store';
import { LessonPracticeClient } from './lesson-practice.client';

export type ReceivedWorkFile = Pick<Express.Multer.File, 'originalname' | 'size' | 'buffer'>;

/**
 * A file name as it is kept and shown: its last path part, without control characters or the
 * invisible direction marks that make "report\u202Efdp.exe" look like "reportexe.pdf".
 */
export function cleanFileName(originalName: string): string {
  const base = originalName.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\p{Cc}\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu, '').trim().slice(0, 255);
  return cleaned === '' ? 'attachment' : cleaned;
}

/** A multipart form sends the ticked items as one JSON field; a JSON body sends them as a list. */
export function exerciseFormFields(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const fields = raw as Record<string, unknown>;
  if (typeof fields.checkedItems !== 'string') return fields;
  try {
    return { ...fields, checkedItems: JSON.parse(fields.checkedItems) as unknown };
  } catch {
    return fields;
  }
}

/**
 * Hands a learner's exercise work to svc-courses: every file is checked first (not empty, one of
 * the accepted types, its bytes what its name says), then each goes into the attachments bucket
 * under a random id and svc-courses is asked to store the submission. If anything fails after
 * that, the stored files are removed again, so a refused submission leaves nothing behind.
 */
@Injectable()
export class ExerciseWorkUploads {
  constructor(
    private readonly practice: LessonPracticeClient,
    private readonly store: ExerciseAttachmentStore,
  ) {}

  async submit(lessonId: string, body: SubmitExerciseBody, files: ReceivedWorkFile[]): Promise<ExerciseSubmission> {
    // Checked here too so that nothing is stored for work that will be refused.
    if (!/[\p{L}\p{N}]/u.test(body.work) && files.length === 0) throw badRequest(LESSON_PRACTICE_MESSAGES.BLANK_WORK);
    const described: Array<StoredExerciseAttachment & { bytes: Buffer }> = files.map((file) => {
      const name = cleanFileName(file.originalname);
      if (file.size === 0) throw badRequest(EXERCISE_ATTACHMENT_MESSAGES.EMPTY(name));
      const type = checkWorkFileType(name, file.buffer);
      if (!type.ok) throw unsupportedMediaType(type.message);
      const sha256 = createHash('sha256').update(file.buffer).digest('hex');
      return { attachmentId: randomUUID(), name, mediaType: type.mediaType, size: file.size, sha256, bytes: file.buffer };
    });
    const stored: string[] = [];
    try {
      for (const attachment of described) {
        await this.store.put(attachment.attachmentId, attachment.bytes);
        stored.push(attachment.attachmentId);
      }
      return await this.practice.submitExercise({
        lessonId,
        ...body,
        attachments: described.map(({ bytes: _bytes, ...attachment }) => attachment),
      });
    } catch (error) {
      await Promise.all(stored.map((attachmentId) => this.store.discard(attachmentId)));
      throw error;
    }
  }
}
