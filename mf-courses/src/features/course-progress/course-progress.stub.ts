import { PROGRESS_QUEUED_MESSAGE, recordLessonProgressBodySchema, type CourseProgress, type RecordLessonProgressBody } from '@masar/contracts';
import { jsonResponse, type StubHandler } from '@masar/shell/testing';
import { buildCourseProgress } from './course-progress.factory';

interface QueuedReport {
  lessonId: string;
  body: RecordLessonProgressBody;
}

export interface ProgressStub {
  routes: Record<string, StubHandler>;
  current: () => CourseProgress;
  /**
   * Takes svc-progress away (reports answer 202 `{progress: null, message}` and wait, reads answer
   * 503) or brings it back, which records the waiting reports in the order they came.
   */
  setProgressServiceAway: (away: boolean) => void;
}

/**
 * `/api/progress` routes for `stubGateway` that keep one person's progress in one course the way
 * the gateway does: completing moves a lesson to the front of `completedLessonIds` (counted once),
 * starting a completed lesson leaves it completed, and every report answers the progress after it,
 * or, while svc-progress is away, is queued and answered 202.
 */
export function progressRoutes(initial: CourseProgress): ProgressStub {
  let progress = initial;
  let away = false;
  const queued: QueuedReport[] = [];

  const record = ({ lessonId, body }: QueuedReport) => {
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
  };

  const routes: Record<string, StubHandler> = {
    'GET /api/progress/courses/:courseId': (_request, { courseId }) =>
      away
        ? jsonResponse({ statusCode: 503, message: 'svc-progress is not answering' }, 503)
        : jsonResponse({ progress: courseId === progress.courseId ? progress : buildCourseProgress({ courseId }) }),
    'POST /api/progress/lessons/:lessonId': async (request, { lessonId }) => {
      const report = { lessonId, body: recordLessonProgressBodySchema.parse(await request.json()) };
      if (away) {
        queued.push(report);
        return jsonResponse({ progress: null, message: PROGRESS_QUEUED_MESSAGE }, 202);
      }
      record(report);
      return jsonResponse({ progress });
    },
  };

  return {
    routes,
    current: () => progress,
    setProgressServiceAway: (isAway) => {
      away = isAway;
      if (!away) queued.splice(0).forEach(record);
    },
  };
}
