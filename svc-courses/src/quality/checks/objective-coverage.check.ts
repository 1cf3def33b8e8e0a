import { contentWords, splitSentences } from '../../documents/sentence-analysis';
import { type CheckResult, fullTextOf, lessonsOf, quoteOf, type ReviewedCourse, resultOf } from './course-check';

/** An objective is covered by a lesson whose text holds at least this share of the objective's content words. */
export const OBJECTIVE_COVERAGE = 0.5;
/** Words this long match on their first letters, so "de-escalate" finds "de-escalation", "troubleshoot" "troubleshooting". */
const PREFIX_LENGTH = 6;

function prefixOf(word: string): string {
  return word.length >= PREFIX_LENGTH ? word.slice(0, PREFIX_LENGTH) : word;
}

/** "By the end of this course, learners will be able to …": the frame around what is to be learnt. */
const LEAD_INS = [
  /^(?:by the end of (?:this|the) (?:course|module|training|programme|program),?\s*)?(?:learners|you|participants|students|employees)\s+(?:will|should)\s+(?:be able to\s+)?/i,
  /^(?:في نهاية (?:هذه|هذا) (?:الدورة|الدوره|البرنامج|الوحدة)،?\s*)?(?:سيتمكن|سيكون|يتمكن)\s+(?:المتعلمون|المشاركون|المتدربون|المتعلم)\s+(?:من|قادرين على)\s+/,
];

/**
 * Words every objective uses and no lesson needs to repeat: the verbs of learning outcomes and the
 * words about the course itself. Passed through contentWords, so they are compared as it stems.
 */
const OBJECTIVE_FRAME_WORDS = new Set(
  contentWords(
    'identify explain describe understand apply know learn demonstrate analyse analyze evaluate create design develop build ' +
      'compare define recognise recognize summarise summarize discuss outline perform practise practice able ability learner ' +
      'participant student course module lesson core idea ideas day-to-day day work effective effectively confidently clear ' +
      'تحديد شرح وصف فهم تطبيق استخدام معرفة تعلم تحليل تقييم إنشاء تصميم تطوير مقارنة تعريف تلخيص مناقشة ممارسة قادر المتعلم الدورة الوحدة الدرس العمل',
  ),
);

/** The course objective as separate objectives: by sentence, line, semicolon and comma. */
export function objectivesOf(objective: string): string[] {
  const parts: string[] = [];
  for (const sentence of splitSentences(objective)) {
    let rest = sentence;
    for (const leadIn of LEAD_INS) rest = rest.replace(leadIn, '');
    for (const clause of rest.split(/[;؛,،]\s*/)) {
      const text = clause.replace(/^(?:and|or|then|و|ثم)\s+/i, '').replace(/[.!?؟]+$/, '').trim();
      // A clause too short to stand alone ("and severity") belongs to the one before it.
      if (significantWords(text).length < 2 && parts.length > 0) parts[parts.length - 1] += `, ${text}`;
      else if (text.length > 0) parts.push(text);
    }
  }
  return parts.filter((part) => significantWords(part).length >= 2);
}

function significantWords(text: string): string[] {
  return [...new Set(contentWords(text).filter((word) => !OBJECTIVE_FRAME_WORDS.has(word)))];
}

/** Each of the course's objectives is taught by at least one lesson (major). Nothing when it states none. */
export function checkObjectiveCoverage(course: ReviewedCourse): CheckResult[] {
  if (!course.objective) return [];
  const lessons = lessonsOf(course).map(({ lesson }) => ({
    lesson,
    words: new Set(contentWords(`${lesson.title}\n${fullTextOf(lesson)}`).map(prefixOf)),
  }));
  return objectivesOf(course.objective).map((objective) => {
    const words = significantWords(objective);
    let best: { title: string; share: number } | null = null;
    for (const { lesson, words: lessonWords } of lessons) {
      const share = words.filter((word) => lessonWords.has(prefixOf(word))).length / words.length;
      if (!best || share > best.share) best = { title: lesson.title, share };
    }
    return best && best.share >= OBJECTIVE_COVERAGE
      ? resultOf('objective-coverage', 'major', true, {}, `The objective ${quoteOf(objective)} is taught in the lesson "${best.title}".`)
      : resultOf('objective-coverage', 'major', false, {}, `No lesson teaches the objective ${quoteOf(objective)}: no lesson uses even half of its key words.`);
  });
}
