import {
  courseSearchResponseSchema,
  learningHelperReplySchema,
  searchPassageSchema,
  type CourseSearchResponse,
  type Language,
  type LearningHelperBody,
  type LearningHelperReply,
  type SearchPassage,
} from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';
import { COURSE_LIST_TAG } from '../courses/courses.api';

export interface SearchCoursesArgs {
  /** The search text, trimmed. */
  q: string;
  /** The interface's language: the server reads the query in it when the query's own is unclear. */
  lang: Language;
}

/**
 * Course search (spec 001 sections 2, 3 and 7): `GET /api/courses/search` reads lesson, module and
 * course content and answers with cited passages; the six learning helpers run on one passage.
 */
export const courseSearchApi = baseApi.enhanceEndpoints({ addTagTypes: ['Courses'] }).injectEndpoints({
  endpoints: (build) => ({
    /** A course created, changed or deleted changes what a search finds, so the course tag refreshes it. */
    searchCourses: build.query<CourseSearchResponse, SearchCoursesArgs>({
      query: ({ q, lang }) => ({ url: '/courses/search', params: { q, lang } }),
      responseSchema: replySchema(courseSearchResponseSchema),
      providesTags: [COURSE_LIST_TAG],
    }),

    /**
     * A result's whole text, read when the learner opens it (the search answers previews). Kept with
     * the search's tag: a changed course may move its passages, and a search then finds the new ones.
     */
    searchPassage: build.query<SearchPassage, string>({
      query: (chunkId) => ({ url: `/courses/search/passages/${encodeURIComponent(chunkId)}` }),
      responseSchema: replySchema(searchPassageSchema),
      providesTags: [COURSE_LIST_TAG],
    }),

    /** `POST /api/ai-agents/process`: one helper on one passage; every press asks afresh, so a mutation. */
    learningHelper: build.mutation<LearningHelperReply, LearningHelperBody>({
      query: (body) => ({ url: '/ai-agents/process', method: 'POST', body }),
      responseSchema: replySchema(learningHelperReplySchema),
    }),
  }),
});

export const { useSearchCoursesQuery, useSearchPassageQuery, useLearningHelperMutation } = courseSearchApi;
