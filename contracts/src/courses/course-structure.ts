import { z } from 'zod';
import { COURSE_DESCRIPTION_MAX_LENGTH, COURSE_FORM_LIMITS, COURSE_TITLE_MAX_LENGTH, requiredText } from './course-authoring';
import { NOTHING_TO_CHANGE_MESSAGE, updateLessonBodySchema } from './course-editing';

/*
 * Editing a course's structure (issue 14, "Editing, drafts and publishing"): admins add, change,
 * delete and reorder modules, and add, delete, reorder and move lessons. Lesson ids never change, so
 * learners' progress stays with the lesson; svc-courses answers every change with the whole course.
 */

/** NATS subjects, answered by svc-courses for admins only (the gateway checks the role too). */
export const COURSE_STRUCTURE_SUBJECTS = {
  /** `AddModuleRequest` → `CourseDetail`: an empty module, or one with a first lesson, after the last. */
  ADD_MODULE: 'courses.modules.add',
  /** `UpdateModuleRequest` → `CourseDetail` */
  UPDATE_MODULE: 'courses.modules.update',
  /** `ModuleRefRequest` → `CourseDetail`: the module and its lessons. */
  DELETE_MODULE: 'courses.modules.delete',
  /** `ReorderModulesRequest` → `CourseDetail`: the full new order of the course's modules. */
  REORDER_MODULES: 'courses.modules.reorder',
  /** `AddLessonRequest` → `CourseDetail`: a lesson at the end of a module. */
  ADD_LESSON: 'courses.lessons.add',
  /** `LessonRefRequest` → `CourseDetail` */
  DELETE_LESSON: 'courses.lessons.delete',
  /** `ReorderLessonsRequest` → `CourseDetail`: the full new order of one module's lessons. */
  REORDER_LESSONS: 'courses.lessons.reorder',
  /** `MoveLessonRequest` → `CourseDetail`: a lesson into another module of the same course. */
  MOVE_LESSON: 'courses.lessons.move',
} as const;

export const MODULE_NOT_FOUND_MESSAGE = 'Module not found';
export const MODULE_ORDER_MISMATCH_MESSAGE = "The new order must list each of the course's modules exactly once";
export const LESSON_ORDER_MISMATCH_MESSAGE = "The new order must list each of the module's lessons exactly once";
/** A course with no lesson has nothing to learn, no progress to show and nothing to search. */
export const LAST_LESSON_MESSAGE = 'A course must keep at least one lesson: add another lesson before deleting this one';
export const LAST_LESSONS_MODULE_MESSAGE = "A course must keep at least one lesson: this module holds all of the course's lessons";
export const SAME_MODULE_MESSAGE = 'The lesson is already in this module';
export const MAX_LESSONS_PER_MODULE = COURSE_FORM_LIMITS.lessonsPerModule.max;
export const MAX_MODULES_PER_COURSE = COURSE_FORM_LIMITS.modules.max;
export const tooManyLessonsMessage = (max: number = MAX_LESSONS_PER_MODULE) => `A module can have at most ${max} lessons`;
export const tooManyCourseModulesMessage = (max: number = MAX_MODULES_PER_COURSE) => `A course can have at most ${max} modules`;

const courseId = z.uuid({ error: 'Invalid course id' });
const moduleId = z.uuid({ error: 'Invalid module id' });
const lessonId = z.uuid({ error: 'Invalid lesson id' });

/* ---------------------------------------------------------------- modules */

const moduleDescription = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(COURSE_DESCRIPTION_MAX_LENGTH, { error: `Description is too long (at most ${COURSE_DESCRIPTION_MAX_LENGTH} characters)` });

const lessonFields = updateLessonBodySchema.shape;

/**
 * `POST /api/courses/:id/modules/:moduleId/lessons`: a new lesson, checked field by field as the lesson
 * edit form checks it (the same schemas, so the same messages), with title, type, duration and content required.
 */
export const newLessonBodySchema = z.object({
  ...lessonFields,
  title: lessonFields.title.unwrap(),
  type: lessonFields.type.unwrap(),
  duration: lessonFields.duration.unwrap(),
  content: lessonFields.content.unwrap(),
  keyPoints: lessonFields.keyPoints.default([]),
  activities: lessonFields.activities.default([]),
});
export type NewLessonBodyInput = z.input<typeof newLessonBodySchema>;
export type NewLessonBody = z.output<typeof newLessonBodySchema>;

/** `POST /api/courses/:id/modules`: a title, an optional description and, optionally, its first lesson. */
export const newModuleBodySchema = z.object({
  title: requiredText('Title', COURSE_TITLE_MAX_LENGTH),
  description: moduleDescription.default(''),
  firstLesson: newLessonBodySchema.optional(),
});
export type NewModuleBodyInput = z.input<typeof newModuleBodySchema>;
export type NewModuleBody = z.output<typeof newModuleBodySchema>;

/** `PUT /api/courses/:id/modules/:moduleId`: title and/or description; a field left out stays as it is. */
export const updateModuleBodySchema = z
  .object({
    title: requiredText('Title', COURSE_TITLE_MAX_LENGTH).optional(),
    description: moduleDescription.optional(),
  })
  .refine((body) => body.title !== undefined || body.description !== undefined, { error: NOTHING_TO_CHANGE_MESSAGE });
export type UpdateModuleBodyInput = z.input<typeof updateModuleBodySchema>;
export type UpdateModuleBody = z.output<typeof updateModuleBodySchema>;

/** A full ordered list of ids: each once (the service then checks they are exactly the course's or module's). */
function orderedIds(idSchema: z.ZodUUID, max: number, mismatch: string) {
  return z
    .array(idSchema, { error: mismatch })
    .min(1, { error: mismatch })
    .max(max, { error: mismatch })
    .refine((ids) => new Set(ids).size === ids.length, { error: mismatch });
}

/** `PUT /api/courses/:id/modules/order` */
export const reorderModulesBodySchema = z.object({
  moduleIds: orderedIds(moduleId, MAX_MODULES_PER_COURSE, MODULE_ORDER_MISMATCH_MESSAGE),
});
export type ReorderModulesBody = z.output<typeof reorderModulesBodySchema>;

/** `PUT /api/courses/:id/modules/:moduleId/lessons/order` */
export const reorderLessonsBodySchema = z.object({
  lessonIds: orderedIds(lessonId, MAX_LESSONS_PER_MODULE, LESSON_ORDER_MISMATCH_MESSAGE),
});
export type ReorderLessonsBody = z.output<typeof reorderLessonsBodySchema>;

/** `PUT /api/courses/:id/lessons/:lessonId/module`: into another module, at `position` (from 0; the end when left out). */
export const moveLessonBodySchema = z.object({
  moduleId: z.uuid({ error: 'Choose the module to move the lesson to' }),
  position: z
    .number({ error: 'Position must be a whole number from 0' })
    .int({ error: 'Position must be a whole number from 0' })
    .min(0, { error: 'Position must be a whole number from 0' })
    .optional(),
});
export type MoveLessonBody = z.output<typeof moveLessonBodySchema>;

/* ---------------------------------------------------------------- NATS requests */

export const addModuleRequestSchema = z.object({ courseId, module: newModuleBodySchema });
export type AddModuleRequest = z.output<typeof addModuleRequestSchema>;

export const updateModuleRequestSchema = z.object({ courseId, moduleId, changes: updateModuleBodySchema });
export type UpdateModuleRequest = z.output<typeof updateModuleRequestSchema>;

export const moduleRefRequestSchema = z.object({ courseId, moduleId });
export type ModuleRefRequest = z.output<typeof moduleRefRequestSchema>;

export const reorderModulesRequestSchema = reorderModulesBodySchema.extend({ courseId });
export type ReorderModulesRequest = z.output<typeof reorderModulesRequestSchema>;

export const addLessonRequestSchema = z.object({ courseId, moduleId, lesson: newLessonBodySchema });
export type AddLessonRequest = z.output<typeof addLessonRequestSchema>;

export const lessonRefRequestSchema = z.object({ courseId, lessonId });
export type LessonRefRequest = z.output<typeof lessonRefRequestSchema>;

export const reorderLessonsRequestSchema = reorderLessonsBodySchema.extend({ courseId, moduleId });
export type ReorderLessonsRequest = z.output<typeof reorderLessonsRequestSchema>;

export const moveLessonRequestSchema = moveLessonBodySchema.extend({ courseId, lessonId });
export type MoveLessonRequest = z.output<typeof moveLessonRequestSchema>;
