import { z } from 'zod';
import { ANALYZED_IMAGE_MEDIA_TYPES } from '../courses/course-authoring';
import { LESSON_TYPES, LessonSourceRef, lessonSourceRefSchema } from '../courses/courses';
import { serviceHealthReplySchema } from '../health/health';

/** NATS subjects answered by svc-ai. Never rename one without a migration plan. */
export const AI_SUBJECTS = {
  /** `ExtractSkillsRequest` → `ExtractSkillsReply`: stateless, stores nothing. */
  EXTRACT_SKILLS: 'ai.skills.extract',
  /** `ComposeLessonsRequest` → `ComposeLessonsReply`: writes one module's lessons from their sources. */
  COMPOSE_LESSONS: 'ai.lessons.compose',
  /** `DescribeImageRequest` → `DescribeImageReply`: needs a vision model (501 offline). */
  DESCRIBE_IMAGE: 'ai.images.describe',
  /** `FactCheckLessonsRequest` → `FactCheckLessonsReply`: the quality review's LLM check (501 offline). */
  FACT_CHECK_LESSONS: 'ai.quality.fact-check',
  /** Prompt templates (`src/ai/prompts.ts`), admins only (the caller header): the gateway alone may ask. */
  LIST_PROMPTS: 'ai.prompts.list',
  GET_PROMPT: 'ai.prompts.get',
  UPDATE_PROMPT: 'ai.prompts.update',
  LIST_PROMPT_VERSIONS: 'ai.prompts.versions',
  RESTORE_PROMPT_VERSION: 'ai.prompts.restore',
  /** `ExpandSearchQueryRequest` → `ExpandSearchQueryReply`: the skills a search query names (taxonomy, no model). */
  EXPAND_SEARCH_QUERY: 'ai.search.expand-query',
  /** `AnswerSearchRequest` → `AnswerSearchReply`: course search's answer, grounded in the passages given. */
  ANSWER_SEARCH: 'ai.search.answer',
  /**
   * `EmbedSearchTextsRequest` → `EmbedSearchTextsReply`: embeddings of a query and passages for
   * search's optional second signal; 503 when no OpenAI-compatible endpoint is configured.
   */
  EMBED_SEARCH_TEXTS: 'ai.search.embed',
  /** `RunLearningHelperRequest` → `LearningHelperReply`: one of the six learning helpers on a passage. */
  RUN_LEARNING_HELPER: 'ai.learning-helpers.run',
  /** `GenerateNarrationRequest` → `GenerateNarrationReply`: a lesson's text spoken as MP3, kept in NARRATION_BUCKET. */
  GENERATE_NARRATION: 'ai.narration.generate',
  /** `GenerateIllustrationRequest` → `GenerateIllustrationReply`: a lesson's illustration, made and stored once per text. */
  GENERATE_ILLUSTRATION: 'ai.illustrations.generate',
  /** `GetIllustrationRequest` → `GetIllustrationReply`: a stored illustration's PNG. */
  GET_ILLUSTRATION: 'ai.illustrations.get',
  /** `ExerciseFeedbackRequest` → `ExerciseFeedbackReply`: feedback on a learner's exercise work (svc-courses asks in their name). */
  EXERCISE_FEEDBACK: 'ai.exercise-feedback.generate',
  HEALTH: 'ai.health',
} as const;

/** Which model backend svc-ai uses: the built-in offline one (the default) or an OpenAI-compatible API. */
export const AI_PROVIDERS = ['offline', 'openai'] as const;
export const aiProviderSchema = z.enum(AI_PROVIDERS);
export type AiProvider = z.infer<typeof aiProviderSchema>;

/** svc-ai's health reply: a ServiceHealthReply that also says which provider is configured. */
export const aiHealthReplySchema = serviceHealthReplySchema.extend({
  provider: aiProviderSchema,
});
export type AiHealthReply = z.infer<typeof aiHealthReplySchema>;

/* ---------------------------------------------------------------- Lesson writing (course authoring) */

/** Longest source text sent per source: keeps a module's request well inside one NATS message. */
export const MAX_LESSON_SOURCE_CHARACTERS = 4000;
/** Sources per planned lesson. */
export const MAX_SOURCES_PER_LESSON = 3;
/** Lessons per compose request: svc-courses asks module by module (at most 10 lessons each). */
export const MAX_LESSONS_PER_COMPOSE_REQUEST = 10;

/** Material a lesson may be written from: a catalog lesson, or a section of an uploaded document. */
export const lessonSourceSchema = z.object({
  origin: z.enum(['catalog', 'document']),
  courseId: z.string().uuid().optional(),
  lessonId: z.string().uuid().optional(),
  courseTitle: z.string().max(300).optional(),
  lessonTitle: z.string().max(300).optional(),
  fileName: z.string().max(255).optional(),
  section: z.string().max(300).optional(),
  content: z.string().max(MAX_LESSON_SOURCE_CHARACTERS),
  keyPoints: z.array(z.string().max(500)).max(12).default([]),
  activities: z.array(z.string().max(500)).max(12).default([]),
});
export type LessonSource = z.infer<typeof lessonSourceSchema>;

export const plannedLessonSchema = z.object({
  /** The caller's key for the lesson, echoed in the reply. */
  key: z.string().min(1).max(64),
  moduleTitle: z.string().min(1).max(300),
  title: z.string().min(1).max(300),
  type: z.enum(LESSON_TYPES),
  /** Most relevant first; empty when the library has nothing on this lesson's topic. */
  sources: z.array(lessonSourceSchema).max(MAX_SOURCES_PER_LESSON),
});
export type PlannedLesson = z.infer<typeof plannedLessonSchema>;

/** `ai.lessons.compose`: write the planned lessons of one module from their sources. */
export const composeLessonsRequestSchema = z.object({
  course: z.object({
    title: z.string().min(1).max(300),
    description: z.string().max(5000),
    objective: z.string().max(2000).optional(),
    language: z.enum(['en', 'ar']).default('en'),
  }),
  lessons: z.array(plannedLessonSchema).min(1).max(MAX_LESSONS_PER_COMPOSE_REQUEST),
});
export type ComposeLessonsRequest = z.input<typeof composeLessonsRequestSchema>;

/** A source a written lesson cites: what its course keeps in the lesson's `sources`. */
export const lessonCitationSchema = lessonSourceRefSchema;
export type LessonCitation = LessonSourceRef;

export const composedLessonSchema = z.object({
  key: z.string(),
  content: z.string().min(1),
  keyPoints: z.array(z.string()),
  activities: z.array(z.string()),
  /** The sources the text actually uses; empty only when the lesson had none. */
  citations: z.array(lessonCitationSchema),
});
export type ComposedLesson = z.infer<typeof composedLessonSchema>;

export const composeLessonsReplySchema = z.object({
  provider: aiProviderSchema,
  /** The model that wrote the lessons (`OFFLINE_MODEL_NAME` offline): what the lessons' AI label names. */
  model: z.string().min(1),
  /** One per planned lesson, in the request's order. */
  lessons: z.array(composedLessonSchema),
});
export type ComposeLessonsReply = z.infer<typeof composeLessonsReplySchema>;

/** `ai.images.describe`: a vision model describes a course image; offline this is a 501. */
export const describeImageRequestSchema = z.object({
  /** Base64 without a data: prefix. */
  image: z.string().min(1),
  mediaType: z.enum(ANALYZED_IMAGE_MEDIA_TYPES),
  title: z.string().max(300).default(''),
});
export type DescribeImageRequest = z.input<typeof describeImageRequestSchema>;

export const describeImageReplySchema = z.object({ description: z.string().min(1), provider: aiProviderSchema });
export type DescribeImageReply = z.infer<typeof describeImageReplySchema>;

/* ---------------------------------------------------------------- Factual consistency (quality review) */

/** Lessons per fact-check request: svc-courses sends a course's lessons in batches of this many. */
export const MAX_LESSONS_PER_FACT_CHECK_REQUEST = 6;
/** Longest lesson text a fact-check request carries (svc-courses sends the beginning of a longer one). */
export const MAX_FACT_CHECKED_LESSON_CHARACTERS = 6000;

/** What svc-ai answers (501) when the feature runs offline: no model, no fact-checking. */
export const FACT_CHECK_OFFLINE_MESSAGE =
  'Checking facts is not available offline: configure a language model (OPENAI_API_KEY) to review factual consistency';

/** `ai.quality.fact-check`: lessons of one course, checked for wrong or contradictory claims. */
export const factCheckLessonsRequestSchema = z.object({
  course: z.object({
    title: z.string().min(1).max(300),
    language: z.enum(['en', 'ar']).default('en'),
  }),
  lessons: z
    .array(
      z.object({
        /** The caller's key for the lesson (svc-courses: its id), echoed in findings and `checkedKeys`. */
        key: z.string().min(1).max(64),
        title: z.string().min(1).max(300),
        content: z.string().max(MAX_FACT_CHECKED_LESSON_CHARACTERS),
      }),
    )
    .min(1)
    .max(MAX_LESSONS_PER_FACT_CHECK_REQUEST)
    .refine((lessons) => new Set(lessons.map((lesson) => lesson.key)).size === lessons.length, { error: 'Each lesson needs its own key' }),
});
export type FactCheckLessonsRequest = z.input<typeof factCheckLessonsRequestSchema>;

export const FACT_CHECK_SEVERITIES = ['critical', 'major', 'minor'] as const;
export type FactCheckSeverity = (typeof FACT_CHECK_SEVERITIES)[number];

/** A claim of a lesson the model found wrong; `claim` occurs verbatim in that lesson. */
export const factCheckFindingSchema = z.object({
  key: z.string(),
  claim: z.string().min(1),
  problem: z.string().min(1),
  severity: z.enum(FACT_CHECK_SEVERITIES),
});
export type FactCheckFinding = z.infer<typeof factCheckFindingSchema>;

export const factCheckLessonsReplySchema = z.object({
  provider: aiProviderSchema,
  model: z.string().min(1),
  findings: z.array(factCheckFindingSchema),
  /** The lessons the model did check (all of them on success): a checked lesson without findings passed. */
  checkedKeys: z.array(z.string()),
});
export type FactCheckLessonsReply = z.infer<typeof factCheckLessonsReplySchema>;
