import { CheckedExerciseFeedbackRequest, Language, searchKeysOf } from '@masar/contracts';
import { ExerciseFeedbackWriter, FeedbackPictures, pictureNotes, pointsToCheck, WrittenExerciseFeedback } from '../exercise-feedback-writer';
import { isStopword } from './source-text';

/**
 * Feedback without a model: for each checklist item and key point of the exercise, whether the
 * learner's work (written, and the text of attached documents) uses enough of its meaningful words,
 * compared after normalisation (case, Arabic letter variants and article, common endings). It says
 * plainly that it is an automatic check of coverage, not a grade: it cannot judge quality, and it
 * cannot see attached pictures, which it names as not looked at.
 */

/** Share of a point's meaningful words the work must use for the point to count as addressed. */
const COVERAGE_SHARE = 0.5;

/**
 * A word reduced to what English and Arabic inflection leaves alone, so "plans", "planned" and
 * "planning", "stage" and "stages", or "مهارات" and "مهارة" meet. Deliberately light: a shared stem
 * is evidence of coverage, never proof.
 */
export function coverageKeyOf(key: string): string {
  if (/[\u0600-\u06FF]/.test(key)) {
    const stem = key.replace(/(?:ات|ون|ين|ان|ية|ه|ة)$/u, '');
    return stem.length >= 3 ? stem : key;
  }
  let stem = key;
  if (/(?:ing|ed)$/.test(stem) && stem.length >= 6) stem = stem.replace(/(?:ing|ed)$/, '').replace(/([b-df-hj-np-tv-z])\1$/, '$1');
  else if (/(?:s|x|z|ch|sh)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (/[^s]s$/.test(stem) && stem.length >= 4) stem = stem.slice(0, -1);
  stem = stem.replace(/e$/, '');
  return stem.length >= 3 ? stem : key;
}

/** The meaningful words of a text as coverage keys: no stop words, nothing shorter than 3 letters. */
export function coverageKeysOf(text: string): Set<string> {
  return new Set(searchKeysOf(text).filter((key) => key.length >= 3 && !isStopword(key)).map(coverageKeyOf));
}

/** Whether `work` addresses `point`: it uses at least half of the point's meaningful words (and at least one). */
export function addresses(workKeys: ReadonlySet<string>, point: string): boolean {
  const keys = [...coverageKeysOf(point)];
  if (keys.length === 0) return false;
  const used = keys.filter((key) => workKeys.has(key)).length;
  return used >= 1 && used / keys.length >= COVERAGE_SHARE;
}

const WORDING: Readonly<Record<Language, {
  intro: string;
  covered: (count: number, total: number) => string;
  allCovered: string;
  nothingToCheck: string;
  tickedUnmentioned: string;
  unread: (names: string) => string;
  read: (names: string) => string;
}>> = {
  en: {
    intro: 'This is an automatic check of coverage, not a grade: it compares the words of your work with each checklist item and key point of this exercise. It cannot judge how good your work is.',
    covered: (count, total) => `Your work addresses ${count} of the ${total} points of this exercise.`,
    allCovered: 'Every point of the exercise seems to be addressed.',
    nothingToCheck: 'This exercise has no checklist or key points to compare your work with, so coverage could not be checked.',
    tickedUnmentioned: 'You ticked these yourself, but your work does not seem to mention them:',
    unread: (names) => `Not read by this check (no text to read): ${names}.`,
    read: (names) => `The text of ${names} was included in the check.`,
  },
  ar: {
    intro: 'هذا فحص آلي للتغطية وليس تقييمًا: يقارن كلمات عملك بكل بند من قائمة التحقق وكل نقطة رئيسية في هذا التمرين، ولا يستطيع الحكم على جودة عملك.',
    covered: (count, total) => `يتناول عملك ${count} من أصل ${total} من نقاط هذا التمرين.`,
    allCovered: 'يبدو أن عملك يتناول كل نقاط التمرين.',
    nothingToCheck: 'لا يحتوي هذا التمرين على قائمة تحقق أو نقاط رئيسية لمقارنة عملك بها، لذا لم يمكن فحص التغطية.',
    tickedUnmentioned: 'حدّدت هذه البنود بنفسك، لكن عملك لا يبدو أنه يذكرها:',
    unread: (names) => `لم يقرأها هذا الفحص (لا نص فيها): ${names}.`,
    read: (names) => `أُدرج نص ${names} في الفحص.`,
  },
};

const list = (items: readonly string[]) => items.map((item) => `- ${item}`).join('\n');

export class OfflineExerciseFeedback implements ExerciseFeedbackWriter {
  readonly name = 'offline' as const;

  async write(request: CheckedExerciseFeedbackRequest, pictures: FeedbackPictures): Promise<WrittenExerciseFeedback> {
    const wording = WORDING[request.language];
    const points = pointsToCheck(request);
    const workKeys = coverageKeysOf([request.work, ...request.attachmentTexts.map((attachment) => attachment.text)].join('\n'));
    const covered = points.filter((point) => addresses(workKeys, point));
    const missing = points.filter((point) => !covered.includes(point));
    const paragraphs = [wording.intro];
    if (points.length === 0) {
      paragraphs.push(wording.nothingToCheck);
    } else {
      // The points themselves travel as `covered` and `missing`, shown as lists: the text only counts them.
      paragraphs.push(missing.length > 0 ? wording.covered(covered.length, points.length) : wording.allCovered);
      const tickedUnmentioned = request.checkedItems.filter((item) => missing.includes(item.trim()));
      if (tickedUnmentioned.length > 0) paragraphs.push(`${wording.tickedUnmentioned}\n${list(tickedUnmentioned)}`);
    }
    const read = request.attachmentTexts.filter((attachment) => /[\p{L}\p{N}]/u.test(attachment.text)).map((attachment) => attachment.name);
    if (read.length > 0) paragraphs.push(wording.read(read.join(request.language === 'ar' ? '، ' : ', ')));
    if (request.unreadAttachments.length > 0) paragraphs.push(wording.unread(request.unreadAttachments.join(request.language === 'ar' ? '، ' : ', ')));
    // It is never shown a picture (the service does not read them for it): the notes name each as not looked at.
    paragraphs.push(...pictureNotes(request.language, pictures));
    return { text: paragraphs.join('\n\n'), covered, missing };
  }
}
