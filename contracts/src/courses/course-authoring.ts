import { z } from 'zod';
import { looksBlank } from '../ai/prompts';
import { languageSchema } from '../identity/identity.schemas';
import { COURSE_CATEGORIES, COURSE_COLORS, COURSE_LEVELS, courseDetailSchema } from './courses';

/*
 * Creating courses (spec 001, sections 2, 4, 5, 7, 8 and 9): the manual form, AI Generate, adding
 * modules, and courses made from documents through creation tasks whose stages are reported as they
 * happen.
 */

/** Spec 001 section 9. */
export const COURSE_FORM_LIMITS = {
  modules: { min: 1, max: 20, default: 6 },
  lessonsPerModule: { min: 1, max: 10, default: 4 },
} as const;

export const COURSE_TITLE_MAX_LENGTH = 200;
export const COURSE_DESCRIPTION_MAX_LENGTH = 5000;
export const COURSE_OBJECTIVE_MAX_LENGTH = 2000;
export const COURSE_SHORT_FIELD_MAX_LENGTH = 100;
export const COURSE_ABBREVIATION_MAX_LENGTH = 6;

/**
 * A required text field with the spec's message, "<Field> is required", for absent, empty and blank,
 * blank to the eye included (NBSP, zero-width and direction marks only), which trim() alone lets through.
 */
export function requiredText(label: string, maxLength: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(maxLength, { error: `${label} is too long (at most ${maxLength} characters)` })
    // Only text the checks above let through, so one problem gives one message.
    .refine((text) => text.length === 0 || text.length > maxLength || !looksBlank(text), { error: `${label} is required` });
}

function optionalText(label: string, maxLength: number) {
  return z
    .string()
    .trim()
    .max(maxLength, { error: `${label} is too long (at most ${maxLength} characters)` })
    .optional()
    .transform((value) => (value === undefined || value.length === 0 ? undefined : value));
}

/**
 * A count typed into the form: a number or numeric text within [min, max]; anything non-numeric
 * (absent, empty, "abc") falls back to the default, as spec 001 section 5 says.
 */
function countWithFallback(label: string, limits: { min: number; max: number; default: number }) {
  return z.preprocess(
    (value) => {
      if (typeof value === 'number') return Number.isFinite(value) ? value : limits.default;
      if (typeof value === 'string' && value.trim().length > 0 && Number.isFinite(Number(value))) return Number(value);
      return limits.default;
    },
    z
      .number()
      .int({ error: `${label} must be a whole number` })
      .min(limits.min, { error: `${label} must be between ${limits.min} and ${limits.max}` })
      .max(limits.max, { error: `${label} must be between ${limits.min} and ${limits.max}` }),
  );
}

export const numberOfModulesSchema = countWithFallback('Number of modules', COURSE_FORM_LIMITS.modules);
export const lessonsPerModuleSchema = countWithFallback('Lessons per module', COURSE_FORM_LIMITS.lessonsPerModule);

const courseColorSchema = z
  .string({ error: 'Color is required' })
  .trim()
  .min(1, { error: 'Color is required', abort: true })
  .refine((color) => (COURSE_COLORS as readonly string[]).includes(color), {
    error: `Color must be one of ${COURSE_COLORS.join(', ')}`,
  });

/** Where a course image may live: a Masar course image, or an http(s) address. */
const imageUrlSchema = z
  .string()
  .trim()
  .max(2000, { error: 'Image address is too long' })
  .refine((url) => url.length === 0 || /^(https?:\/\/|\/api\/course-images\/)/.test(url), {
    error: 'Image address must start with http:// or https://',
  })
  .optional()
  .transform((url) => (url === undefined || url.length === 0 ? undefined : url));

/** Skill names the author gives; when none are given, svc-courses extracts them from the course's text. */
const authorSkillsSchema = z
  .array(z.string().trim().min(1).max(120, { error: 'Too long' }))
  .max(30, { error: 'Please give at most 30 skills' })
  .optional();

/**
 * The manual course form (spec 001 sections 3 and 5), `POST /api/courses`: every required field
 * has the spec's message; objective is optional; modules 1 to 20 (default 6), lessons per module
 * 1 to 10 (default 4).
 */
export const courseFormSchema = z.object({
  title: requiredText('Title', COURSE_TITLE_MAX_LENGTH),
  description: requiredText('Description', COURSE_DESCRIPTION_MAX_LENGTH),
  objective: optionalText('Objective', COURSE_OBJECTIVE_MAX_LENGTH),
  duration: requiredText('Duration', COURSE_SHORT_FIELD_MAX_LENGTH),
  format: requiredText('Format', COURSE_SHORT_FIELD_MAX_LENGTH),
  departmentOwner: requiredText('Department', COURSE_TITLE_MAX_LENGTH),
  color: courseColorSchema,
  abbreviation: requiredText('Abbreviation', COURSE_ABBREVIATION_MAX_LENGTH),
  numberOfModules: numberOfModulesSchema,
  lessonsPerModule: lessonsPerModuleSchema,
  imageUrl: imageUrlSchema,
  skills: authorSkillsSchema,
  level: z.enum(COURSE_LEVELS, { error: 'Level must be beginner, intermediate or advanced' }).optional(),
  category: z.enum(COURSE_CATEGORIES, { error: 'Unknown category' }).optional(),
  /** The language the course is written in; English unless given. */
  language: languageSchema.optional(),
});
/** What the form sends (counts may be text). */
export type CourseFormInput = z.input<typeof courseFormSchema>;
/** The form once checked: trimmed, counts numeric and defaulted. */
export type CourseForm = z.output<typeof courseFormSchema>;

/** `courses.courses.create`: the form plus who is creating it. */
export const createCourseRequestSchema = courseFormSchema.extend({ createdBy: z.string().uuid() });
export type CreateCourseRequest = z.output<typeof createCourseRequestSchema>;

/** `POST /api/courses` and the task-made courses: `{course}` with its modules and lessons (201). */
export const createCourseReplySchema = z.object({ course: courseDetailSchema });
export type CreateCourseReply = z.infer<typeof createCourseReplySchema>;

/* ---------------------------------------------------------------- AI Generate */

/** Defaults for an AI-created course (spec 001 section 9). */
export const AI_COURSE_DEFAULTS = {
  duration: '10-12 weeks',
  format: 'Online',
  departmentOwner: 'AI Generated',
  color: 'purple',
  fallbackTitle: 'AI Generated Course',
} as const;

const CREATE_COURSE_PHRASE =
  /\b(?:create|build|make|design|develop|generate|write)\s+(?:(?:a|an|the|my|our)\s+)?(?:[\w-]+\s+){0,2}?(?:course|training|program(?:me)?|class|curriculum)\s+(?:on|about|for|in|covering|to\s+teach|that\s+teaches)\s+([^.!?;\n]+)/i;

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

function titleCase(words: string[]): string {
  return words
    .map((word, index) =>
      index > 0 && SMALL_WORDS.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.charAt(0).toLocaleUpperCase() + word.slice(1),
    )
    .join(' ');
}

/**
 * The title spec 001 section 5 derives from a description: the topic of a "create a course on …"
 * phrase, else its first 4 words, else "AI Generated Course".
 */
export function deriveCourseTitle(description: string): string {
  const text = description.trim();
  const phrase = CREATE_COURSE_PHRASE.exec(text);
  if (phrase) {
    const topic = phrase[1].trim().split(/\s+/).slice(0, 8);
    if (topic.length > 0) return titleCase(topic).slice(0, COURSE_TITLE_MAX_LENGTH);
  }
  const words = text.split(/\s+/).filter((word) => word.length > 0).slice(0, 4);
  if (words.length === 0) return AI_COURSE_DEFAULTS.fallbackTitle;
  return words.join(' ').replace(/[.,;:!?]+$/, '').slice(0, COURSE_TITLE_MAX_LENGTH);
}

/** Uppercase initials of up to the first 3 words longer than 2 characters (spec 001 section 5); "AI" when none. */
export function deriveAbbreviation(title: string): string {
  const initials = title
    .split(/[\s\-_/]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word.length > 2)
    .slice(0, 3)
    .map((word) => word.charAt(0).toLocaleUpperCase())
    .join('');
  return initials.length > 0 ? initials : 'AI';
}

/** The generated objective sentence used when the author gives none. */
export function deriveObjective(title: string): string {
  return `By the end of this course, learners will be able to apply the core ideas of ${title} in their day-to-day work.`;
}

/**
 * The AI Generate tab (spec 001 section 5): only the description is required ("Description is
 * required"); title, objective and abbreviation are derived when empty; duration, format,
 * department and color take AI_COURSE_DEFAULTS.
 */
export const aiGenerateCourseBodySchema = z
  .object({
    title: optionalText('Title', COURSE_TITLE_MAX_LENGTH),
    description: requiredText('Description', COURSE_DESCRIPTION_MAX_LENGTH),
    objective: optionalText('Objective', COURSE_OBJECTIVE_MAX_LENGTH),
    duration: optionalText('Duration', COURSE_SHORT_FIELD_MAX_LENGTH),
    format: optionalText('Format', COURSE_SHORT_FIELD_MAX_LENGTH),
    departmentOwner: optionalText('Department', COURSE_TITLE_MAX_LENGTH),
    color: courseColorSchema.optional(),
    abbreviation: optionalText('Abbreviation', COURSE_ABBREVIATION_MAX_LENGTH),
    numberOfModules: numberOfModulesSchema,
    lessonsPerModule: lessonsPerModuleSchema,
    language: languageSchema.optional(),
  })
  .transform((body): CourseForm => completeAiCourseFields(body));
export type AiGenerateCourseBody = z.input<typeof aiGenerateCourseBodySchema>;

/** Fills what the AI Generate tab leaves empty; the result is a complete course form. */
export function completeAiCourseFields(body: {
  title?: string;
  description: string;
  objective?: string;
  duration?: string;
  format?: string;
  departmentOwner?: string;
  color?: string;
  abbreviation?: string;
  numberOfModules: number;
  lessonsPerModule: number;
  language?: 'en' | 'ar';
}): CourseForm {
  const title = body.title ?? deriveCourseTitle(body.description);
  return {
    title,
    description: body.description,
    objective: body.objective ?? deriveObjective(title),
    duration: body.duration ?? AI_COURSE_DEFAULTS.duration,
    format: body.format ?? AI_COURSE_DEFAULTS.format,
    departmentOwner: body.departmentOwner ?? AI_COURSE_DEFAULTS.departmentOwner,
    color: body.color ?? AI_COURSE_DEFAULTS.color,
    abbreviation: body.abbreviation ?? deriveAbbreviation(title),
    numberOfModules: body.numberOfModules,
    lessonsPerModule: body.lessonsPerModule,
    imageUrl: undefined,
    skills: undefined,
    level: undefined,
    category: undefined,
    language: body.language,
  };
}

/* ---------------------------------------------------------------- Add modules */

/** Spec 001 section 9: the Add Modules action adds 2 modules of 2 lessons each. */
export const ADD_MODULES_DEFAULTS = { numberOfModules: 2, lessonsPerModule: 2 } as const;

/** `POST /api/courses/:id/add-modules {numberOfModules, lessonsPerModule}` (HTTP body). */
export const addModulesBodySchema = z.object({
  numberOfModules: countWithFallback('Number of modules', {
    ...COURSE_FORM_LIMITS.modules,
    default: ADD_MODULES_DEFAULTS.numberOfModules,
  }),
  lessonsPerModule: countWithFallback('Lessons per module', {
    ...COURSE_FORM_LIMITS.lessonsPerModule,
    default: ADD_MODULES_DEFAULTS.lessonsPerModule,
  }),
});
export type AddModulesBody = z.output<typeof addModulesBodySchema>;

/** `courses.courses.add-modules`: the body plus the course. A course may hold at most 20 modules in all. */
export const addModulesRequestSchema = addModulesBodySchema.extend({ id: z.uuid({ error: 'Invalid course id' }) });
export type AddModulesRequest = z.output<typeof addModulesRequestSchema>;

export const addModulesReplySchema = z.object({
  course: courseDetailSchema,
  modulesAdded: z.number().int().positive(),
  lessonsAdded: z.number().int().positive(),
});
export type AddModulesReply = z.infer<typeof addModulesReplySchema>;

/* ---------------------------------------------------------------- Documents and creation tasks */

/**
 * JetStream object store bucket through which the gateway hands course materials to svc-courses.
 * svc-courses deletes each object once read; the bucket's TTL removes any nobody read.
 */
export const COURSE_UPLOADS_BUCKET = 'course-material-uploads';

/** Files the Upload PDF tab accepts (spec 001 section 5). */
export const COURSE_IMPORT_EXTENSIONS = ['.pdf', '.docx', '.pptx', '.json'] as const;
/** Materials on the Manual and AI tabs (spec 001 section 5). */
export const COURSE_MATERIAL_EXTENSIONS = ['.pdf', '.docx', '.pptx', '.doc', '.ppt', '.txt', '.md'] as const;
export const MAX_COURSE_MATERIAL_FILES = 10;

/** Spec 001 section 4: the stages of file-based creation and the progress each one stands for. */
export const COURSE_CREATION_STAGES = ['uploading', 'processing', 'chunking', 'analyzing', 'generating', 'complete', 'error'] as const;
export type CourseCreationStage = (typeof COURSE_CREATION_STAGES)[number];
export const COURSE_CREATION_STAGE_PROGRESS: Record<CourseCreationStage, number> = {
  uploading: 10,
  processing: 30,
  chunking: 45,
  analyzing: 60,
  generating: 80,
  complete: 100,
  error: 0,
};

/**
 * What a creation task does with its files:
 * - `import`: the Upload PDF tab: the course comes from one file alone (PDF, DOCX, PPTX, or the JSON course format);
 * - `create-with-files`: the Manual tab with materials: the form's fields, modules from the documents;
 * - `ai-generate-with-files`: the AI Generate tab with materials: lessons written from the documents.
 */
export const COURSE_CREATION_KINDS = ['import', 'create-with-files', 'ai-generate-with-files'] as const;
export type CourseCreationKind = (typeof COURSE_CREATION_KINDS)[number];

/** One uploaded file as it travels to svc-courses: its name in COURSE_UPLOADS_BUCKET and what the browser said of it. */
export const courseMaterialFileSchema = z.object({
  objectName: z.string().uuid(),
  fileName: z.string().min(1).max(255),
  declaredMediaType: z.string().max(255),
  size: z.number().int().nonnegative(),
});
export type CourseMaterialFile = z.infer<typeof courseMaterialFileSchema>;

export const NO_COURSE_FILE_MESSAGE = 'Please select a file to upload';

/**
 * `courses.creation-tasks.start`: svc-courses checks the request, queues the task and answers at once.
 * The task (and the course it makes) belongs to the caller named in the `x-masar-caller` header.
 */
export const startCourseCreationRequestSchema = z
  .object({
    kind: z.enum(COURSE_CREATION_KINDS),
    files: z
      .array(courseMaterialFileSchema, { error: NO_COURSE_FILE_MESSAGE })
      .min(1, { error: NO_COURSE_FILE_MESSAGE })
      .max(MAX_COURSE_MATERIAL_FILES, { error: `Please upload at most ${MAX_COURSE_MATERIAL_FILES} files` }),
    /** The form's fields; required except for `import`. */
    courseData: courseFormSchema.optional(),
    /** Regroup every document's sections into modules by topic (true) or keep one module per document (false). */
    useAIOrganization: z.boolean().default(false),
  })
  .refine((request) => request.kind === 'import' || request.courseData !== undefined, {
    error: 'courseData is required',
    path: ['courseData'],
  });
export type StartCourseCreationRequest = z.output<typeof startCourseCreationRequestSchema>;

/** A creation task as people follow it (polled about once a second). */
export const courseCreationTaskSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(COURSE_CREATION_KINDS),
  stage: z.enum(COURSE_CREATION_STAGES),
  /** COURSE_CREATION_STAGE_PROGRESS of the stage. */
  progress: z.number().int().min(0).max(100),
  /** What is happening now, or why it failed (for `error`: "Document processing failed: …"). */
  message: z.string().nullable(),
  /** The created course, once `complete`. */
  courseId: z.string().uuid().nullable(),
  /** File names, in the order they were given. */
  fileNames: z.array(z.string()),
  /** Cancelled from the AI agents control center: it ends like an error, but nothing is made in its place. */
  cancelled: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CourseCreationTask = z.infer<typeof courseCreationTaskSchema>;

/** `POST /api/courses/upload`, `/create-with-files`, `/ai-generate-with-files` answer 202 `{task}`; `GET /api/courses/creation-tasks/:id` answers `{task}`. */
export const courseCreationTaskReplySchema = z.object({ task: courseCreationTaskSchema });
export type CourseCreationTaskReply = z.infer<typeof courseCreationTaskReplySchema>;

/**
 * `courses.creation-tasks.get`: only the caller who started a task (or an admin, by the caller header)
 * may follow it; anybody else's answers 404 like a missing one.
 */
export const getCourseCreationTaskRequestSchema = z.object({
  id: z.string().min(1).max(64),
});
export type GetCourseCreationTaskRequest = z.infer<typeof getCourseCreationTaskRequestSchema>;

export const COURSE_CREATION_TASK_NOT_FOUND_MESSAGE = 'Course creation task not found';

/** The spec's words when file-based creation fails (spec 001 section 8); the form alone then makes the course. */
export function documentProcessingFailedMessage(reason: string): string {
  return `Document processing failed: ${reason}. Creating basic course structure...`;
}

/* ---------------------------------------------------------------- Image analysis */

/** Largest image `POST /api/courses/analyze-image` accepts, before base64 (it must fit one NATS message). */
export const MAX_ANALYZED_IMAGE_BYTES = 700 * 1024;
export const ANALYZED_IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** `POST /api/courses/analyze-image {image, title}`: the image as base64 without a `data:` prefix. */
export const analyzeImageBodySchema = z.object({
  image: z
    .string({ error: 'Please choose an image' })
    .trim()
    .min(1, { error: 'Please choose an image' })
    .max(Math.ceil(MAX_ANALYZED_IMAGE_BYTES / 3) * 4 + 4, { error: 'The image is too large to analyse (max 700 KB)' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'The image must be base64 without a data: prefix' }),
  title: z.string().trim().max(COURSE_TITLE_MAX_LENGTH, { error: 'Too long' }).default(''),
});
export type AnalyzeImageBody = z.output<typeof analyzeImageBodySchema>;

export const analyzeImageReplySchema = z.object({ description: z.string().min(1) });
export type AnalyzeImageReply = z.infer<typeof analyzeImageReplySchema>;

/** Bytes that are not one of ANALYZED_IMAGE_MEDIA_TYPES (or not the type declared for them). */
export const NOT_AN_IMAGE_MESSAGE = 'The file is not a PNG, JPEG, GIF or WebP image';

/** What svc-ai answers (501) when no vision model is configured. */
export const IMAGE_ANALYSIS_OFFLINE_MESSAGE =
  'Image analysis is not available offline: configure a vision-capable model (OPENAI_API_KEY) to describe images';

/* ---------------------------------------------------------------- Queues */

/** svc-courses' Bull queues. Never rename one without draining it first: waiting jobs are kept under this name in Redis. */
export const COURSES_QUEUES = { COURSE_CREATION: 'course-creation', AGENT_TASKS: 'agent-tasks' } as const;
export const COURSE_CREATION_JOBS = { CREATE_FROM_DOCUMENTS: 'create-course-from-documents' } as const;
/** Jobs of COURSES_QUEUES.AGENT_TASKS, one per step-wise agent task type. */
export const AGENT_TASK_JOBS = {
  READY_AI_COURSE: 'ready-ai-course',
  QUALITY_REVIEW: 'quality-review',
  CONTENT_ENHANCEMENT: 'content-enhancement',
  COURSE_NARRATION: 'course-narration',
} as const;

/* ---------------------------------------------------------------- Course images */

/**
 * `POST /api/course-images` (multipart `courseImage`): keeps a course image and answers 201 with the
 * address to put in the form's `imageUrl`, so a course made from the form alone has its image too.
 */
export const uploadCourseImageReplySchema = z.object({ imageUrl: z.string().regex(/^\/api\/course-images\/[0-9a-f-]{36}$/) });
export type UploadCourseImageReply = z.infer<typeof uploadCourseImageReplySchema>;

export const NO_COURSE_IMAGE_MESSAGE = 'Please choose an image';
export const COURSE_IMAGE_TYPE_MESSAGE = 'The course image must be a PNG, JPEG, GIF or WebP image';
