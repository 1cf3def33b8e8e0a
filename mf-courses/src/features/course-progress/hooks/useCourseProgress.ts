import type { CourseDetail } from '@masar/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useGetCourseProgressQuery } from '../course-progress.api';
import { summarizeCourseProgress, type CourseProgressSummary } from '../course-progress';

const NONE: ReadonlySet<string> = new Set();

export type CourseProgressView =
  /** External training, or a course without lessons: there is nothing of ours to complete. */
  | { status: 'none'; completedLessonIds: ReadonlySet<string> }
  | { status: 'loading'; completedLessonIds: ReadonlySet<string> }
  /** The progress call failed: the course still shows, without its progress. */
  | { status: 'unavailable'; completedLessonIds: ReadonlySet<string> }
  | ({ status: 'ready'; completedLessonIds: ReadonlySet<string> } & CourseProgressSummary);

/**
 * The signed-in person's progress in the course the detail page shows, with the bar's numbers;
 * asked for once the course is there and has lessons of ours.
 */
export function useCourseProgress(course: CourseDetail | undefined): CourseProgressView {
  const hasLessons = !!course && course.kind !== 'external' && course.modules.some((module) => module.lessons.length > 0);
  const { data, isError } = useGetCourseProgressQuery(hasLessons ? course.id : skipToken);

  return useMemo((): CourseProgressView => {
    if (!course || !hasLessons) return { status: 'none', completedLessonIds: NONE };
    // After a failed refresh the last progress read is still the best there is.
    if (data) {
      const completedLessonIds = new Set(data.progress.completedLessonIds);
      return { status: 'ready', completedLessonIds, ...summarizeCourseProgress(course, completedLessonIds) };
    }
    return { status: isError ? 'unavailable' : 'loading', completedLessonIds: NONE };
  }, [course, data, hasLessons, isError]);
}
