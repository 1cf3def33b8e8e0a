import {
  agentStatsSchema,
  agentTaskPageSchema,
  agentTaskReplySchema,
  type Agent,
  type AgentStats,
  type AgentTaskPage,
  type AgentTaskReply,
  type AgentTaskStatus,
  type CourseList,
  courseListSchema,
  type StartEnhancementBody,
  type StartEnhancementReply,
  startEnhancementReplySchema,
} from '@masar/contracts';
import { baseApi, replySchema } from '@masar/shell/runtime';

/** Spec 001 section 9: tasks and stats are refreshed every 2 seconds. */
export const AGENT_TASKS_POLL_MS = 2000;
export const AGENT_TASKS_PAGE_SIZE = 10;
/** Courses the enhancement dialog offers for what was typed. */
export const ENHANCEABLE_COURSES_SHOWN = 20;

export interface ListAgentTasksArgs {
  status?: AgentTaskStatus;
  agent?: Agent;
  page: number;
}

export type AgentTaskControl = 'pause' | 'resume' | 'cancel';

const TASKS_TAG = { type: 'AgentTasks', id: 'LIST' } as const;

/** The control center's calls (spec 001 section 7); every reply is checked against its schema. */
export const agentTasksApi = baseApi.enhanceEndpoints({ addTagTypes: ['AgentTasks'] }).injectEndpoints({
  endpoints: (build) => ({
    listAgentTasks: build.query<AgentTaskPage, ListAgentTasksArgs>({
      query: ({ status, agent, page }) => ({
        url: '/ai-agents/tasks',
        params: { page, pageSize: AGENT_TASKS_PAGE_SIZE, ...(status ? { status } : {}), ...(agent ? { agent } : {}) },
      }),
      responseSchema: replySchema(agentTaskPageSchema),
      providesTags: [TASKS_TAG],
    }),
    agentStats: build.query<AgentStats, void>({
      query: () => '/ai-agents/stats',
      responseSchema: replySchema(agentStatsSchema),
      providesTags: [TASKS_TAG],
    }),
    agentTask: build.query<AgentTaskReply, string>({
      query: (id) => `/ai-agents/tasks/${encodeURIComponent(id)}`,
      responseSchema: replySchema(agentTaskReplySchema),
      providesTags: (_reply, _error, id) => [{ type: 'AgentTasks', id }],
    }),
    controlAgentTask: build.mutation<AgentTaskReply, { id: string; control: AgentTaskControl }>({
      query: ({ id, control }) => ({ url: `/ai-agents/tasks/${encodeURIComponent(id)}/${control}`, method: 'POST' }),
      responseSchema: replySchema(agentTaskReplySchema),
      invalidatesTags: (_reply, _error, { id }) => [TASKS_TAG, { type: 'AgentTasks', id }],
    }),
    /** `POST /api/ai-agents/enhancements {courseId} | {fromQuality: true}` (admins): 202 `{tasks}`. */
    startEnhancement: build.mutation<StartEnhancementReply, StartEnhancementBody>({
      query: (body) => ({ url: '/ai-agents/enhancements', method: 'POST', body }),
      responseSchema: replySchema(startEnhancementReplySchema),
      invalidatesTags: [TASKS_TAG],
    }),
    /** `GET /api/courses?q=&kind=internal`: the catalog's own courses whose title matches, to choose one to enhance. */
    enhanceableCourses: build.query<CourseList, string>({
      query: (q) => ({ url: '/courses', params: { kind: 'internal', page: 1, pageSize: ENHANCEABLE_COURSES_SHOWN, ...(q ? { q } : {}) } }),
      responseSchema: replySchema(courseListSchema),
    }),
  }),
});

export const {
  useListAgentTasksQuery,
  useAgentStatsQuery,
  useAgentTaskQuery,
  useControlAgentTaskMutation,
  useStartEnhancementMutation,
  useEnhanceableCoursesQuery,
} = agentTasksApi;
