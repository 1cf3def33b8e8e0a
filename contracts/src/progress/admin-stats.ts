import { z } from 'zod';

export const recentLearningPathSchema = z.object({
  id: z.string().uuid(),
  jobTitle: z.string(),
  courseCount: z.number().int().nonnegative(),
  percent: z.number().int().min(0).max(100),
  createdAt: z.string(),
});
export type RecentLearningPath = z.infer<typeof recentLearningPathSchema>;

export const ACTIVITY_KINDS = [
  'course-created',
  'course-deleted',
  'job-skills-reviewed',
  'learning-path-generated',
  'lesson-completed',
  'course-completed',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** One line of the dashboard's System Activity, from the events svc-progress read. */
export const systemActivitySchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  occurredAt: z.string(),
  /** The course's title, the job's title or the path's job title. */
  title: z.string(),
  titleAr: z.string().nullable(),
  /** How many: skills reviewed, courses in a path; null otherwise. */
  count: z.number().int().nonnegative().nullable(),
});
export type SystemActivity = z.infer<typeof systemActivitySchema>;

/** What svc-progress knows for the dashboard (`progress.admin.stats`). */
export const progressAdminStatsSchema = z.object({
  /** Paths with at least one course not completed. */
  activeLearningPaths: z.number().int().nonnegative(),
  /** Distinct skills in reviewed job descriptions and confirmed for paths. */
  skillsMapped: z.number().int().nonnegative(),
  /** Completed path courses out of all path courses, in %. */
  completionRate: z.number().int().min(0).max(100),
  recentLearningPaths: z.array(recentLearningPathSchema),
  systemActivity: z.array(systemActivitySchema),
});
export type ProgressAdminStats = z.infer<typeof progressAdminStatsSchema>;

/** `GET /api/admin/stats` (admins only): svc-progress' figures plus the catalog's size. */
export const adminStatsSchema = progressAdminStatsSchema.extend({
  availableCourses: z.number().int().nonnegative(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** `progress.admin.stats`: the admin asking (the gateway has checked the role), for the logs. */
/** The figures are for admins: svc-progress checks the caller header, nothing in the body decides it. */
export const adminStatsRequestSchema = z.object({});
export type AdminStatsRequest = z.infer<typeof adminStatsRequestSchema>;
