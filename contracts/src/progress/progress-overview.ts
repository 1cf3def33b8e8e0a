import { z } from 'zod';
import { COURSE_LEVELS } from '../courses/courses';
import { PATH_COURSE_STATUSES, skillLevelSchema } from './learning-paths';

/** One course in a learner's progress: every course they opened, and every course of their paths. */
export const progressCourseSchema = z.object({
  courseId: z.string().uuid(),
  title: z.string(),
  titleAr: z.string().nullable(),
  description: z.string().nullable(),
  /** The catalog's duration text, e.g. "6 weeks"; null for a path course never opened. */
  duration: z.string().nullable(),
  estimatedHours: z.number().nullable(),
  level: z.enum(COURSE_LEVELS).nullable(),
  status: z.enum(PATH_COURSE_STATUSES),
  /** Lessons completed out of the course's lessons, 0–100. */
  percent: z.number().int().min(0).max(100),
  completedLessons: z.number().int().nonnegative(),
  /** Null while the learner has not opened the course (the count comes with their first lesson). */
  totalLessons: z.number().int().positive().nullable(),
  secondsSpent: z.number().int().nonnegative(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** From the newest learning path that plans this course. */
  dueDate: z.string().nullable(),
  learningPathId: z.string().uuid().nullable(),
  /** True once the course has been deleted from the catalog (kept here as the learner's history). */
  removed: z.boolean().optional(),
});
export type ProgressCourse = z.infer<typeof progressCourseSchema>;

export const acquiredSkillSchema = z.object({
  skill: z.string(),
  level: skillLevelSchema,
  source: z.enum(['self-assessment', 'course']),
  updatedAt: z.string(),
});
export type AcquiredSkill = z.infer<typeof acquiredSkillSchema>;

export const upcomingDeadlineSchema = z.object({
  courseId: z.string().uuid(),
  title: z.string(),
  titleAr: z.string().nullable(),
  dueDate: z.string(),
  learningPathId: z.string().uuid(),
  jobTitle: z.string(),
  /** Due before today and not completed. */
  overdue: z.boolean(),
});
export type UpcomingDeadline = z.infer<typeof upcomingDeadlineSchema>;

export const ACHIEVEMENT_KINDS = ['course-completed', 'skill-level-reached', 'milestone-met'] as const;
export type AchievementKind = (typeof ACHIEVEMENT_KINDS)[number];

/** Something the learner did, from the recorded events; the client words it in its language. */
export const achievementSchema = z.object({
  kind: z.enum(ACHIEVEMENT_KINDS),
  occurredAt: z.string(),
  courseId: z.string().uuid().nullable(),
  /** The course's title (course-completed) or the path's job title (milestone-met). */
  title: z.string().nullable(),
  titleAr: z.string().nullable(),
  skill: z.string().nullable(),
  level: skillLevelSchema.nullable(),
  quarter: z.number().int().min(1).max(4).nullable(),
  learningPathId: z.string().uuid().nullable(),
});
export type Achievement = z.infer<typeof achievementSchema>;

/** The newest learning path, summed up for the progress screen and the home page. */
export const learningPathSummarySchema = z.object({
  id: z.string().uuid(),
  jobTitle: z.string(),
  courseCount: z.number().int().nonnegative(),
  completedCourseCount: z.number().int().nonnegative(),
  /** Gap skills its courses cover. */
  skillsCovered: z.number().int().nonnegative(),
  /** The plan's length in months: what its courses need at the weekly budget, at least 1. */
  months: z.number().int().positive(),
  totalHours: z.number().nonnegative(),
  percent: z.number().int().min(0).max(100),
});
export type LearningPathSummary = z.infer<typeof learningPathSummarySchema>;

/** `GET /api/progress`: the signed-in learner's real progress. */
export const progressOverviewSchema = z.object({
  /** Mean of the courses' percents, rounded; 0 with no course. */
  overallPercent: z.number().int().min(0).max(100),
  completedCount: z.number().int().nonnegative(),
  inProgressCount: z.number().int().nonnegative(),
  pendingCount: z.number().int().nonnegative(),
  /** Hours reported on lessons, one decimal. */
  hoursSpent: z.number().nonnegative(),
  /** In progress first, then pending by due date, then completed, newest first. */
  courses: z.array(progressCourseSchema),
  skillsAcquired: z.array(acquiredSkillSchema),
  /** Path courses not completed, soonest first (overdue ones first of all), at most 5. */
  upcomingDeadlines: z.array(upcomingDeadlineSchema),
  /** Newest first, at most 10. */
  achievements: z.array(achievementSchema),
  learningPath: learningPathSummarySchema.nullable(),
});
export type ProgressOverview = z.infer<typeof progressOverviewSchema>;

export const progressOverviewReplySchema = z.object({ progress: progressOverviewSchema });
export type ProgressOverviewReply = z.infer<typeof progressOverviewReplySchema>;

/** `progress.overview.get`: the caller's own progress. */
export const progressOverviewRequestSchema = z.object({});
export type ProgressOverviewRequest = z.infer<typeof progressOverviewRequestSchema>;
