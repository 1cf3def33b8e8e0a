import { z } from 'zod';
import { learningPathSummarySchema } from '../progress/progress-overview';

/** One job description of a person, as the admin people view lists it. */
export const userActivityJobDescriptionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  createdAt: z.string(),
  /** True once the person has saved a review of its skills. */
  reviewed: z.boolean(),
});
export type UserActivityJobDescription = z.infer<typeof userActivityJobDescriptionSchema>;

/** One learning path of a person, with its progress figures as the path summary has them. */
export const userActivityLearningPathSchema = learningPathSummarySchema
  .pick({ id: true, courseCount: true, completedCourseCount: true, percent: true })
  .extend({
    /** The job title the path prepares for. */
    title: z.string(),
    createdAt: z.string(),
  });
export type UserActivityLearningPath = z.infer<typeof userActivityLearningPathSchema>;

/** `GET /api/admin/users/:id/activity` (admins only): that person's job descriptions and paths, newest first. */
export const userActivityReplySchema = z.object({
  jobDescriptions: z.array(userActivityJobDescriptionSchema),
  learningPaths: z.array(userActivityLearningPathSchema),
});
export type UserActivityReply = z.infer<typeof userActivityReplySchema>;

/** The HTTP path of that view, for the shell's admin screen. */
export const adminUserActivityPath = (userId: string): string => `/admin/users/${encodeURIComponent(userId)}/activity`;
