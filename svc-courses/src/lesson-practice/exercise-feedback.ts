import {
  type Caller,
  type ExerciseFeedback,
  type ExerciseFeedbackReason,
  type ExerciseFeedbackRequest,
  FEEDBACK_IMAGE_MEDIA_TYPES,
  type Language,
  languageOfLetters,
  MAX_FEEDBACK_REQUEST_BYTES,
  MAX_FEEDBACK_TEXT_LENGTH,
  type StoredExerciseAttachment,
} from '@masar/contracts';
import { decodePlainText, LOGGER } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import type { Logger } from 'pino';
import { ExerciseFeedbackClient } from '../ai/exercise-feedback.client';
import { SvcAiRefusal } from '../ai/svc-ai.requester';
import { readCourseDocument } from '../documents/course-document-reader';
import { readSpreadsheetText, spreadsheetAsText } from '../documents/xlsx-text';
import type { Lesson } from '../courses/entities/lesson.entity';
import { exerciseChecklist } from './exercise-checklist';
import { type FeedbackPictureType, pictureForFeedback } from './feedback-picture';
import { ExerciseAttachmentStore } from './exercise-attachment.store';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Media types whose text the document readers of `documents/` can read. */
const READABLE_DOCUMENTS = new Set(['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'text/plain', 'text/markdown']);

type FeedbackPicture = NonNullable<ExerciseFeedbackRequest['attachmentImages']>[number];
const isPicture = (mediaType: string): mediaType is FeedbackPictureType => (FEEDBACK_IMAGE_MEDIA_TYPES as readonly string[]).includes(mediaType);

/** An attached picture as it would be sent (`pictureForFeedback`). */
export interface AttachedPicture {
  name: string;
  mediaType: FeedbackPictureType;
  bytes: Uint8Array;
}

/** Bytes a value takes as JSON in the request. */
const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * The request with as many pictures as fit in one NATS message (MAX_FEEDBACK_REQUEST_BYTES), in the
 * order they were attached; the others go by name as too large, so the feedback can say why it did
 * not look at them. Their names are counted from the start, so adding pictures never overflows.
 */
export function withPicturesThatFit(request: ExerciseFeedbackRequest, pictures: AttachedPicture[]): ExerciseFeedbackRequest {
  let size = jsonBytes({ ...request, attachmentImages: [], imagesTooLarge: pictures.map((picture) => picture.name) });
  const attachmentImages: FeedbackPicture[] = [];
  const imagesTooLarge: string[] = [];
  for (const picture of pictures) {
    // Base64 grows bytes by a third; a picture that cannot fit is not even encoded.
    const entry =
      size + Math.ceil(picture.bytes.length / 3) * 4 < MAX_FEEDBACK_REQUEST_BYTES
        ? { name: picture.name, mediaType: picture.mediaType, data: Buffer.from(picture.bytes).toString('base64') }
        : null;
    const added = entry === null ? 0 : jsonBytes(entry) + 1;
    if (entry !== null && size + added <= MAX_FEEDBACK_REQUEST_BYTES) {
      attachmentImages.push(entry);
      size += added;
    } else {
      imagesTooLarge.push(picture.name);
    }
  }
  return { ...request, attachmentImages, imagesTooLarge };
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
 * exercise's checklist. Feedback never blocks a submission: a feature switched off is `off`, any
 * other refusal or failure `unavailable` with its reason.
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
      const request = withPicturesThatFit(
        {
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
          checkedItems: submitted.checkedItems.slice(0, 50),
        },
        pictures,
      );
      const reply = await this.client.write(request, { caller });
      return { status: 'given', language, text: reply.text, covered: reply.covered, missing: reply.missing, provider: reply.provider, model: reply.model };
    } catch (error) {
      if (error instanceof SvcAiRefusal && error.reply.statusCode === 403) return { ...none, status: 'off', message: error.reply.message, reason: 'turned-off' };
      const reply = error instanceof RpcException ? error.getError() : undefined;
      const message = typeof reply === 'object' && reply !== null && 'message' in reply ? String(reply.message) : 'Feedback could not be written now';
      const statusCode = typeof reply === 'object' && reply !== null && 'statusCode' in reply ? Number(reply.statusCode) : undefined;
      this.logger.warn({ err: error, lessonId: lesson.id }, 'exercise feedback unavailable; the submission is kept without it');
      return { ...none, status: 'unavailable', message, reason: reasonOf(error, statusCode) };
    }
  }

  /**
   * The text of each attached document and workbook, and the bytes of each picture (svc-ai decides
   * whether its model can look at them); files that cannot be read are named as unread.
   */
  private async attachmentContents(
    attachments: StoredExerciseAttachment[],
  ): Promise<{ texts: Array<{ name: string; text: string }>; unread: string[]; pictures: AttachedPicture[] }> {
    const texts: Array<{ name: string; text: string }> = [];
    const unread: string[] = [];
    const pictures: AttachedPicture[] = [];
    for (const attachment of attachments) {
      if (isPicture(attachment.mediaType)) {
        const picture = await this.pictureOf(attachment, attachment.mediaType);
        if (picture === null) unread.push(attachment.name);
        else pictures.push({ name: attachment.name, ...picture });
        continue;
      }
      const text = await this.textOf(attachment);
      if (text === null) unread.push(attachment.name);
      else texts.push({ name: attachment.name, text: clip(text) });
    }
    return { texts, unread, pictures };
  }

  /** A picture's bytes as sent for feedback (a phone photo reduced), or null when it cannot be read. */
  private async pictureOf(attachment: StoredExerciseAttachment, mediaType: FeedbackPictureType): Promise<{ mediaType: FeedbackPictureType; bytes: Uint8Array } | null> {
    const bytes = await this.store.read(attachment.attachmentId);
    if (bytes === null) return null;
    try {
      return await pictureForFeedback(bytes, mediaType);
    } catch (error) {
      this.logger.info({ err: error, name: attachment.name }, 'could not read an attached picture');
      return null;
    }
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
