import { z } from 'zod';
import { looksBlank } from '../ai/prompts';
import { languageSchema } from '../identity/identity.schemas';

/**
 * Course search (spec 001 sections 2 "Course search", 3 "Search response", 5, 9): the content of every
 * lesson, module and course, indexed in passages; the answer is grounded in the passages it cites.
 */

/** Longest search text (characters, after trimming). */
export const COURSE_SEARCH_MAX_QUERY_LENGTH = 200;
/** Characters of a result's preview, centred on the match (spec section 9). */
export const SEARCH_PREVIEW_LENGTH = 200;
/** Keywords shown per result (spec section 9). */
export const SEARCH_MAX_KEYWORDS = 3;
/** Results a search returns (the best ones); `totalResults` counts every match. */
export const SEARCH_MAX_CHUNKS = 20;
/**
 * Matches a search counts at most: counting every passage of a common word in a large library costs
 * more than ranking them, so past this `totalResults` stops and `totalResultsCapped` says there are more.
 */
export const SEARCH_COUNTED_RESULTS = 1000;
/** Passages the answer is grounded in (the best ones, numbered [1]..[n] as in `chunks`). */
export const SEARCH_ANSWER_PASSAGES = 5;

export const COURSE_SEARCH_MESSAGES = {
  blank: 'Enter something to search for',
  tooLong: `Search text must be ${COURSE_SEARCH_MAX_QUERY_LENGTH} characters or fewer`,
} as const;

/** `GET /api/courses/search?q=&lang=`: `lang` is the UI's language, used when the query's own is unclear. */
export const courseSearchQuerySchema = z.object({
  q: z
    .string({ error: COURSE_SEARCH_MESSAGES.blank })
    .trim()
    .refine((text) => !looksBlank(text), { error: COURSE_SEARCH_MESSAGES.blank })
    .refine((text) => text.length <= COURSE_SEARCH_MAX_QUERY_LENGTH, { error: COURSE_SEARCH_MESSAGES.tooLong }),
  lang: languageSchema.optional(),
});
export type CourseSearchQuery = z.infer<typeof courseSearchQuerySchema>;

/** Where in the course a passage comes from: lesson passages name their lesson, module ones their module. */
export const SEARCH_PASSAGE_FIELDS = ['course', 'module', 'lesson'] as const;
export type SearchPassageField = (typeof SEARCH_PASSAGE_FIELDS)[number];

export const courseSearchChunkSchema = z.object({
  /** The passage's id. */
  id: z.string(),
  field: z.enum(SEARCH_PASSAGE_FIELDS),
  courseId: z.string().uuid(),
  moduleId: z.string().uuid().nullable(),
  lessonId: z.string().uuid().nullable(),
  courseTitle: z.string(),
  /** Empty for a course passage. */
  moduleTitle: z.string(),
  /** Empty for a course or module passage. */
  lessonTitle: z.string(),
  /**
   * A preview of about SEARCH_PREVIEW_LENGTH characters centred on the match (with … where cut). The
   * whole text comes from `GET /api/courses/search/passages/:chunkId` for the result a learner opens:
   * twenty full passages were most of a reply's bytes, and each was checked and copied at every hop.
   */
  content: z.string(),
  /** At most SEARCH_MAX_KEYWORDS: the query's words and skills the passage matched. */
  keywords: z.array(z.string()).max(SEARCH_MAX_KEYWORDS),
  /** 0 to 1, shown as a percentage. */
  relevanceScore: z.number().min(0).max(1),
  language: languageSchema,
});
export type CourseSearchChunk = z.infer<typeof courseSearchChunkSchema>;

export const courseSearchResponseSchema = z.object({
  query: z.string(),
  /**
   * Grounded in the first SEARCH_ANSWER_PASSAGES chunks, citing them as [1], [2] (the chunk's
   * position in `chunks`, from 1). When nothing matches it says the library has nothing on the query.
   */
  answer: z.string(),
  /** Who wrote the answer; null when no answer could be made (see `answerProblem`). */
  answerSource: z.object({ provider: z.enum(['offline', 'openai']), model: z.string() }).nullable(),
  /** Why there is no AI answer (feature switched off, budget spent, svc-ai unreachable), in words a person understands. */
  answerProblem: z.string().nullable(),
  /** Every passage that matched (the chunks are the best of them), counted up to SEARCH_COUNTED_RESULTS. */
  totalResults: z.number().int().min(0).max(SEARCH_COUNTED_RESULTS),
  /**
   * More passages matched than SEARCH_COUNTED_RESULTS: `totalResults` is then a floor ("more than 1,000"),
   * and so are the summary's counts.
   */
  totalResultsCapped: z.boolean(),
  /** The courses, modules and lessons the matching passages belong to (all of them, not only the shown chunks'). */
  summary: z.object({
    coursesFound: z.number().int().min(0),
    modulesFound: z.number().int().min(0),
    lessonsFound: z.number().int().min(0),
    keyInsights: z.array(z.string()),
  }),
  /** Skills and categories of the results that the query did not name. */
  relatedTopics: z.array(z.string()),
  chunks: z.array(courseSearchChunkSchema),
  /** The words and phrases matched in the previews and titles (the query's own and those the taxonomy added), for highlighting them. */
  matchedTerms: z.array(z.string()),
  /** Taxonomy skills the query was read as ("k8s" → Kubernetes). */
  skills: z.array(z.string()),
});
export type CourseSearchResponse = z.infer<typeof courseSearchResponseSchema>;

/** A search result's passage that is gone (its course changed, was unpublished or deleted) or never was. */
export const SEARCH_PASSAGE_NOT_FOUND_MESSAGE = 'That search result is no longer in the library: search again';

/** `courses.search.passage`: one passage of a search's results (`CourseSearchChunk.id`). */
export const searchPassageRequestSchema = z.object({ id: z.uuid() });
export type SearchPassageRequest = z.infer<typeof searchPassageRequestSchema>;

/**
 * `GET /api/courses/search/passages/:chunkId`: the whole text of a result a learner opened, for its
 * details and the learning helpers. Learners get passages of published courses only (404 otherwise).
 */
export const searchPassageSchema = courseSearchChunkSchema
  .pick({ id: true, field: true, courseId: true, moduleId: true, lessonId: true, courseTitle: true, moduleTitle: true, lessonTitle: true, language: true })
  .extend({
    /** The passage's whole text. */
    fullText: z.string(),
  });
export type SearchPassage = z.infer<typeof searchPassageSchema>;
