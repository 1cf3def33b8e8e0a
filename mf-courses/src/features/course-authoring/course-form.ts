import { COURSE_FORM_LIMITS } from '@masar/contracts';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** The Manual tab's fields as the form holds them: text as typed, counts too (spec 001 section 5). */
export interface CourseFormValues {
  title: string;
  description: string;
  objective: string;
  duration: string;
  format: string;
  departmentOwner: string;
  color: string | undefined;
  abbreviation: string;
  numberOfModules: string;
  lessonsPerModule: string;
}

export type CourseFormField = keyof CourseFormValues;

type CountField = 'numberOfModules' | 'lessonsPerModule';

const COUNT_LIMITS: Record<CountField, { min: number; max: number; default: number }> = {
  numberOfModules: COURSE_FORM_LIMITS.modules,
  lessonsPerModule: COURSE_FORM_LIMITS.lessonsPerModule,
};

const REQUIRED_FIELDS = new Set<CourseFormField>([
  'title',
  'description',
  'duration',
  'format',
  'departmentOwner',
  'color',
  'abbreviation',
]);

function isCountField(field: CourseFormField): field is CountField {
  return field in COUNT_LIMITS;
}

export function countLimits(field: CountField) {
  return COUNT_LIMITS[field];
}

/** The code of the sample course; a course code reads the same in both languages. */
export const SAMPLE_COURSE_ABBREVIATION = 'DM-101';

/**
 * Spec 001 section 5: the Manual form starts as an example digital marketing course, written in
 * the interface's language.
 */
export function sampleCourseValues(t: TFunction): CourseFormValues {
  return {
    title: t('authoring.sample.title'),
    description: t('authoring.sample.description'),
    objective: t('authoring.sample.objective'),
    duration: t('authoring.sample.duration'),
    format: t('authoring.sample.format'),
    departmentOwner: t('authoring.sample.department'),
    color: 'blue',
    abbreviation: SAMPLE_COURSE_ABBREVIATION,
    numberOfModules: String(COURSE_FORM_LIMITS.modules.default),
    lessonsPerModule: String(COURSE_FORM_LIMITS.lessonsPerModule.default),
  };
}

const ARABIC_LETTER = /[\u0600-\u06FF]/;

/** The language a course is written in, from its title and description: Arabic when they hold Arabic letters. */
export function courseLanguageOf(...texts: string[]): 'ar' | 'en' {
  return texts.some((text) => ARABIC_LETTER.test(text)) ? 'ar' : 'en';
}

/**
 * The contracts' schema decides what is valid, so the browser and the gateway agree; this words
 * each problem in the interface's language. The English texts are the schema's own messages
 * (spec 001 section 5: "Title is required", …); an issue without a translation keeps the schema's text.
 */
export function courseIssueMessage(field: CourseFormField, issue: z.core.$ZodIssue, t: TFunction): string {
  if (isCountField(field)) {
    const { min, max } = COUNT_LIMITS[field];
    if (issue.code === 'invalid_type') return t(`authoring.validation.wholeNumber.${field}`);
    if (issue.code === 'too_small' || issue.code === 'too_big') return t(`authoring.validation.range.${field}`, { min, max });
    return issue.message;
  }
  const missing = issue.code === 'invalid_type' || (issue.code === 'too_small' && issue.origin === 'string');
  if (missing && REQUIRED_FIELDS.has(field)) return t(`authoring.validation.required.${field}`);
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return t('authoring.validation.tooLong', { field: t(`authoring.validation.fieldNames.${field}`), max: Number(issue.maximum) });
  }
  return issue.message;
}

/** Zod issues as antd's `form.setFields` entries: the first problem of each of `fields`, worded by `messageOf`. */
export function fieldErrorsOf<Field extends string>(
  issues: readonly z.core.$ZodIssue[],
  fields: readonly Field[],
  messageOf: (field: Field, issue: z.core.$ZodIssue) => string,
): { name: Field; errors: string[] }[] {
  const byField = new Map<Field, string>();
  for (const issue of issues) {
    const field = fields.find((candidate) => candidate === issue.path[0]);
    if (field && !byField.has(field)) byField.set(field, messageOf(field, issue));
  }
  return [...byField].map(([name, message]) => ({ name, errors: [message] }));
}

/** The create form's fields' problems, in the create form's wording. */
export function courseFieldErrors<Field extends CourseFormField>(
  issues: readonly z.core.$ZodIssue[],
  fields: readonly Field[],
  t: TFunction,
): { name: Field; errors: string[] }[] {
  return fieldErrorsOf(issues, fields, (field, issue) => courseIssueMessage(field, issue, t));
}
