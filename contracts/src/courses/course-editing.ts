import { z } from 'zod';
import {
  COURSE_DESCRIPTION_MAX_LENGTH,
  COURSE_OBJECTIVE_MAX_LENGTH,
  COURSE_TITLE_MAX_LENGTH,
  courseFormSchema,
} from './course-authoring';
import { COURSE_CATEGORIES, COURSE_LEVELS } from './courses';

/*
 * Editing a course after it was made (issue 14, "Editing, drafts and publishing"): admins change its
 * fields with the create form's rules and messages. Drafts and publishing are not part of this yet.
 */

/** NATS subjects for editing, answered by svc-courses (admins only; the gateway checks the role). */
export const COURSE_EDITING_SUBJECTS = {
  /** `UpdateCourseRequest` → `CourseDetail`. */
  UPDATE_COURSE: 'courses.courses.update',
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
