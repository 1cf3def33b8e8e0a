import { z } from 'zod';

/** NATS subjects answered by svc-progress. Never rename one without a migration plan. */
export const PROGRESS_SUBJECTS = {
  /**
   * `LessonProgressReportedEvent` → `CourseProgress`: a learner started or completed a lesson. The
   * gateway has put the same report on the events stream first; applying it twice counts once.
   */
  RECORD_LESSON_PROGRESS: 'progress.lessons.record',
  /** `ProgressOverviewRequest` → `ProgressOverview` */
  GET_PROGRESS_OVERVIEW: 'progress.overview.get',
  /** `LearnerSkillsRequest` → `LearnerSkillsReply` */
  LIST_LEARNER_SKILLS: 'progress.learner-skills.list',
  /** `SaveSelfAssessmentRequest` → `LearnerSkillsReply` */
  SAVE_SELF_ASSESSMENT: 'progress.learner-skills.save',
  /** `AdminStatsRequest` → `ProgressAdminStats` */
  GET_ADMIN_STATS: 'progress.admin.stats',
  /** `GetCourseProgressRequest` → `CourseProgress`: one learner's lessons in one course. */
  GET_COURSE_PROGRESS: 'progress.courses.get',
  /** `GenerateLearningPathRequest` → `LearningPathReply` */
  GENERATE_LEARNING_PATH: 'progress.learning-paths.generate',
  /** `ListLearningPathsRequest` → `LearningPathList` */
  LIST_LEARNING_PATHS: 'progress.learning-paths.list',
  /** `LearningPathRequest` → `LearningPathReply` */
  GET_LEARNING_PATH: 'progress.learning-paths.get',
  /** `UpdateLearningPathRequest` → `LearningPathReply` */
  UPDATE_LEARNING_PATH: 'progress.learning-paths.update',
  /** `LearningPathRequest` → `DeleteLearningPathReply` */
  DELETE_LEARNING_PATH: 'progress.learning-paths.delete',
  HEALTH: 'progress.health',
} as const;

export const LESSON_PROGRESS_STATUSES = ['started', 'completed'] as const;
export type LessonProgressStatus = (typeof LESSON_PROGRESS_STATUSES)[number];

/** Longest time one report may add to a lesson (a lesson left open overnight is not 14 hours of study). */
export const MAX_SECONDS_PER_REPORT = 4 * 60 * 60;

/**
 * `POST /api/progress/lessons/:lessonId {courseId, status, secondsSpent?}` (HTTP body): the signed-in
 * learner opened (`started`) or finished (`completed`) a lesson of the course. Completing twice
 * counts once; a completed lesson stays completed when it is opened again.
 */
export const recordLessonProgressBodySchema = z.object({
  courseId: z.uuid({ error: 'Invalid course id' }),
  status: z.enum(LESSON_PROGRESS_STATUSES, { error: 'status must be started or completed' }),
  secondsSpent: z
    .number({ error: 'secondsSpent must be a number of seconds' })
    .int({ error: 'secondsSpent must be a whole number of seconds' })
    .min(0, { error: 'secondsSpent cannot be negative' })
    .max(MAX_SECONDS_PER_REPORT, { error: `secondsSpent can be at most ${MAX_SECONDS_PER_REPORT}` })
    .default(0),
});
export type RecordLessonProgressBody = z.output<typeof recordLessonProgressBodySchema>;


/** `progress.courses.get`: the caller's own lessons in the course. */
export const getCourseProgressRequestSchema = z.object({
  courseId: z.uuid({ error: 'Invalid course id' }),
});
export type GetCourseProgressRequest = z.infer<typeof getCourseProgressRequestSchema>;

/** One learner's progress through one course's lessons. */
export const courseProgressSchema = z.object({
  courseId: z.string().uuid(),
  /** Lessons completed, most recent first. */
  completedLessonIds: z.array(z.string().uuid()),
  /** Lessons opened but not completed. */
  startedLessonIds: z.array(z.string().uuid()),
  /** Seconds reported on this course's lessons. */
  secondsSpent: z.number().int().nonnegative(),
  /** When the learner last started or completed a lesson of it; null when never. */
  lastActivityAt: z.string().nullable(),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

/** `GET /api/progress/courses/:courseId` and `POST /api/progress/lessons/:lessonId` answer `{progress}`. */
export const courseProgressReplySchema = z.object({ progress: courseProgressSchema });
export type CourseProgressReply = z.infer<typeof courseProgressReplySchema>;

export const LESSON_NOT_IN_COURSE_MESSAGE = 'Lesson not found in this course';

/**
 * `POST /api/progress/lessons/:lessonId` answers 200 `{progress}` once svc-progress recorded the
 * report, or 202 `{progress: null, message}` when svc-progress is away: the report waits on the
 * events stream and is recorded when it returns.
 */
export const recordLessonProgressReplySchema = z.object({
  progress: courseProgressSchema.nullable(),
  message: z.string().optional(),
});
export type RecordLessonProgressReply = z.infer<typeof recordLessonProgressReplySchema>;

export const PROGRESS_QUEUED_MESSAGE = 'Progress saved. It will show here once the progress service is back.';
