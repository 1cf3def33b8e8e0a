import { z } from 'zod';
import { aiContentLabelSchema } from '../ai/ai-features';
import { paginationQuerySchema, paginatedSchema } from '../pagination';
import { COURSE_STATUSES, coursePublicationSchema } from './course-publishing';
import { lessonVideoSchema } from './lesson-video';

/** NATS subjects answered by svc-courses. Never rename one without a migration plan. */
export const COURSES_SUBJECTS = {
  LIST_COURSES: 'courses.courses.list',
  GET_COURSE: 'courses.courses.get',
  DELETE_COURSE: 'courses.courses.delete',
  LIST_CATEGORIES: 'courses.categories.list',
  RECOMMEND: 'courses.courses.recommend',
  CREATE_COURSE: 'courses.courses.create',
  ADD_MODULES: 'courses.courses.add-modules',
  START_CREATION_TASK: 'courses.creation-tasks.start',
  GET_CREATION_TASK: 'courses.creation-tasks.get',
  /** `CreateFromCategoriesRequest` → `CreateFromCategoriesReply`: Ready AI starts one agent task per selection. */
  START_READY_AI: 'courses.ready-ai.start',
  /** `FindPathCandidatesRequest` → `FindPathCandidatesReply`: the courses a learning path may choose from. */
  FIND_PATH_CANDIDATES: 'courses.path-candidates.find',
  /** `{courseId?}` → `{task}` (admins): a quality review of one course, or of every internal course. */
  QUALITY_START_REVIEW: 'courses.quality.start-review',
  /** `{}` → `QualitySummary` (admins): the figures over each course's latest review. */
  QUALITY_SUMMARY: 'courses.quality.summary',
  /** `QualityCoursesQuery` → `QualityCoursePage` (admins): reviewed courses, latest review each. */
  QUALITY_COURSES: 'courses.quality.courses',
  /** `{courseId}` → `QualityReport` (admins): a course's latest review with its findings. */
  QUALITY_REPORT: 'courses.quality.report',
  /** `StartEnhancementBody` → `{tasks}` (admins): Content Enhancement of one course, or of those the quality review flagged. */
  START_ENHANCEMENT: 'courses.enhancement.start',
  /** `StartCourseNarrationRequest` → `StartCourseNarrationReply` (admins): narrate every lesson of a course as an agent task. */
  START_COURSE_NARRATION: 'courses.narration.start',
  /** `{}` → `CreateDefaultCoursesReply`: (re)loads the built-in starter catalog; admins only. */
  CREATE_DEFAULTS: 'courses.courses.create-defaults',
  /** `CourseSearchQuery` → `CourseSearchResponse`: passages of lessons, modules and courses (learners: published courses). */
  SEARCH: 'courses.search',
  /** `SearchPassageRequest` → `SearchPassage`: a search result's whole text (learners: published courses; 404 otherwise). */
  SEARCH_PASSAGE: 'courses.search.passage',
  /** `LearningHelperBody` → `LearningHelperReply`: a learning helper on a search result, with the library's context. */
  RUN_LEARNING_HELPER: 'courses.learning-helpers.run',
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
  /** Added with drafts (issue 14): learners only ever see `published`; admins see drafts too. */
  status: z.enum(COURSE_STATUSES).optional(),
  publishedAt: z.string().nullable().optional(),
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
  /** Admins' filter (All / Published / Drafts); a learner only ever gets published courses. */
  status: z.enum(COURSE_STATUSES, { error: 'Status must be draft or published' }).optional(),
});
export type ListCoursesQuery = z.infer<typeof listCoursesQuerySchema>;

export const courseListSchema = paginatedSchema(courseSummarySchema);
export type CourseList = z.infer<typeof courseListSchema>;

/**
 * `POST /api/courses/create-defaults` (spec 001 section 7): Masar's built-in starter catalog (internal
 * courses with lessons and external trainings, svc-courses/src/catalog/seed-data) put back: the courses
 * it adds, and how many were there already. Offered on an empty course library.
 */
export const createDefaultCoursesRequestSchema = z.object({});
export const createDefaultCoursesReplySchema = z.object({
  courses: z.array(courseSummarySchema),
  alreadyPresent: z.number().int().nonnegative(),
});
export type CreateDefaultCoursesReply = z.infer<typeof createDefaultCoursesReplySchema>;
export const DEFAULT_COURSES_FAILED_MESSAGE = 'Failed to create default courses';


/**
 * Where a lesson's text came from: a catalog lesson it was assembled from, or a section of an
 * uploaded document. Shown with the lesson so readers can check it.
 */
export const lessonSourceRefSchema = z.object({
  origin: z.enum(['catalog', 'document']),
  /** Catalog sources: the course and lesson quoted. */
  courseId: z.string().uuid().optional(),
  lessonId: z.string().uuid().optional(),
  courseTitle: z.string().optional(),
  lessonTitle: z.string().optional(),
  /** Document sources: the file and the heading of its section. */
  fileName: z.string().optional(),
  section: z.string().optional(),
});
export type LessonSourceRef = z.infer<typeof lessonSourceRefSchema>;

/** One run of the Content Enhancement agent on a lesson: when, by which task, and each change as a sentence. */
export const lessonEnhancementSchema = z.object({
  at: z.string(),
  taskId: z.string().uuid(),
  changes: z.array(z.string()),
});
export type LessonEnhancement = z.infer<typeof lessonEnhancementSchema>;

export const lessonSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  duration: z.string(),
  type: z.enum(LESSON_TYPES),
  content: z.string(),
  keyPoints: z.array(z.string()),
  activities: z.array(z.string()),
  /** Added with course authoring; absent or empty for lessons written directly (the seed catalog). */
  sources: z.array(lessonSourceRefSchema).optional(),
  /** What the Content Enhancement agent changed in the lesson, oldest first; absent or empty when it never did. */
  enhancements: z.array(lessonEnhancementSchema).optional(),
  /** Admins only: which AI feature and model wrote the lesson, and when; absent for people's own lessons and for learners. */
  aiLabel: aiContentLabelSchema.optional(),
  /** A video lesson's link or uploaded file (issue 14); absent when it has none (the page then shows the spec's placeholder). */
  video: lessonVideoSchema.optional(),
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
  /** Admins only: the AI feature and model that wrote the course (Ready AI, from documents), and when. */
  aiLabel: aiContentLabelSchema.optional(),
  /** Admins only: draft or published, and what still needs work before publishing. */
  publication: coursePublicationSchema.optional(),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const deleteCourseReplySchema = z.object({
  id: z.string().uuid(),
  modulesDeleted: z.number().int().nonnegative(),
  lessonsDeleted: z.number().int().nonnegative(),
});
export type DeleteCourseReply = z.infer<typeof deleteCourseReplySchema>;

/** What a person is told for an unknown course id, and for one that is not a uuid at all. */
export const COURSE_NOT_FOUND_MESSAGE = 'Course not found';

/** `GET /api/courses/:id` over HTTP: the course with its modules and lessons. */
export const courseReplySchema = z.object({ course: courseDetailSchema });
export type CourseReply = z.infer<typeof courseReplySchema>;

/** `DELETE /api/courses/:id` over HTTP: svc-courses' reply with `deleted: true`, like the other delete routes. */
export const deleteCourseHttpReplySchema = deleteCourseReplySchema.extend({ deleted: z.literal(true) });
export type DeleteCourseHttpReply = z.infer<typeof deleteCourseHttpReplySchema>;

/**
 * The categories the Ready AI dialog offers (spec 000 section 3), in its order: the first eleven
 * of COURSE_CATEGORIES.
 */
export const READY_AI_CATEGORIES = [
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
] as const satisfies readonly (typeof COURSE_CATEGORIES)[number][];

/** At most this many courses per category, so the reply stays well inside one NATS message. */
export const MAX_COURSES_PER_CATEGORY = 50;

/** A Ready AI category item (spec 001 section 3), with the id of the catalog course it is. */
export const categoryCourseSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string(),
  level: z.enum(COURSE_LEVELS).nullable(),
  duration: z.string(),
});
export type CategoryCourse = z.infer<typeof categoryCourseSchema>;

export const courseCategorySchema = z.object({
  name: z.string(),
  courses: z.array(categoryCourseSchema).max(MAX_COURSES_PER_CATEGORY),
});
export type CourseCategory = z.infer<typeof courseCategorySchema>;

/** `GET /api/courses/categories`: every one of READY_AI_CATEGORIES, in order, an empty list when it has no courses. */
export const courseCategoriesReplySchema = z.object({ categories: z.array(courseCategorySchema) });
export type CourseCategoriesReply = z.infer<typeof courseCategoriesReplySchema>;

export const NO_SKILLS_MESSAGE = 'Please provide at least one skill';
export const MAX_RECOMMENDATION_SKILLS = 100;
export const MAX_RECOMMENDED_COURSES = 20;

/** Trimmed, blanks dropped, and each name once ignoring case (the first spelling kept). */
function distinctSkillNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names
    .map((name) => name.trim())
    .filter((name) => {
      const key = name.toLowerCase();
      if (name.length === 0 || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * `POST /api/courses/recommend {skills}`, and the same payload to svc-courses. Skill names are
 * taxonomy names, matched ignoring case; an absent, empty or all-blank list is NO_SKILLS_MESSAGE.
 */
export const recommendCoursesBodySchema = z.object({
  skills: z
    .array(z.string({ error: NO_SKILLS_MESSAGE }).max(100, { error: 'Too long' }), { error: NO_SKILLS_MESSAGE })
    .max(MAX_RECOMMENDATION_SKILLS, { error: `Please provide at most ${MAX_RECOMMENDATION_SKILLS} skills` })
    .transform(distinctSkillNames)
    .refine((skills) => skills.length > 0, { error: NO_SKILLS_MESSAGE }),
});
export type RecommendCoursesBody = z.infer<typeof recommendCoursesBodySchema>;

export const recommendedCourseSchema = courseSummarySchema.extend({
  /** The course's own spelling of each requested skill it covers, in the order they were asked for. */
  coveredSkills: z.array(z.string()),
  /** coveredSkills / distinct requested skills. */
  coverage: z.number().min(0).max(1),
});
export type RecommendedCourse = z.infer<typeof recommendedCourseSchema>;

/**
 * Courses covering at least one of the skills, most covered first, then internal before external,
 * then fewer estimated hours; at most MAX_RECOMMENDED_COURSES.
 */
export const recommendCoursesReplySchema = z.object({
  courses: z.array(recommendedCourseSchema).max(MAX_RECOMMENDED_COURSES),
});
export type RecommendCoursesReply = z.infer<typeof recommendCoursesReplySchema>;
