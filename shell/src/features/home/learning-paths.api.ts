import { generateLearningPathBodySchema, learningPathReplySchema, type LearningPathReply } from '@masar/contracts';
import { baseApi } from '@masar/shell/runtime';
import type { z } from 'zod';

/** What the home page sends: the confirmed hand-off; `weeklyHours` defaults to the contract's budget. */
export type GenerateLearningPathArgs = z.input<typeof generateLearningPathBodySchema>;

/**
 * Learning-path generation from the home page. The tags are shared with mf-progress, which reads
 * the learner's paths, their progress and the admin stats: a new path refreshes all three.
 */
export const learningPathsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['LearningPaths', 'ProgressOverview', 'AdminStats'] })
  .injectEndpoints({
    endpoints: (build) => ({
      generateLearningPath: build.mutation<LearningPathReply, GenerateLearningPathArgs>({
        // Checked (at least one skill, `weeklyHours` defaulted) before it leaves, as the gateway will check it.
        argSchema: generateLearningPathBodySchema,
        query: (body) => ({ url: '/learning-paths/generate', method: 'POST', body }),
        // The reply schema has no defaults or transforms, so RTK's one type for input and output fits it as is.
        responseSchema: learningPathReplySchema,
        invalidatesTags: ['LearningPaths', 'ProgressOverview', 'AdminStats'],
      }),
    }),
  });

export const { useGenerateLearningPathMutation } = learningPathsApi;
