import { recordLessonProgressBodySchema, type CourseProgress } from '@masar/contracts';
import { jsonResponse, type StubHandler } from '@masar/shell/testing';
import { buildCourseProgress } from './course-progress.factory';

/**
 * `/api/progress` routes for `stubGateway` that keep one person's progress in one course the way
 * the gateway does: completing moves a lesson to the front of `completedLessonIds` (counted once),
 * starting a completed lesson leaves it completed, and every report answers the progress after it.
 */
export function progressRoutes(initial: CourseProgress): { routes: Record<string, StubHandler>; current: () => CourseProgress } {
  let progress = initial;
  const routes: Record<string, StubHandler> = {
    'GET /api/progress/courses/:courseId': (_request, { courseId }) =>
      jsonResponse({ progress: courseId === progress.courseId ? progress : buildCourseProgress({ courseId }) }),
    'POST /api/progress/lessons/:lessonId': async (request, { lessonId }) => {
      const body = recordLessonProgressBodySchema.parse(await request.json());
      const completed = progress.completedLessonIds.includes(lessonId);
      progress = {
        ...progress,
        completedLessonIds:
          body.status === 'completed' ? [lessonId, ...progress.completedLessonIds.filter((id) => id !== lessonId)] : progress.completedLessonIds,
        startedLessonIds:
          body.status === 'completed' || completed
            ? progress.startedLessonIds.filter((id) => id !== lessonId)
            : [...new Set([...progress.startedLessonIds, lessonId])],
        secondsSpent: progress.secondsSpent + body.secondsSpent,
        lastActivityAt: new Date().toISOString(),
      };
      return jsonResponse({ progress });
    },
  };
  return { routes, current: () => progress };
}
