import {
  courseSearchResponseSchema,
  learningHelperReplySchema,
  type CourseSearchResponse,
  type Language,
  type LearningHelperBody,
  type LearningHelperReply,
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

    /** `POST /api/ai-agents/process`: one helper on one passage; every press asks afresh, so a mutation. */
    learningHelper: build.mutation<LearningHelperReply, LearningHelperBody>({
      query: (body) => ({ url: '/ai-agents/process', method: 'POST', body }),
      responseSchema: replySchema(learningHelperReplySchema),
    }),
  }),
});

export const { useSearchCoursesQuery, useLearningHelperMutation } = courseSearchApi;
