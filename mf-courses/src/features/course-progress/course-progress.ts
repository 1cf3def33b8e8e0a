import { MAX_SECONDS_PER_REPORT, type CourseDetail } from '@masar/contracts';
import { lessonsInOrder } from '../courses/course-presentation';

/** The Course Progress bar's numbers: lessons of the course (all modules) completed, and their percent. */
export interface CourseProgressSummary {
  completed: number;
  total: number;
  /** Whole percent, rounded half up: 3 of 8 is 38. */
  percent: number;
}

/**
 * Counts only the course's current lessons, so a completed lesson that has since been removed
 * from the course does not push the bar past what is left to do.
 */
export function summarizeCourseProgress(
  course: Pick<CourseDetail, 'modules'>,
  completedLessonIds: ReadonlySet<string>,
): CourseProgressSummary {
  const lessons = lessonsInOrder(course);
  const completed = lessons.filter(({ lesson }) => completedLessonIds.has(lesson.id)).length;
  const total = lessons.length;
  return { completed, total, percent: total === 0 ? 0 : Math.round((completed * 100) / total) };
}

/** Seconds a lesson has been open, as one progress report may carry them: whole, never negative, at most 4 hours. */
export function secondsSpentSince(openedAtMs: number, nowMs: number): number {
  const seconds = Math.floor((nowMs - openedAtMs) / 1000);
  return Math.min(MAX_SECONDS_PER_REPORT, Math.max(0, seconds));
}
