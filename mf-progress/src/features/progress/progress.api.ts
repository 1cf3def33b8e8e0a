import {
  learnerSkillsReplySchema,
  progressOverviewReplySchema,
  saveSelfAssessmentBodySchema,
  type LearnerSkillsReply,
  type ProgressOverview,
  type SaveSelfAssessmentBody,
} from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';
import { PROGRESS_TAG_TYPES } from '../../api/progress-tags';

/**
 * The signed-in learner's progress (`GET /api/progress`) and skill profile (`/api/learner-skills`).
 * The gateway knows who is signed in, so no user id travels.
 */
export const progressApi = baseApi.enhanceEndpoints({ addTagTypes: PROGRESS_TAG_TYPES }).injectEndpoints({
  endpoints: (build) => ({
    getProgressOverview: build.query<ProgressOverview, void>({
      query: () => '/progress',
      rawResponseSchema: replySchema(progressOverviewReplySchema),
      transformResponse: (reply: { progress: ProgressOverview }) => reply.progress,
      providesTags: ['ProgressOverview'],
    }),

    getLearnerSkills: build.query<LearnerSkillsReply, void>({
      query: () => '/learner-skills',
      responseSchema: replySchema(learnerSkillsReplySchema),
      providesTags: ['LearnerSkills'],
    }),

    saveSelfAssessment: build.mutation<LearnerSkillsReply, SaveSelfAssessmentBody>({
      argSchema: saveSelfAssessmentBodySchema,
      query: (body) => ({ url: '/learner-skills', method: 'PUT', body }),
      responseSchema: replySchema(learnerSkillsReplySchema),
      // New levels change the gaps of the next path and the skills on the progress screen.
      invalidatesTags: ['LearnerSkills', 'ProgressOverview'],
    }),
  }),
});

export const { useGetProgressOverviewQuery, useGetLearnerSkillsQuery, useSaveSelfAssessmentMutation } = progressApi;
