import {
  type FactCheckLessonsReply,
  type FactCheckLessonsRequest,
  looksBlank,
  MAX_FACT_CHECKED_LESSON_CHARACTERS,
  MAX_LESSONS_PER_FACT_CHECK_REQUEST,
} from '@masar/contracts';
import { type CheckResult, lessonsOf, type PlacedLesson, resultOf, type ReviewedCourse } from './course-check';

/*
 * The factual-consistency check: unlike the others it is not pure, a language model in svc-ai reads
 * the lessons (`ai.quality.fact-check`). These functions build its requests and turn the replies
 * into results; the review worker does the asking, and leaves the check out when svc-ai cannot.
 */

/** The longest title a fact-check request takes (the contract's limit). */
const MAX_TITLE_CHARACTERS = 300;

/** The lessons worth checking for facts: every lesson with text, except quizzes (their answers are checked offline). */
function checkedLessons(course: ReviewedCourse): PlacedLesson[] {
  return lessonsOf(course).filter(({ lesson }) => lesson.type !== 'quiz' && !looksBlank(lesson.content));
}

/**
 * The fact-check requests for a course: its lessons in course order, at most
 * MAX_LESSONS_PER_FACT_CHECK_REQUEST each, keyed by lesson id; a longer lesson sends its beginning.
 * Empty when no lesson has text to check.
 */
export function factCheckRequestsOf(course: ReviewedCourse): FactCheckLessonsRequest[] {
  const lessons = checkedLessons(course).map(({ lesson }) => ({
    key: lesson.id,
    title: lesson.title.slice(0, MAX_TITLE_CHARACTERS),
    content: lesson.content.slice(0, MAX_FACT_CHECKED_LESSON_CHARACTERS),
  }));
  const requests: FactCheckLessonsRequest[] = [];
  for (let from = 0; from < lessons.length; from += MAX_LESSONS_PER_FACT_CHECK_REQUEST) {
    requests.push({
      course: { title: course.title.slice(0, MAX_TITLE_CHARACTERS), language: course.language === 'ar' ? 'ar' : 'en' },
      lessons: lessons.slice(from, from + MAX_LESSONS_PER_FACT_CHECK_REQUEST),
    });
  }
  return requests;
}

/**
 * The results of the replies: a failed result per finding (its severity, its lesson, “claim”:
 * problem), a passed one per checked lesson without findings. A key that names no lesson of the
 * course is ignored: svc-ai only echoes keys it was sent.
 */
export function factualConsistencyResults(course: ReviewedCourse, replies: readonly FactCheckLessonsReply[]): CheckResult[] {
  const byId = new Map(lessonsOf(course).map((placed) => [placed.lesson.id, placed]));
  const results: CheckResult[] = [];
  for (const reply of replies) {
    for (const key of reply.checkedKeys) {
      const placed = byId.get(key);
      if (!placed) continue;
      const findings = reply.findings.filter((finding) => finding.key === key);
      if (findings.length === 0) {
        results.push(resultOf('factual-consistency', 'major', true, placed, `No factual problem found in "${placed.lesson.title}".`));
        continue;
      }
      for (const finding of findings) {
        results.push(resultOf('factual-consistency', finding.severity, false, placed, `“${finding.claim}”: ${finding.problem}`));
      }
    }
  }
  return results;
}

/** The task log line of a review whose courses were not fact-checked, and why. */
export function factCheckSkippedLine(message: string): string {
  return `Factual consistency not checked: ${message}`;
}
