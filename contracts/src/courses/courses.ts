import { z } from 'zod';
import { paginationQuerySchema, paginatedSchema } from '../pagination';

/** NATS subjects answered by svc-courses. Never rename one without a migration plan. */
export const COURSES_SUBJECTS = {
  LIST_COURSES: 'courses.courses.list',
  GET_COURSE: 'courses.courses.get',
  DELETE_COURSE: 'courses.courses.delete',
  HEALTH: 'courses.health',
} as const;

export const COURSE_COLORS = ['blue', 'green', 'purple', 'red', 'yellow', 'orange', 'pink', 'indigo'] as const;

export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

/** Internal courses are Masar's own, with modules and lessons; external ones link to a provider's catalog. */
export const COURSE_KINDS = ['internal', 'external'] as const;
export type CourseKind = (typeof COURSE_KINDS)[number];

/** The catalog's categories (the course seed format lists the same ones). */
export const COURSE_CATEGORIES = [
  'Personal Development',
  'Work Skills',
  'Basic Technology',
  'Communication',
  'Leadership',
  'Project Management',
  'Data Analysis',
  'Customer Service',
  'Microsoft Excel',
  'PowerPoint',
  'Digital Literacy',
  'Software Engineering',
  'Data Science',
  'Cloud & DevOps',
  'Design',
  'Quality Assurance',
  'Product Management',
  'Marketing',
  'Sales',
  'Human Resources',
  'Finance',
  'Operations',
] as const;

export const LESSON_TYPES = ['video', 'reading', 'quiz', 'exercise'] as const;
export type LessonType = (typeof LESSON_TYPES)[number];

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
  // Added with the catalog (issue 4); optional so consumers written before it keep validating.
  titleAr: z.string().nullable().optional(),
  descriptionAr: z.string().nullable().optional(),
  objective: z.string().nullable().optional(),
  /** Canonical skill names of the taxonomy. */
  skills: z.array(z.string()).optional(),
  level: z.enum(COURSE_LEVELS).nullable().optional(),
  category: z.string().nullable().optional(),
  /** ISO 639-1 code of the course's language, e.g. "en". */
  language: z.string().optional(),
  kind: z.enum(COURSE_KINDS).optional(),
  /** For external training: who offers it and where. */
  provider: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
  estimatedHours: z.number().nullable().optional(),
  updatedAt: z.string().optional(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

/** `GET /api/courses?q=&skill=&category=&level=&kind=&page=&pageSize=` */
export const listCoursesQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(200, { error: 'Too long' }).optional(),
  /** A taxonomy skill name, matched case-insensitively against a course's skills. */
  skill: z.string().trim().max(100, { error: 'Too long' }).optional(),
  category: z.string().trim().max(100, { error: 'Too long' }).optional(),
  level: z.enum(COURSE_LEVELS, { error: 'Invalid input' }).optional(),
  kind: z.enum(COURSE_KINDS, { error: 'Invalid input' }).optional(),
});
export type ListCoursesQuery = z.infer<typeof listCoursesQuerySchema>;

export const courseListSchema = paginatedSchema(courseSummarySchema);
export type CourseList = z.infer<typeof courseListSchema>;

export const lessonSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  duration: z.string(),
  type: z.enum(LESSON_TYPES),
  content: z.string(),
  keyPoints: z.array(z.string()),
  activities: z.array(z.string()),
});
export type LessonDetail = z.infer<typeof lessonSchema>;

export const courseModuleSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string(),
  lessons: z.array(lessonSchema),
});
export type CourseModuleDetail = z.infer<typeof courseModuleSchema>;

/** `GET /api/courses/:id` and `DELETE /api/courses/:id` */
export const courseIdSchema = z.object({ id: z.uuid({ error: 'Invalid course id' }) });
export type CourseIdPayload = z.infer<typeof courseIdSchema>;

/** A course with its modules and their lessons, both in course order. */
export const courseDetailSchema = courseSummarySchema.extend({
  prerequisites: z.array(z.string()),
  modules: z.array(courseModuleSchema),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const deleteCourseReplySchema = z.object({
  id: z.string().uuid(),
  modulesDeleted: z.number().int().nonnegative(),
  lessonsDeleted: z.number().int().nonnegative(),
});
export type DeleteCourseReply = z.infer<typeof deleteCourseReplySchema>;
