import {
  type Caller,
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

/**
 * Checks a request against its contract and answers for the caller the gateway named, or answers
 * the 400 (bad request) or 401 (nobody named) svc-progress would.
 */
function validated<T>(schema: z.ZodType<T>, answer: (request: T, caller: Caller) => Reply) {
  return (data: unknown, caller: Caller | null): Reply => {
    if (!caller) return { err: { statusCode: 401, message: 'The request does not say who is asking' } };
    const parsed = schema.safeParse(data);
    return parsed.success ? answer(parsed.data, caller) : invalid(parsed.error);
  };
}

const PATH_NOT_FOUND: Reply = { err: { statusCode: 404, message: LEARNING_PATH_NOT_FOUND_MESSAGE } };

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

  constructor() {
    super('progress', {
      [PROGRESS_SUBJECTS.GET_COURSE_PROGRESS]: validated(getCourseProgressRequestSchema, ({ courseId }, caller) => ({
        response: this.progressOf(caller.id, courseId),
      })),
      // The report names its learner (it is also an event on the stream): no caller needed.
      [PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS]: (data) => {
        const parsed = lessonProgressReportedEventSchema.safeParse(data);
        return parsed.success ? { response: this.record(parsed.data) } : invalid(parsed.error);
      },
      [PROGRESS_SUBJECTS.GET_PROGRESS_OVERVIEW]: validated(progressOverviewRequestSchema, (_request, caller) => ({
        response: { progress: this.overviews.get(caller.id) ?? this.overviews.get(ANYONE) ?? EMPTY_OVERVIEW },
      })),
      [PROGRESS_SUBJECTS.LIST_LEARNER_SKILLS]: validated(learnerSkillsRequestSchema, (_request, caller) => ({
        response: { skills: this.skills.get(caller.id) ?? [] },
      })),
      [PROGRESS_SUBJECTS.SAVE_SELF_ASSESSMENT]: validated(saveSelfAssessmentRequestSchema, ({ skills }, { id: userId }) => {
        const byKey = new Map((this.skills.get(userId) ?? []).map((entry) => [entry.skill.toLowerCase(), entry]));
        for (const { skill, level } of skills) {
          if (level === 'none') byKey.delete(skill.toLowerCase());
          else byKey.set(skill.toLowerCase(), { skill, level, source: 'self-assessment', updatedAt: new Date().toISOString() });
        }
        this.skills.set(userId, [...byKey.values()]);
        return { response: { skills: this.skills.get(userId) } };
      }),
      [PROGRESS_SUBJECTS.GET_ADMIN_STATS]: validated(adminStatsRequestSchema, () => ({ response: this.adminStats })),
      [PROGRESS_SUBJECTS.GENERATE_LEARNING_PATH]: validated(generateLearningPathRequestSchema, (request, caller) => {
        const now = new Date().toISOString();
        const path: LearningPath = {
          id: randomUUID(),
          userId: caller.id,
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
          fit: { choice: 'fits' as const, allCoursesHours: 0, weeklyHoursToFitAll: 1, proposedWeeklyHours: null, proposalLimit: 6, ramadanLoadFactor: 0.5, holyPeriods: [] },
          nextYear: { skills: [], courses: [], totalHours: 0, monthsAtBudget: 0 },
          createdAt: now,
          updatedAt: now,
        };
        this.paths.set(path.id, path);
        return { response: { learningPath: path } };
      }),
      // Like svc-progress: a learner's own paths; an admin may list one person's and read or delete anybody's.
      [PROGRESS_SUBJECTS.LIST_LEARNING_PATHS]: validated(listLearningPathsRequestSchema, ({ ownerId }, caller) => {
        const userId = caller.role === 'admin' && ownerId ? ownerId : caller.id;
        return { response: { items: [...this.paths.values()].filter((path) => path.userId === userId).reverse() } };
      }),
      [PROGRESS_SUBJECTS.GET_LEARNING_PATH]: validated(learningPathRequestSchema, ({ id }, caller) => {
        const path = this.paths.get(id);
        return path && (path.userId === caller.id || caller.role === 'admin') ? { response: { learningPath: path } } : PATH_NOT_FOUND;
      }),
      [PROGRESS_SUBJECTS.UPDATE_LEARNING_PATH]: validated(updateLearningPathRequestSchema, ({ id, changes }, caller) => {
        const path = this.paths.get(id);
        if (!path || path.userId !== caller.id) return PATH_NOT_FOUND;
        const updated = { ...path, weeklyHours: changes.weeklyHours ?? path.weeklyHours, updatedAt: new Date().toISOString() };
        this.paths.set(id, updated);
        return { response: { learningPath: updated } };
      }),
      [PROGRESS_SUBJECTS.DELETE_LEARNING_PATH]: validated(learningPathRequestSchema, ({ id }, caller) => {
        const path = this.paths.get(id);
        if (!path || (path.userId !== caller.id && caller.role !== 'admin')) return PATH_NOT_FOUND;
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
