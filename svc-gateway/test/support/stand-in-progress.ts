import {
  CourseProgress,
  generateLearningPathRequestSchema,
  getCourseProgressRequestSchema,
  LEARNING_PATH_NOT_FOUND_MESSAGE,
  LearningPath,
  learningPathRequestSchema,
  listLearningPathsRequestSchema,
  updateLearningPathRequestSchema,
  PROGRESS_SUBJECTS,
  AcquiredSkill,
  adminStatsRequestSchema,
  LessonProgressReportedEvent,
  lessonProgressReportedEventSchema,
  learnerSkillsRequestSchema,
  ProgressAdminStats,
  ProgressOverview,
  progressOverviewRequestSchema,
  saveSelfAssessmentRequestSchema,
} from '@masar/contracts';
import { randomUUID } from 'node:crypto';
import { NatsConnection } from 'nats';
import { z } from 'zod';
import { invalid, Reply, StandInService } from './stand-in-services';

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

/** Checks a request against its contract and answers, or answers the 400 svc-progress would. */
function validated<T>(schema: z.ZodType<T>, answer: (request: T) => Reply) {
  return (data: unknown): Reply => {
    const parsed = schema.safeParse(data);
    return parsed.success ? answer(parsed.data) : invalid(parsed.error);
  };
}

/** The key under which an overview answers whoever asks. */
export const ANYONE = '*';

export const EMPTY_OVERVIEW: ProgressOverview = {
  overallPercent: 0,
  completedCount: 0,
  inProgressCount: 0,
  pendingCount: 0,
  hoursSpent: 0,
  courses: [],
  skillsAcquired: [],
  upcomingDeadlines: [],
  achievements: [],
  learningPath: null,
};

export const EMPTY_ADMIN_STATS: ProgressAdminStats = {
  activeLearningPaths: 0,
  skillsMapped: 0,
  completionRate: 0,
  recentLearningPaths: [],
  systemActivity: [],
};

export class StandInProgress extends StandInService {
  private readonly entries = new Map<string, Entry>();
  /** Learning paths by id: generated with no courses (planning is svc-progress' own, tested there). */
  readonly paths = new Map<string, LearningPath>();
  /** Overviews by learner (ANYONE: whoever asks), as provider states and tests set them. */
  readonly overviews = new Map<string, ProgressOverview>();
  readonly skills = new Map<string, AcquiredSkill[]>();
  adminStats: ProgressAdminStats = EMPTY_ADMIN_STATS;

  constructor(nats: NatsConnection) {
    super(nats, 'progress', {
      [PROGRESS_SUBJECTS.GET_COURSE_PROGRESS]: validated(getCourseProgressRequestSchema, ({ userId, courseId }) => ({
        response: this.progressOf(userId, courseId),
      })),
      [PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS]: validated(lessonProgressReportedEventSchema, (request) => ({
        response: this.record(request),
      })),
      [PROGRESS_SUBJECTS.GET_PROGRESS_OVERVIEW]: validated(progressOverviewRequestSchema, ({ userId }) => ({
        response: { progress: this.overviews.get(userId) ?? this.overviews.get(ANYONE) ?? EMPTY_OVERVIEW },
      })),
      [PROGRESS_SUBJECTS.LIST_LEARNER_SKILLS]: validated(learnerSkillsRequestSchema, ({ userId }) => ({
        response: { skills: this.skills.get(userId) ?? [] },
      })),
      [PROGRESS_SUBJECTS.SAVE_SELF_ASSESSMENT]: validated(saveSelfAssessmentRequestSchema, ({ userId, skills }) => {
        const byKey = new Map((this.skills.get(userId) ?? []).map((entry) => [entry.skill.toLowerCase(), entry]));
        for (const { skill, level } of skills) {
          if (level === 'none') byKey.delete(skill.toLowerCase());
          else byKey.set(skill.toLowerCase(), { skill, level, source: 'self-assessment', updatedAt: new Date().toISOString() });
        }
        this.skills.set(userId, [...byKey.values()]);
        return { response: { skills: this.skills.get(userId) } };
      }),
      [PROGRESS_SUBJECTS.GET_ADMIN_STATS]: validated(adminStatsRequestSchema, () => ({ response: this.adminStats })),
      [PROGRESS_SUBJECTS.GENERATE_LEARNING_PATH]: validated(generateLearningPathRequestSchema, (request) => {
        const now = new Date().toISOString();
        const path: LearningPath = {
          id: randomUUID(),
          userId: request.userId,
          jobDescriptionId: request.jobDescriptionId,
          jobTitle: request.jobTitle,
          weeklyHours: request.weeklyHours,
          startDate: now.slice(0, 10),
          gaps: [],
          courses: [],
          milestones: [],
          uncoveredSkills: request.confirmedSkills.map((skill) => skill.name),
          totalHours: 0,
          monthsNeeded: 0,
          createdAt: now,
          updatedAt: now,
        };
        this.paths.set(path.id, path);
        return { response: { learningPath: path } };
      }),
      [PROGRESS_SUBJECTS.LIST_LEARNING_PATHS]: validated(listLearningPathsRequestSchema, ({ userId }) => ({
        response: { items: [...this.paths.values()].filter((path) => path.userId === userId).reverse() },
      })),
      [PROGRESS_SUBJECTS.GET_LEARNING_PATH]: validated(learningPathRequestSchema, ({ id, userId }) => {
        const path = this.paths.get(id);
        return path?.userId === userId ? { response: { learningPath: path } } : { err: { statusCode: 404, message: LEARNING_PATH_NOT_FOUND_MESSAGE } };
      }),
      [PROGRESS_SUBJECTS.UPDATE_LEARNING_PATH]: validated(updateLearningPathRequestSchema, ({ id, userId, changes }) => {
        const path = this.paths.get(id);
        if (path?.userId !== userId) return { err: { statusCode: 404, message: LEARNING_PATH_NOT_FOUND_MESSAGE } };
        const updated = { ...path, weeklyHours: changes.weeklyHours ?? path.weeklyHours, updatedAt: new Date().toISOString() };
        this.paths.set(id, updated);
        return { response: { learningPath: updated } };
      }),
      [PROGRESS_SUBJECTS.DELETE_LEARNING_PATH]: validated(learningPathRequestSchema, ({ id, userId }) => {
        if (this.paths.get(id)?.userId !== userId) return { err: { statusCode: 404, message: LEARNING_PATH_NOT_FOUND_MESSAGE } };
        this.paths.delete(id);
        return { response: { deleted: true, id } };
      }),
    });
  }

  reset(): void {
    this.entries.clear();
    this.paths.clear();
    this.overviews.clear();
    this.skills.clear();
    this.adminStats = EMPTY_ADMIN_STATS;
    this.received.length = 0;
  }

  private record(report: LessonProgressReportedEvent): CourseProgress {
    const { userId, courseId, lessonId, status, secondsSpent } = report;
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
