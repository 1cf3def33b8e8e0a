import {
  COURSE_ABBREVIATION_MAX_LENGTH,
  COURSE_CATEGORIES,
  COURSE_COLORS,
  COURSE_DESCRIPTION_MAX_LENGTH,
  COURSE_FORM_LIMITS,
  COURSE_LEVELS,
  COURSE_OBJECTIVE_MAX_LENGTH,
  COURSE_SHORT_FIELD_MAX_LENGTH,
  COURSE_TITLE_MAX_LENGTH,
  LESSON_TYPES,
  requiredText,
  withoutNulCharacters,
  type LessonSourceRef,
  MAX_COURSE_DOCUMENT_CHARACTERS,
} from '@masar/contracts';
import { z } from 'zod';
import { describeModule } from './course-draft-builder';
import { decodePlainText, rpcError } from '@masar/contracts/service-kit';
import { countWords, readingDuration } from './sentence-analysis';

/*
 * The course file the Upload tab accepts as `.json` (documented in svc-courses/README.md, "Course
 * import format (JSON)"): a whole course, written by hand or exported from another system, with its
 * modules and lessons. Only the title, description, modules and each lesson's title and content are
 * required; the rest has defaults.
 */

const IMPORTED_LESSON_CONTENT_MAX_LENGTH = 50_000;
const KEY_POINT_MAX_LENGTH = 500;
const MAX_KEY_POINTS = 12;
const MAX_SKILLS = 30;
/** Issues listed in the message; a file with more says how many it left out. */
const MAX_LISTED_ISSUES = 5;

/** Absent, null and blank all mean "not given". */
function optionalText(label: string, maxLength: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(maxLength, { error: `${label} is too long (at most ${maxLength} characters)` })
    .nullish()
    .transform((value) => (value === null || value === undefined || value.length === 0 ? undefined : value));
}

function optionalChoice<const T extends readonly [string, ...string[]]>(label: string, choices: T) {
  return z
    .enum(choices, { error: `${label} must be one of ${choices.join(', ')}` })
    .nullish()
    .transform((value) => value ?? undefined);
}

function textList(label: string, maxItems: number, maxLength: number) {
  return z
    .array(requiredText(label, maxLength), { error: `${label}s must be a list of text` })
    .max(maxItems, { error: `Please give at most ${maxItems} ${label.toLowerCase()}s` })
    .nullish()
    .transform((value) => value ?? []);
}

const importedLessonSchema = z
  .object(
    {
      title: requiredText('Title', COURSE_TITLE_MAX_LENGTH),
      type: z
        .enum(LESSON_TYPES, { error: `Type must be one of ${LESSON_TYPES.join(', ')}` })
        .nullish()
        .transform((type) => type ?? 'reading'),
      duration: optionalText('Duration', COURSE_SHORT_FIELD_MAX_LENGTH),
      content: requiredText('Content', IMPORTED_LESSON_CONTENT_MAX_LENGTH),
      keyPoints: textList('Key point', MAX_KEY_POINTS, KEY_POINT_MAX_LENGTH),
      activities: textList('Activity', MAX_KEY_POINTS, KEY_POINT_MAX_LENGTH),
    },
    { error: 'A lesson must be an object with a title and content' },
  )
  .transform((lesson) => ({
    title: lesson.title,
    type: lesson.type,
    // Reading time at 200 words a minute, rounded up to 5 minutes, as for lessons made from documents.
    duration: lesson.duration ?? readingDuration(countWords(lesson.content)),
    content: lesson.content,
    keyPoints: lesson.keyPoints,
    activities: lesson.activities,
    // Written by the course's author, not taken from a document section.
    sources: [] as LessonSourceRef[],
  }));

const { max: MAX_MODULES } = COURSE_FORM_LIMITS.modules;
const { max: MAX_LESSONS_PER_MODULE } = COURSE_FORM_LIMITS.lessonsPerModule;

const importedModuleSchema = z
  .object(
    {
      title: requiredText('Title', COURSE_TITLE_MAX_LENGTH),
      description: optionalText('Description', COURSE_DESCRIPTION_MAX_LENGTH),
      lessons: z
        .array(importedLessonSchema, { error: 'A module needs at least one lesson' })
        .min(1, { error: 'A module needs at least one lesson' })
        .max(MAX_LESSONS_PER_MODULE, { error: `A module may hold at most ${MAX_LESSONS_PER_MODULE} lessons` }),
    },
    { error: 'A module must be an object with a title and lessons' },
  )
  // Without a description, the module is described by its first sentences, as for documents.
  .transform((module) => ({ title: module.title, description: module.description ?? describeModule(module.lessons), lessons: module.lessons }));

export const courseImportSchema = z.object(
  {
    title: requiredText('Title', COURSE_TITLE_MAX_LENGTH),
    description: requiredText('Description', COURSE_DESCRIPTION_MAX_LENGTH),
    objective: optionalText('Objective', COURSE_OBJECTIVE_MAX_LENGTH),
    duration: optionalText('Duration', COURSE_SHORT_FIELD_MAX_LENGTH),
    format: optionalText('Format', COURSE_SHORT_FIELD_MAX_LENGTH),
    departmentOwner: optionalText('Department', COURSE_TITLE_MAX_LENGTH),
    color: optionalChoice('Color', COURSE_COLORS),
    abbreviation: optionalText('Abbreviation', COURSE_ABBREVIATION_MAX_LENGTH),
    level: optionalChoice('Level', COURSE_LEVELS),
    category: optionalChoice('Category', COURSE_CATEGORIES),
    skills: textList('Skill', MAX_SKILLS, 120),
    prerequisites: textList('Prerequisite', MAX_SKILLS, COURSE_TITLE_MAX_LENGTH),
    titleAr: optionalText('Arabic title', COURSE_TITLE_MAX_LENGTH),
    descriptionAr: optionalText('Arabic description', COURSE_DESCRIPTION_MAX_LENGTH),
    modules: z
      .array(importedModuleSchema, { error: 'A course needs at least one module' })
      .min(1, { error: 'A course needs at least one module' })
      .max(MAX_MODULES, { error: `A course file may hold at most ${MAX_MODULES} modules` }),
  },
  { error: 'The file must hold one course: a JSON object with a title, a description and modules' },
);

export type ImportedCourse = z.output<typeof courseImportSchema>;

function describeIssues(error: z.ZodError): string {
  const issues = error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
  const listed = issues.slice(0, MAX_LISTED_ISSUES).join('; ');
  return issues.length > MAX_LISTED_ISSUES ? `${listed} (and ${issues.length - MAX_LISTED_ISSUES} more)` : listed;
}

function invalidCourseFile(fileName: string, problem: string) {
  return rpcError(422, `"${fileName}" is not a valid course file: ${problem}`);
}

/**
 * Reads a course file: UTF-8 (or UTF-16 with a byte-order mark) JSON in the course import format.
 * Anything wrong is a 422 whose message starts `"<file>" is not a valid course file: ` and then says
 * what, naming each field by its path ("modules.0.lessons.2.content: Content is required").
 */
export function parseCourseImport(bytes: Uint8Array, fileName: string): ImportedCourse {
  const text = decodePlainText(bytes);
  if (text === null) {
    throw invalidCourseFile(fileName, 'it is not a text file');
  }
  if (text.length > MAX_COURSE_DOCUMENT_CHARACTERS * 2) {
    throw invalidCourseFile(fileName, 'it is too large');
  }
  let json: unknown;
  try {
    // A "\u0000" escape becomes a NUL, which PostgreSQL text cannot hold: dropped, as document text drops it.
    json = JSON.parse(text.replace(/^\uFEFF/, ''), (_key, value: unknown) => (typeof value === 'string' ? withoutNulCharacters(value) : value));
  } catch (error) {
    throw invalidCourseFile(fileName, `it is not valid JSON (${(error as Error).message})`);
  }
  const parsed = courseImportSchema.safeParse(json);
  if (!parsed.success) {
    throw invalidCourseFile(fileName, describeIssues(parsed.error));
  }
  return parsed.data;
}
