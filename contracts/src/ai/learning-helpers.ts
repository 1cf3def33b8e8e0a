import { z } from 'zod';
import { languageSchema } from '../identity/identity.schemas';
import { aiProviderSchema } from './ai';
import { looksBlank } from './prompts';

/**
 * The six AI learning helpers on a search result (spec 001 sections 2, 7, 8) and the svc-ai side of
 * course search: reading a query through the skill taxonomy, and the answer grounded in passages.
 */

export const LEARNING_HELPER_ACTIONS = [
  'summarize',
  'generate_quiz',
  'deep_analysis',
  'creative_scenarios',
  'visual_explanation',
  'practical_exercises',
] as const;
export const learningHelperActionSchema = z.enum(LEARNING_HELPER_ACTIONS);
export type LearningHelperAction = z.infer<typeof learningHelperActionSchema>;

/** Longest passage a helper is given (characters). */
export const MAX_HELPER_CONTENT_LENGTH = 20_000;

export const LEARNING_HELPER_MESSAGES = {
  contentBlank: 'Choose a search result first: the helper needs its text',
  contentTooLong: `The passage must be ${MAX_HELPER_CONTENT_LENGTH} characters or fewer`,
  unknownAction: `Action must be one of ${LEARNING_HELPER_ACTIONS.join(', ')}`,
} as const;

const title = z.string().trim().max(300).default('');

/** `POST /api/ai-agents/process` (spec section 7), plus the lesson's id so the library can be consulted. */
export const learningHelperBodySchema = z.object({
  action: z.enum(LEARNING_HELPER_ACTIONS, { error: LEARNING_HELPER_MESSAGES.unknownAction }),
  query: z.string().trim().max(200).default(''),
  content: z
    .string({ error: LEARNING_HELPER_MESSAGES.contentBlank })
    .refine((text) => !looksBlank(text), { error: LEARNING_HELPER_MESSAGES.contentBlank })
    .refine((text) => text.length <= MAX_HELPER_CONTENT_LENGTH, { error: LEARNING_HELPER_MESSAGES.contentTooLong }),
  context: z.object({ courseTitle: title, moduleTitle: title, lessonTitle: title }).default({ courseTitle: '', moduleTitle: '', lessonTitle: '' }),
  /** The result's lesson (or its course, for a course passage): its key points, activities and skills are used. */
  lessonId: z.string().uuid().optional(),
  courseId: z.string().uuid().optional(),
  /** Answer in this language instead of the passage's own. */
  language: languageSchema.optional(),
});
export type LearningHelperBody = z.input<typeof learningHelperBodySchema>;

/**
 * `courses.learning-helpers.run`: the body, plus the learner's job role the gateway looked up (their
 * newest job description's title), for scenarios. Absent when unknown.
 */
export const learningHelperRequestSchema = learningHelperBodySchema.extend({ jobRole: z.string().trim().max(300).optional() });
export type LearningHelperRequest = z.input<typeof learningHelperRequestSchema>;

/** Markdown; the UI renders it sanitised. */
export const learningHelperReplySchema = z.object({
  response: z.string(),
  provider: aiProviderSchema,
  model: z.string(),
  /**
   * Visual Expansion: the passage's concepts drawn as a diagram, the same picture as a lesson's
   * illustration (`/api/lesson-illustrations/<key>.png`). Absent for the other helpers.
   */
  diagramUrl: z.string().regex(/^\/api\/lesson-illustrations\/[0-9a-f]{64}\.png$/).optional(),
});
export type LearningHelperReply = z.infer<typeof learningHelperReplySchema>;

/** `ExpandSearchQueryRequest` → `ExpandSearchQueryReply` (no model: the skill taxonomy). */
export const expandSearchQueryRequestSchema = z.object({ query: z.string().min(1).max(200) });
export type ExpandSearchQueryRequest = z.infer<typeof expandSearchQueryRequestSchema>;

export const expandedSkillSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameAr: z.string(),
  /** Every spelling of the skill in both languages (name, Arabic name, aliases), for matching passages. */
  terms: z.array(z.string()),
});
export const expandSearchQueryReplySchema = z.object({
  /** The query's language by its letters. */
  language: languageSchema,
  /** Skills the query names, by name, alias or Arabic label. */
  skills: z.array(expandedSkillSchema),
  /** Broader and narrower skills of those, by name (English), for related topics. */
  relatedSkills: z.array(z.object({ name: z.string(), nameAr: z.string() })),
});
export type ExpandSearchQueryReply = z.infer<typeof expandSearchQueryReplySchema>;

export const MAX_ANSWER_PASSAGE_LENGTH = 4000;

/** A passage as svc-ai sees it: `n` is its citation number. */
export const groundingPassageSchema = z.object({
  n: z.number().int().min(1),
  courseTitle: z.string().max(300),
  moduleTitle: z.string().max(300),
  lessonTitle: z.string().max(300),
  text: z.string().max(MAX_ANSWER_PASSAGE_LENGTH),
  language: languageSchema,
});
export type GroundingPassage = z.infer<typeof groundingPassageSchema>;

export const answerSearchRequestSchema = z.object({
  query: z.string().min(1).max(200),
  /** The answer's language. */
  language: languageSchema,
  passages: z.array(groundingPassageSchema).max(8),
});
export type AnswerSearchRequest = z.input<typeof answerSearchRequestSchema>;

export const answerSearchReplySchema = z.object({
  /** Cites passages as [n]; only numbers of given passages remain. */
  answer: z.string(),
  keyInsights: z.array(z.string()),
  /** The passage numbers the answer cites. */
  citations: z.array(z.number().int().min(1)),
  /** False when the passages do not answer the query ("not covered in your library"). */
  covered: z.boolean(),
  provider: aiProviderSchema,
  model: z.string(),
});
export type AnswerSearchReply = z.infer<typeof answerSearchReplySchema>;

/** What svc-courses gathers from the library for a helper; svc-ai answers from it. */
export const runLearningHelperRequestSchema = z.object({
  action: learningHelperActionSchema,
  query: z.string().max(200).default(''),
  language: languageSchema,
  passage: z.object({
    courseTitle: z.string().max(300),
    moduleTitle: z.string().max(300),
    lessonTitle: z.string().max(300),
    text: z.string().min(1).max(MAX_HELPER_CONTENT_LENGTH),
    keyPoints: z.array(z.string().max(1000)).max(30).default([]),
    activities: z.array(z.string().max(1000)).max(30).default([]),
    /** Taxonomy skill names of the passage's course. */
    skills: z.array(z.string().max(120)).max(40).default([]),
    level: z.string().max(40).optional(),
  }),
  /** Other lessons on the same skills or words (quiz distractors, links). */
  relatedLessons: z
    .array(
      z.object({
        courseTitle: z.string().max(300),
        lessonTitle: z.string().max(300),
        keyPoints: z.array(z.string().max(1000)).max(30),
      }),
    )
    .max(20)
    .default([]),
  /** Courses that go deeper on the passage's skills. */
  deeperCourses: z.array(z.object({ title: z.string().max(300), level: z.string().max(40), skills: z.array(z.string().max(120)).max(40) })).max(10).default([]),
  /** The learner's job role (their latest posting's title), for scenarios; absent when unknown. */
  jobRole: z.string().max(300).optional(),
});
export type RunLearningHelperRequest = z.input<typeof runLearningHelperRequestSchema>;
