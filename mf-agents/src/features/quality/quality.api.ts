import {
  agentTaskReplySchema,
  qualityCoursePageSchema,
  qualityReportSchema,
  qualitySummarySchema,
  type AgentTaskReply,
  type QualityCoursePage,
  type QualityReport,
  type QualitySummary,
  type StartQualityReviewBody,
} from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';

/** Page size of the reviewed courses table. */
export const QUALITY_COURSES_PAGE_SIZE = 10;

export interface QualityCoursesArgs {
  page: number;
  pageSize?: number;
}

/** Every quality figure and report: refreshed when a followed review ends. */
export const QUALITY_TAG = { type: 'Quality', id: 'ALL' } as const;

/** The Quality Assurance calls (issue 12), admins only; every reply is checked against its schema. */
export const qualityApi = baseApi.enhanceEndpoints({ addTagTypes: ['Quality'] }).injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/quality/summary`: also read by the control center's quality agent card. */
    qualitySummary: build.query<QualitySummary, void>({
      query: () => '/quality/summary',
      responseSchema: replySchema(qualitySummarySchema),
      providesTags: [QUALITY_TAG],
    }),

    qualityCourses: build.query<QualityCoursePage, QualityCoursesArgs>({
      query: ({ page, pageSize = QUALITY_COURSES_PAGE_SIZE }) => ({ url: '/quality/courses', params: { page, pageSize } }),
      responseSchema: replySchema(qualityCoursePageSchema),
      providesTags: [QUALITY_TAG],
    }),

    qualityReport: build.query<QualityReport, string>({
      query: (courseId) => `/quality/courses/${encodeURIComponent(courseId)}`,
      responseSchema: replySchema(qualityReportSchema),
      providesTags: [QUALITY_TAG],
    }),

    /** `POST /api/quality/reviews {courseId?}`: 202 `{task}`; the page follows the task until it ends. */
    startQualityReview: build.mutation<AgentTaskReply, StartQualityReviewBody>({
      query: (body) => ({ url: '/quality/reviews', method: 'POST', body }),
      responseSchema: replySchema(agentTaskReplySchema),
    }),

    /** `GET /api/ai-agents/tasks/:id` (the control center's route), for the review this page started. */
    qualityReviewTask: build.query<AgentTaskReply, string>({
      query: (taskId) => `/ai-agents/tasks/${encodeURIComponent(taskId)}`,
      responseSchema: replySchema(agentTaskReplySchema),
    }),
  }),
});

export const {
  useQualitySummaryQuery,
  useQualityCoursesQuery,
  useQualityReportQuery,
  useStartQualityReviewMutation,
  useQualityReviewTaskQuery,
} = qualityApi;
