import type { EmbedFrameMessage } from '@masar/contracts';
import type { UnknownAction } from '@reduxjs/toolkit';

/** The parts of an RTK Query mutation's fulfilled action this reads; everything else is ignored. */
interface FulfilledMutation {
  type: string;
  payload?: unknown;
  meta?: { arg?: { type?: string; endpointName?: string; originalArgs?: unknown } };
}

interface CachedQuery {
  endpointName?: string;
  originalArgs?: unknown;
  data?: unknown;
}

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/** Lesson ids of a course the frame has loaded (mf-courses' `getCourse`), or null when it has not. */
function lessonIdsOfCachedCourse(queries: Record<string, CachedQuery | undefined>, courseId: string): string[] | null {
  for (const query of Object.values(queries)) {
    if (query?.endpointName !== 'getCourse' || query.originalArgs !== courseId) continue;
    const modules = record(record(query.data).course).modules;
    if (!Array.isArray(modules)) return null;
    return modules.flatMap((module) => {
      const lessons = record(module).lessons;
      return Array.isArray(lessons) ? lessons.map((lesson) => String(record(lesson).id)) : [];
    });
  }
  return null;
}

/**
 * The domain events a frame tells its host, read from mutations that succeeded in the one store:
 * a generated learning path, a completed lesson and, when that lesson was the course's last one,
 * a completed course. Only ids leave the frame. `apiQueries` is the store's RTK Query cache.
 */
export function domainEventsOf(action: UnknownAction, apiQueries: Record<string, CachedQuery | undefined>): EmbedFrameMessage[] {
  const mutation = action as FulfilledMutation;
  if (!mutation.type.endsWith('/executeMutation/fulfilled') || mutation.meta?.arg?.type !== 'mutation') return [];
  const args = record(mutation.meta.arg.originalArgs);
  switch (mutation.meta.arg.endpointName) {
    case 'generateLearningPath': {
      const id = record(record(mutation.payload).learningPath).id;
      return typeof id === 'string' ? [{ type: 'masar:path-generated', learningPathId: id }] : [];
    }
    case 'recordLessonProgress': {
      const { courseId, lessonId, status } = args;
      if (status !== 'completed' || typeof courseId !== 'string' || typeof lessonId !== 'string') return [];
      const events: EmbedFrameMessage[] = [{ type: 'masar:lesson-completed', courseId, lessonId }];
      const completed = record(record(mutation.payload).progress).completedLessonIds;
      const lessons = lessonIdsOfCachedCourse(apiQueries, courseId);
      if (Array.isArray(completed) && lessons && lessons.length > 0 && lessons.every((id) => completed.includes(id))) {
        events.push({ type: 'masar:course-completed', courseId });
      }
      return events;
    }
    default:
      return [];
  }
}
