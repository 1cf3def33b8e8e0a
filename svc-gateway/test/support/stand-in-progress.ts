import {
  CourseProgress,
  describeValidationError,
  getCourseProgressRequestSchema,
  PROGRESS_SUBJECTS,
  RecordLessonProgressRequest,
  recordLessonProgressRequestSchema,
} from '@masar/contracts';
import { NatsConnection } from 'nats';
import { StandInService } from './stand-in-services';

/**
 * svc-progress as the gateway sees it, on the real NATS (the Nest wire format, requests checked
 * against the contracts), from progress held in memory. The real service is held to the same
 * subjects by svc-gateway-svc-progress.json.
 */
interface Entry {
  /** Undefined: whoever asks (provider states set progress up for the signed-in person). */
  userId?: string;
  completed: string[];
  started: string[];
  secondsSpent: number;
  lastActivityAt: string | null;
}

export class StandInProgress extends StandInService {
  private readonly entries = new Map<string, Entry>();

  constructor(nats: NatsConnection) {
    super(nats, 'progress', {
      [PROGRESS_SUBJECTS.GET_COURSE_PROGRESS]: (data) => {
        const parsed = getCourseProgressRequestSchema.safeParse(data);
        if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
        return { response: this.progressOf(parsed.data.userId, parsed.data.courseId) };
      },
      [PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS]: (data) => {
        const parsed = recordLessonProgressRequestSchema.safeParse(data);
        if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
        return { response: this.record(parsed.data) };
      },
    });
  }

  reset(): void {
    this.entries.clear();
    this.received.length = 0;
  }

  private record({ userId, courseId, lessonId, status, secondsSpent }: RecordLessonProgressRequest): CourseProgress {
    const entry = this.entryOf(userId, courseId) ?? { userId, completed: [], started: [], secondsSpent: 0, lastActivityAt: null };
    if (status === 'completed' && !entry.completed.includes(lessonId)) entry.completed.unshift(lessonId);
    if (!entry.started.includes(lessonId)) entry.started.unshift(lessonId);
    entry.secondsSpent += secondsSpent;
    entry.lastActivityAt = new Date().toISOString();
    this.entries.set(courseId, entry);
    return this.progressOf(userId, courseId);
  }

  /** PROGRESS_PROVIDER_STATES.HAS_PROGRESS / NO_PROGRESS */
  seed(params: { userId?: string; courseId: string; completedLessonIds?: string[]; startedLessonIds?: string[] }): void {
    const completed = params.completedLessonIds ?? [];
    this.entries.set(params.courseId, {
      userId: params.userId,
      completed,
      started: [...(params.startedLessonIds ?? []), ...completed],
      secondsSpent: 0,
      lastActivityAt: completed.length + (params.startedLessonIds ?? []).length > 0 ? new Date().toISOString() : null,
    });
  }

  private entryOf(userId: string, courseId: string): Entry | undefined {
    const entry = this.entries.get(courseId);
    return entry && (entry.userId === undefined || entry.userId === userId) ? entry : undefined;
  }

  private progressOf(userId: string, courseId: string): CourseProgress {
    const entry = this.entryOf(userId, courseId);
    return {
      courseId,
      completedLessonIds: entry?.completed ?? [],
      startedLessonIds: (entry?.started ?? []).filter((lessonId) => !entry?.completed.includes(lessonId)),
      secondsSpent: entry?.secondsSpent ?? 0,
      lastActivityAt: entry?.lastActivityAt ?? null,
    };
  }
}
