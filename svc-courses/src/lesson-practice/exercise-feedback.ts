import {
  type Caller,
  type ErrorReply,
  isErrorReply,
  type ExerciseFeedback,
  type ExerciseFeedbackReason,
  type ExerciseFeedbackRequest,
  EXERCISE_ATTACHMENT_MESSAGES,
  FEEDBACK_IMAGE_MEDIA_TYPES,
  type FeedbackImageMediaType,
  type Language,
  languageOfLetters,
  MAX_FEEDBACK_TEXT_LENGTH,
  type StoredExerciseAttachment,
} from '@masar/contracts';
import { decodePlainText, LOGGER, rpcError } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import type { Logger } from 'pino';
import { ExerciseFeedbackClient } from '../ai/exercise-feedback.client';
import { SvcAiRefusal } from '../ai/svc-ai.requester';
import { readCourseDocument } from '../documents/course-document-reader';
import { readSpreadsheetText, spreadsheetAsText } from '../documents/xlsx-text';
import type { Lesson } from '../courses/entities/lesson.entity';
import { exerciseChecklist } from './exercise-checklist';
import { ExerciseAttachmentStore } from './exercise-attachment.store';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Media types whose text the document readers of `documents/` can read. */
const READABLE_DOCUMENTS = new Set(['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'text/plain', 'text/markdown']);

type PictureReference = NonNullable<ExerciseFeedbackRequest['attachmentImages']>[number];
const isPicture = (mediaType: string): mediaType is FeedbackImageMediaType => (FEEDBACK_IMAGE_MEDIA_TYPES as readonly string[]).includes(mediaType);

/**
 * svc-ai's refusals that are about the learner's files, not about feedback: a picture whose bytes
 * are not what its name says (415) or that is no longer stored (400). The submission is refused with
 * them, so nothing is kept of work that cannot be read as it was described.
 */
function fileRefusalOf(error: unknown): ErrorReply | null {
  const reply = error instanceof RpcException ? error.getError() : undefined;
  if (!isErrorReply(reply)) return null;
  return reply.statusCode === 415 || (reply.statusCode === 400 && reply.message === EXERCISE_ATTACHMENT_MESSAGES.MISSING) ? reply : null;
}

export interface SubmittedWork {
  lesson: Lesson;
  work: string;
  checkedItems: string[];
  attachments: StoredExerciseAttachment[];
  language?: Language;
}

const clip = (text: string) => text.slice(0, MAX_FEEDBACK_TEXT_LENGTH);

/** svc-ai's refusals by status (AI governance), as the reason codes the screen translates. */
const REFUSAL_REASONS: Record<number, ExerciseFeedbackReason> = { 403: 'turned-off', 428: 'notice-not-accepted', 429: 'budget-used', 503: 'not-configured' };

/** Why feedback could not be written, from the error svc-ai's call ended with. */
function reasonOf(error: unknown, statusCode: number | undefined): ExerciseFeedbackReason {
  if (error instanceof SvcAiRefusal) return REFUSAL_REASONS[error.reply.statusCode] ?? 'model-failed';
  // 503: svc-ai (or its model) is away; 504: nobody answered in time.
  return statusCode === 503 || statusCode === 504 ? 'ai-unavailable' : 'model-failed';
}

/**
 * Feedback on a submission, written by svc-ai's `exercise-feedback` feature in the learner's name:
 * the work, the text of attached documents (read with the course-material readers) and the
 * exercise's checklist, and the attached pictures by reference. Feedback never blocks a submission
 * (a feature switched off is `off`, any other refusal or failure `unavailable` with its reason),
 * except svc-ai finding an attached picture is not what it says: that refuses the submission.
 */
@Injectable()
export class ExerciseFeedbackWriter {
  constructor(
    private readonly client: ExerciseFeedbackClient,
    private readonly store: ExerciseAttachmentStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async feedbackOn(submitted: SubmittedWork, caller: Caller): Promise<ExerciseFeedback> {
    const { lesson } = submitted;
    const language = submitted.language ?? languageOfLetters(`${lesson.title} ${lesson.content}`);
    const none = { text: '', covered: [], missing: [], provider: null, model: null, language };
    const { texts, unread, pictures } = await this.attachmentContents(submitted.attachments);
    try {
      const request: ExerciseFeedbackRequest = {
        language,
        exercise: {
          title: lesson.title.slice(0, 300),
          instructions: clip(lesson.content),
          checklist: exerciseChecklist(lesson).slice(0, 50).map((item) => item.slice(0, 1000)),
          keyPoints: lesson.keyPoints.slice(0, 50).map((item) => item.slice(0, 1000)),
        },
        work: clip(submitted.work),
        attachmentTexts: texts,
        unreadAttachments: unread,
        attachmentImages: pictures,
        checkedItems: submitted.checkedItems.slice(0, 50),
      };
      const reply = await this.client.write(request, { caller });
      return { status: 'given', language, text: reply.text, covered: reply.covered, missing: reply.missing, provider: reply.provider, model: reply.model };
    } catch (error) {
      const filesRefused = fileRefusalOf(error);
      if (filesRefused !== null) throw rpcError(filesRefused.statusCode, filesRefused.message);
      if (error instanceof SvcAiRefusal && error.reply.statusCode === 403) return { ...none, status: 'off', message: error.reply.message, reason: 'turned-off' };
      const reply = error instanceof RpcException ? error.getError() : undefined;
      const message = typeof reply === 'object' && reply !== null && 'message' in reply ? String(reply.message) : 'Feedback could not be written now';
      const statusCode = typeof reply === 'object' && reply !== null && 'statusCode' in reply ? Number(reply.statusCode) : undefined;
      this.logger.warn({ err: error, lessonId: lesson.id }, 'exercise feedback unavailable; the submission is kept without it');
      return { ...none, status: 'unavailable', message, reason: reasonOf(error, statusCode) };
    }
  }

  /**
   * The text of each attached document and workbook, and each picture by its place in the
   * attachments bucket (svc-ai reads it when its model can look at it); documents that cannot be
   * read are named as unread.
   */
  private async attachmentContents(
    attachments: StoredExerciseAttachment[],
  ): Promise<{ texts: Array<{ name: string; text: string }>; unread: string[]; pictures: PictureReference[] }> {
    const texts: Array<{ name: string; text: string }> = [];
    const unread: string[] = [];
    const pictures: PictureReference[] = [];
    for (const attachment of attachments) {
      if (isPicture(attachment.mediaType)) {
        pictures.push({ name: attachment.name, key: attachment.attachmentId, mediaType: attachment.mediaType, size: attachment.size });
        continue;
      }
      const text = await this.textOf(attachment);
      if (text === null) unread.push(attachment.name);
      else texts.push({ name: attachment.name, text: clip(text) });
    }
    return { texts, unread, pictures };
  }

  private async textOf(attachment: StoredExerciseAttachment): Promise<string | null> {
    if (attachment.mediaType !== 'text/csv' && attachment.mediaType !== XLSX && !READABLE_DOCUMENTS.has(attachment.mediaType)) return null;
    const bytes = await this.store.read(attachment.attachmentId);
    if (bytes === null) return null;
    if (attachment.mediaType === 'text/csv') return decodePlainText(bytes);
    try {
      if (attachment.mediaType === XLSX) {
        // The cells' text, sheet by sheet; a workbook without any counts as unread, like a scanned PDF.
        const text = spreadsheetAsText(await readSpreadsheetText(bytes, attachment.name, MAX_FEEDBACK_TEXT_LENGTH));
        return text === '' ? null : text;
      }
      const document = await readCourseDocument(bytes, attachment.name);
      return document.sections.flatMap((section) => [section.heading, ...section.paragraphs]).join('\n');
    } catch (error) {
      // A damaged or scanned document: feedback goes on without its text, and says so.
      this.logger.info({ err: error, name: attachment.name }, 'could not read the text of an exercise attachment');
      return null;
    }
  }
}
