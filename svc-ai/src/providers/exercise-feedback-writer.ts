import { AiProvider, CheckedExerciseFeedbackRequest, Language } from '@masar/contracts';
import { FEEDBACK_PICTURE_MAX_PIXELS, FEEDBACK_PICTURE_MAX_READ_BYTES } from '../exercise-feedback/feedback-picture';

/** What a backend writes about a submission: the feedback text and the points it found covered or missing. */
export interface WrittenExerciseFeedback {
  text: string;
  covered: string[];
  missing: string[];
}

/** Why an attached picture was not shown to the model. */
export type PictureNotShownReason = 'cannot-read-images' | 'too-large' | 'damaged';

/** The attached pictures as the feedback treats them: those the model is shown, and the others with why. */
export interface FeedbackPictures {
  /** In attached order; `data` is base64 without a `data:` prefix. */
  shown: Array<{ name: string; mediaType: string; data: string }>;
  notShown: Array<{ name: string; why: PictureNotShownReason }>;
}

/** Every attached picture named as not looked at because the writer cannot read images (offline, or a model without OPENAI_VISION). */
export function picturesNotRead(request: CheckedExerciseFeedbackRequest): FeedbackPictures {
  return { shown: [], notShown: request.attachmentImages.map((image) => ({ name: image.name, why: 'cannot-read-images' })) };
}

/** A backend that writes feedback on a learner's exercise work, in the request's language. */
export interface ExerciseFeedbackWriter {
  readonly name: AiProvider;
  write(request: CheckedExerciseFeedbackRequest, pictures: FeedbackPictures): Promise<WrittenExerciseFeedback>;
}

export const EXERCISE_FEEDBACK_WRITERS = Symbol('EXERCISE_FEEDBACK_WRITERS');

/** The points work is checked against: the checklist (activities, then key points), each once. */
export function pointsToCheck(request: CheckedExerciseFeedbackRequest): string[] {
  return [...new Set([...request.exercise.checklist, ...request.exercise.keyPoints].map((point) => point.trim()).filter((point) => /[\p{L}\p{N}]/u.test(point)))];
}

const IMAGE_WORDING: Readonly<Record<Language, { looked: (names: string) => string } & Record<PictureNotShownReason, (names: string) => string>>> = {
  en: {
    looked: (names) => `This feedback looked at your pictures: ${names}.`,
    'cannot-read-images': (names) =>
      `This feedback did not look at ${names}: it cannot read images, so anything shown only in them was not taken into account. An administrator reviewing your submission still sees them.`,
    'too-large': (names) =>
      `This feedback did not look at ${names}: too large to read (over ${MAX_PICTURE_MEGABYTES} MB or ${MAX_PICTURE_MEGAPIXELS} million pixels), so anything shown only in them was not taken into account. An administrator reviewing your submission still sees them.`,
    damaged: (names) =>
      `This feedback did not look at ${names}: the picture could not be opened (it may be damaged), so anything shown only in it was not taken into account. An administrator reviewing your submission still sees it.`,
  },
  ar: {
    looked: (names) => `اطّلعت هذه الملاحظات على صورك: ${names}.`,
    'cannot-read-images': (names) =>
      `لم تطّلع هذه الملاحظات على ${names}: فهي لا تستطيع قراءة الصور، لذا لم يُؤخذ في الحسبان ما يظهر فيها وحدها. ويرى المسؤول الذي يراجع تسليمك هذه الصور.`,
    'too-large': (names) =>
      `لم تطّلع هذه الملاحظات على ${names}: حجمها أكبر من أن يُقرأ (أكثر من ${MAX_PICTURE_MEGABYTES} ميغابايت أو ${MAX_PICTURE_MEGAPIXELS} مليون بكسل)، لذا لم يُؤخذ في الحسبان ما يظهر فيها وحدها. ويرى المسؤول الذي يراجع تسليمك هذه الصور.`,
    damaged: (names) =>
      `لم تطّلع هذه الملاحظات على ${names}: تعذّر فتح الصورة (ربما تكون تالفة)، لذا لم يُؤخذ في الحسبان ما يظهر فيها وحدها. ويرى المسؤول الذي يراجع تسليمك هذه الصورة.`,
  },
};

const MAX_PICTURE_MEGABYTES = FEEDBACK_PICTURE_MAX_READ_BYTES / (1024 * 1024);
const MAX_PICTURE_MEGAPIXELS = FEEDBACK_PICTURE_MAX_PIXELS / 1_000_000;

/**
 * What feedback says about attached pictures, in the request's language, so it never seems to
 * have judged a picture it did not see: which ones the model looked at, and which it did not and why.
 */
export function pictureNotes(language: Language, pictures: FeedbackPictures): string[] {
  const wording = IMAGE_WORDING[language];
  const names = (items: string[]) => items.join(language === 'ar' ? '، ' : ', ');
  const notes = pictures.shown.length > 0 ? [wording.looked(names(pictures.shown.map((picture) => picture.name)))] : [];
  for (const why of ['cannot-read-images', 'too-large', 'damaged'] as const) {
    const unseen = pictures.notShown.filter((picture) => picture.why === why).map((picture) => picture.name);
    if (unseen.length > 0) notes.push(wording[why](names(unseen)));
  }
  return notes;
}
