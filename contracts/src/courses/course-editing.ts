import { z } from 'zod';
import {
  COURSE_DESCRIPTION_MAX_LENGTH,
  COURSE_OBJECTIVE_MAX_LENGTH,
  COURSE_SHORT_FIELD_MAX_LENGTH,
  COURSE_TITLE_MAX_LENGTH,
  courseFormSchema,
  requiredText,
} from './course-authoring';
import { COURSE_CATEGORIES, COURSE_LEVELS, LESSON_TYPES } from './courses';

/*
 * Editing a course after it was made (issue 14, "Editing, drafts and publishing"): admins change its
 * fields with the create form's rules and messages. Drafts and publishing are not part of this yet.
 */

/** NATS subjects for editing, answered by svc-courses (admins only; the gateway checks the role). */
export const COURSE_EDITING_SUBJECTS = {
  /** `UpdateCourseRequest` → `CourseDetail`. */
  UPDATE_COURSE: 'courses.courses.update',
  /** `UpdateLessonRequest` → `CourseDetail`: one lesson of the course, its id kept (progress is keyed by it). */
  UPDATE_LESSON: 'courses.lessons.update',
} as const;

export const MAX_PREREQUISITES = 20;
export const PREREQUISITE_MAX_LENGTH = 200;

export const NOTHING_TO_CHANGE_MESSAGE = 'Please change at least one field';
export const EXTERNAL_TRAINING_NOT_EDITABLE_MESSAGE = 'External training cannot be edited here';

/** An optional field that can be cleared: text, or null/empty for none. */
function clearableText(label: string, maxLength: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(maxLength, { error: `${label} is too long (at most ${maxLength} characters)` })
    .nullable()
    .transform((value) => (value === null || value.length === 0 ? null : value))
    .optional();
}

const form = courseFormSchema.shape;

/**
 * `PUT /api/courses/:id`: any of the create form's fields, checked by the very same schemas (so the
 * messages are the form's), plus prerequisites and the Arabic title and description. A field left
 * out stays as it is; objective, level, category and the Arabic fields may be cleared with null.
 */
export const updateCourseBodySchema = z
  .object({
    title: form.title.optional(),
    description: form.description.optional(),
    objective: clearableText('Objective', COURSE_OBJECTIVE_MAX_LENGTH),
    duration: form.duration.optional(),
    format: form.format.optional(),
    departmentOwner: form.departmentOwner.optional(),
    color: form.color.optional(),
    abbreviation: form.abbreviation.optional(),
    skills: form.skills,
    level: z.enum(COURSE_LEVELS, { error: 'Level must be beginner, intermediate or advanced' }).nullable().optional(),
    category: z.enum(COURSE_CATEGORIES, { error: 'Unknown category' }).nullable().optional(),
    prerequisites: z
      .array(
        z
          .string({ error: 'Each prerequisite must be text' })
          .trim()
          .min(1, { error: 'A prerequisite cannot be empty' })
          .max(PREREQUISITE_MAX_LENGTH, { error: `A prerequisite is too long (at most ${PREREQUISITE_MAX_LENGTH} characters)` }),
        { error: 'Prerequisites must be a list' },
      )
      .max(MAX_PREREQUISITES, { error: `Please give at most ${MAX_PREREQUISITES} prerequisites` })
      .optional(),
    titleAr: clearableText('Arabic title', COURSE_TITLE_MAX_LENGTH),
    descriptionAr: clearableText('Arabic description', COURSE_DESCRIPTION_MAX_LENGTH),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: NOTHING_TO_CHANGE_MESSAGE });
export type UpdateCourseBodyInput = z.input<typeof updateCourseBodySchema>;
export type UpdateCourseBody = z.output<typeof updateCourseBodySchema>;

/** `courses.courses.update`: the body plus the course's id. */
export const updateCourseRequestSchema = z.object({
  id: z.uuid({ error: 'Invalid course id' }),
  changes: updateCourseBodySchema,
});
export type UpdateCourseRequest = z.output<typeof updateCourseRequestSchema>;

/* ---------------------------------------------------------------- lessons */

export const LESSON_CONTENT_MAX_LENGTH = 50_000;
export const LESSON_LIST_MAX_ITEMS = 20;
export const LESSON_LIST_ITEM_MAX_LENGTH = 500;
export const LESSON_NOT_FOUND_MESSAGE = 'Lesson not found';

function lessonList(label: string) {
  return z
    .array(
      z
        .string({ error: `Each of the ${label.toLowerCase()} must be text` })
        .trim()
        .min(1, { error: `${label} cannot hold an empty item` })
        .max(LESSON_LIST_ITEM_MAX_LENGTH, { error: `Each of the ${label.toLowerCase()} must be at most ${LESSON_LIST_ITEM_MAX_LENGTH} characters` }),
      { error: `${label} must be a list` },
    )
    .max(LESSON_LIST_MAX_ITEMS, { error: `Please give at most ${LESSON_LIST_MAX_ITEMS} ${label.toLowerCase()}` })
    .optional();
}

/** `PUT /api/courses/:id/lessons/:lessonId`: any of a lesson's own fields; a field left out stays as it is. */
export const updateLessonBodySchema = z
  .object({
    title: requiredText('Title', COURSE_TITLE_MAX_LENGTH).optional(),
    duration: requiredText('Duration', COURSE_SHORT_FIELD_MAX_LENGTH).optional(),
    type: z.enum(LESSON_TYPES, { error: `Type must be one of ${LESSON_TYPES.join(', ')}` }).optional(),
    content: requiredText('Content', LESSON_CONTENT_MAX_LENGTH).optional(),
    keyPoints: lessonList('Key points'),
    activities: lessonList('Activities'),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: NOTHING_TO_CHANGE_MESSAGE });
export type UpdateLessonBodyInput = z.input<typeof updateLessonBodySchema>;
export type UpdateLessonBody = z.output<typeof updateLessonBodySchema>;

/** `courses.lessons.update`: the course, the lesson (which must be one of its lessons) and the changes. */
export const updateLessonRequestSchema = z.object({
  courseId: z.uuid({ error: 'Invalid course id' }),
  lessonId: z.uuid({ error: 'Invalid lesson id' }),
  changes: updateLessonBodySchema,
});
export type UpdateLessonRequest = z.output<typeof updateLessonRequestSchema>;
