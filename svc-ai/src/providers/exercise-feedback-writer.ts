import { AiProvider, CheckedExerciseFeedbackRequest, Language, MAX_FEEDBACK_REQUEST_BYTES } from '@masar/contracts';

/** What a backend writes about a submission: the feedback text and the points it found covered or missing. */
export interface WrittenExerciseFeedback {
  text: string;
  covered: string[];
  missing: string[];
}

/** A backend that writes feedback on a learner's exercise work, in the request's language. */
export interface ExerciseFeedbackWriter {
  readonly name: AiProvider;
  write(request: CheckedExerciseFeedbackRequest): Promise<WrittenExerciseFeedback>;
}

export const EXERCISE_FEEDBACK_WRITERS = Symbol('EXERCISE_FEEDBACK_WRITERS');

/** The points work is checked against: the checklist (activities, then key points), each once. */
export function pointsToCheck(request: CheckedExerciseFeedbackRequest): string[] {
  return [...new Set([...request.exercise.checklist, ...request.exercise.keyPoints].map((point) => point.trim()).filter((point) => /[\p{L}\p{N}]/u.test(point)))];
}

/** Roughly how many kilobytes of pictures fit in one feedback request once base64 has grown them by a third. */
const PICTURE_KILOBYTES = Math.floor((MAX_FEEDBACK_REQUEST_BYTES * 3) / 4 / 1024);

const IMAGE_WORDING: Readonly<Record<Language, { looked: (names: string) => string; cannotRead: (names: string) => string; tooLarge: (names: string) => string }>> = {
  en: {
    looked: (names) => `This feedback looked at your pictures: ${names}.`,
    cannotRead: (names) =>
      `This feedback did not look at ${names}: it cannot read images, so anything shown only in them was not taken into account. An administrator reviewing your submission still sees them.`,
    tooLarge: (names) =>
      `This feedback did not look at ${names}: too large to send with your work (about ${PICTURE_KILOBYTES} KB of pictures at most), so anything shown only in them was not taken into account. An administrator reviewing your submission still sees them.`,
  },
  ar: {
    looked: (names) => `اطّلعت هذه الملاحظات على صورك: ${names}.`,
    cannotRead: (names) =>
      `لم تطّلع هذه الملاحظات على ${names}: فهي لا تستطيع قراءة الصور، لذا لم يُؤخذ في الحسبان ما يظهر فيها وحدها. ويرى المسؤول الذي يراجع تسليمك هذه الصور.`,
    tooLarge: (names) =>
      `لم تطّلع هذه الملاحظات على ${names}: حجمها أكبر من أن تُرسل مع عملك (نحو ${PICTURE_KILOBYTES} كيلوبايت من الصور على الأكثر)، لذا لم يُؤخذ في الحسبان ما يظهر فيها وحدها. ويرى المسؤول الذي يراجع تسليمك هذه الصور.`,
  },
};

/**
 * What feedback says about attached pictures, in the request's language, so it never seems to
 * have judged a picture it did not see: which ones the model looked at (`looked`: it reads images
 * and they were sent), and which it did not and why.
 */
export function pictureNotes(request: CheckedExerciseFeedbackRequest, looked: boolean): string[] {
  const wording = IMAGE_WORDING[request.language];
  const names = (items: string[]) => items.join(request.language === 'ar' ? '، ' : ', ');
  const sent = request.attachmentImages.map((image) => image.name);
  if (!looked) {
    const unseen = [...sent, ...request.imagesTooLarge];
    return unseen.length > 0 ? [wording.cannotRead(names(unseen))] : [];
  }
  return [
    ...(sent.length > 0 ? [wording.looked(names(sent))] : []),
    ...(request.imagesTooLarge.length > 0 ? [wording.tooLarge(names(request.imagesTooLarge))] : []),
  ];
}
