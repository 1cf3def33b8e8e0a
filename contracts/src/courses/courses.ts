import { z } from 'zod';
import { paginationQuerySchema, paginatedSchema } from '../pagination';

/** NATS subjects answered by svc-courses. Never rename one without a migration plan. */
export const COURSES_SUBJECTS = {
  LIST_COURSES: 'courses.courses.list',
  HEALTH: 'courses.health',
} as const;

export const COURSE_COLORS = ['blue', 'green', 'purple', 'red', 'yellow', 'orange', 'pink', 'indigo'] as const;

export const courseSummarySchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string(),
  duration: z.string(),
  format: z.string(),
  departmentOwner: z.string(),
  color: z.string(),
  abbreviation: z.string(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

/** `GET /api/courses?q=&page=&pageSize=` */
export const listCoursesQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(200, { error: 'Too long' }).optional(),
});
export type ListCoursesQuery = z.infer<typeof listCoursesQuerySchema>;

export const courseListSchema = paginatedSchema(courseSummarySchema);
export type CourseList = z.infer<typeof courseListSchema>;
