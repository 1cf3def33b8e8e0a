import {
  courseListSchema,
  deleteLearningPathReplySchema,
  learningPathListSchema,
  learningPathReplySchema,
  updateLearningPathBodySchema,
  type CourseSummary,
  type DeleteLearningPathReply,
  type LearningPath,
  type UpdateLearningPathBody,
} from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';
import { PROGRESS_TAG_TYPES } from '../../api/progress-tags';

export interface UpdateLearningPathArgs {
  id: string;
  changes: UpdateLearningPathBody;
}

/** How many courses teaching a skill are offered as replacements in a swap. */
export const SWAP_CANDIDATES_PAGE_SIZE = 10;

/** The signed-in learner's learning paths (`/api/learning-paths`), newest first. */
export const learningPathsApi = baseApi.enhanceEndpoints({ addTagTypes: PROGRESS_TAG_TYPES }).injectEndpoints({
  endpoints: (build) => ({
    listLearningPaths: build.query<LearningPath[], void>({
      query: () => '/learning-paths',
      rawResponseSchema: replySchema(learningPathListSchema),
      transformResponse: (reply: { items: LearningPath[] }) => reply.items,
      providesTags: ['LearningPaths'],
    }),

    getLearningPath: build.query<LearningPath, string>({
      query: (id) => `/learning-paths/${encodeURIComponent(id)}`,
      rawResponseSchema: replySchema(learningPathReplySchema),
      transformResponse: (reply: { learningPath: LearningPath }) => reply.learningPath,
      providesTags: ['LearningPaths'],
    }),

    /** A new weekly budget, a new order or a swap; the reply is the re-planned path. */
    updateLearningPath: build.mutation<LearningPath, UpdateLearningPathArgs>({
      query: ({ id, changes }) => ({
        url: `/learning-paths/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: updateLearningPathBodySchema.parse(changes),
      }),
      rawResponseSchema: replySchema(learningPathReplySchema),
      transformResponse: (reply: { learningPath: LearningPath }) => reply.learningPath,
      invalidatesTags: ['LearningPaths', 'ProgressOverview'],
    }),

    deleteLearningPath: build.mutation<DeleteLearningPathReply, string>({
      query: (id) => ({ url: `/learning-paths/${encodeURIComponent(id)}`, method: 'DELETE' }),
      responseSchema: replySchema(deleteLearningPathReplySchema),
      invalidatesTags: ['LearningPaths', 'ProgressOverview', 'AdminStats'],
    }),

    /** Courses teaching a skill, to offer as a swap (the path's own courses are filtered out by the caller). */
    listCoursesTeachingSkill: build.query<CourseSummary[], string>({
      query: (skill) => ({ url: '/courses', params: { skill, pageSize: SWAP_CANDIDATES_PAGE_SIZE } }),
      rawResponseSchema: replySchema(courseListSchema),
      transformResponse: (reply: { items: CourseSummary[] }) => reply.items,
    }),
  }),
});

export const {
  useListLearningPathsQuery,
  useGetLearningPathQuery,
  useUpdateLearningPathMutation,
  useDeleteLearningPathMutation,
  useListCoursesTeachingSkillQuery,
} = learningPathsApi;
