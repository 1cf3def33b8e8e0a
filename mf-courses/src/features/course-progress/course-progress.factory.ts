import type { CourseProgress } from '@masar/contracts';

/** The signed-in person's progress in a course, as `GET /api/progress/courses/:courseId` answers it. */
export function buildCourseProgress(overrides: Partial<CourseProgress> & Pick<CourseProgress, 'courseId'>): CourseProgress {
  return {
    completedLessonIds: [],
    startedLessonIds: [],
    secondsSpent: 0,
    lastActivityAt: null,
    ...overrides,
  };
}
