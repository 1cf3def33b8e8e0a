import { COURSE_CATEGORIES, COURSE_COLORS, COURSE_LEVELS, describeValidationError, languageSchema, LESSON_TYPES } from '@masar/contracts';
import { z } from 'zod';

/**
 * The seed catalog's file format (see `.tmp/course-seed-format.md` of issue 4):
 * `internal/<slug>.json` holds one course, `external/<group>.json` an array of external training entries.
 */
const text = z.string().trim().min(1, { error: 'This field is required' });
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Must be lowercase words joined by hyphens' });
const skills = z.array(text).min(1, { error: 'At least one skill is required' });
const deliveryFormat = z.enum(['online', 'in-person', 'hybrid']);
const hours = z.number().positive().max(10000);

export const seedLessonSchema = z.object({
  title: text,
  type: z.enum(LESSON_TYPES),
  duration: text,
  content: text,
  keyPoints: z.array(text).default([]),
  activities: z.array(text).default([]),
});

export const seedModuleSchema = z.object({
  title: text,
  description: text,
  lessons: z.array(seedLessonSchema).min(1, { error: 'A module needs at least one lesson' }),
});

export const internalCourseSeedSchema = z.object({
  slug,
  /**
   * The language the course is written in (its lessons, title, description and objective). An Arabic
   * course gives its Arabic title and description in `title`/`description` too, since it has no English ones.
   */
  language: languageSchema.default('en'),
  title: text,
  titleAr: text,
  description: text,
  descriptionAr: text,
  objective: text,
  category: z.enum(COURSE_CATEGORIES),
  level: z.enum(COURSE_LEVELS),
  skills,
  estimatedHours: hours,
  duration: text,
  format: deliveryFormat,
  departmentOwner: text,
  color: z.enum(COURSE_COLORS),
  abbreviation: text,
  prerequisites: z.array(text).default([]),
  modules: z.array(seedModuleSchema).min(1, { error: 'A course needs at least one module' }),
});
export type InternalCourseSeed = z.infer<typeof internalCourseSeedSchema>;

export const externalTrainingSeedSchema = z.object({
  slug,
  title: text,
  titleAr: text,
  provider: text,
  url: z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }),
  duration: text,
  estimatedHours: hours,
  level: z.enum(COURSE_LEVELS),
  skills,
  format: deliveryFormat,
  category: z.enum(COURSE_CATEGORIES),
  description: text,
  descriptionAr: text,
});
export type ExternalTrainingSeed = z.infer<typeof externalTrainingSeedSchema>;

export const externalTrainingFileSchema = z
  .array(externalTrainingSeedSchema)
  .min(1, { error: 'An external file needs at least one entry' });

export type SeedFileKind = 'internal' | 'external';

export type ParsedSeedFile =
  | { ok: true; kind: 'internal'; courses: InternalCourseSeed[] }
  | { ok: true; kind: 'external'; courses: ExternalTrainingSeed[] }
  | { ok: false; problem: string };

/** Parses one seed file's text; never throws, so one bad file cannot stop the rest. */
export function parseSeedFile(kind: SeedFileKind, fileText: string): ParsedSeedFile {
  let json: unknown;
  try {
    json = JSON.parse(fileText);
  } catch (error) {
    return { ok: false, problem: `not valid JSON (${(error as Error).message})` };
  }
  if (kind === 'internal') {
    const parsed = internalCourseSeedSchema.safeParse(json);
    return parsed.success
      ? { ok: true, kind, courses: [parsed.data] }
      : { ok: false, problem: describeValidationError(parsed.error) };
  }
  const parsed = externalTrainingFileSchema.safeParse(json);
  return parsed.success
    ? { ok: true, kind, courses: parsed.data }
    : { ok: false, problem: describeValidationError(parsed.error) };
}
