import { z } from 'zod';
import type { QualityCheck } from '../courses/course-quality';
import { paginatedSchema, paginationQuerySchema } from '../pagination';

/**
 * Agent tasks: every piece of background AI work (spec 001 section 3 "AI agent task"). A task runs
 * in the service that owns the data it changes, on that service's Bull queue, with its state in that
 * service's Postgres schema; the shape, the statuses and the control subjects are the same for all.
 */

/** The three agents the control center shows, each the owner of some task types. */
export const AGENTS = ['course-creation', 'quality-assurance', 'content-enhancement'] as const;
export type Agent = (typeof AGENTS)[number];

export const AGENT_TASK_TYPES = ['course-from-documents', 'ready-ai-course', 'quality-review', 'content-enhancement', 'course-narration'] as const;
export type AgentTaskType = (typeof AGENT_TASK_TYPES)[number];

export const AGENT_OF_TASK_TYPE: Record<AgentTaskType, Agent> = {
  'course-from-documents': 'course-creation',
  'ready-ai-course': 'course-creation',
  'quality-review': 'quality-assurance',
  'content-enhancement': 'content-enhancement',
  // Narration adds to a course's content (its audio) without changing its text.
  'course-narration': 'content-enhancement',
};

export function taskTypesOfAgent(agent: Agent): AgentTaskType[] {
  return AGENT_TASK_TYPES.filter((type) => AGENT_OF_TASK_TYPE[type] === agent);
}

export const AGENT_TASK_STATUSES = ['queued', 'running', 'paused', 'completed', 'failed', 'cancelled'] as const;
export type AgentTaskStatus = (typeof AGENT_TASK_STATUSES)[number];

/** A task in one of these has ended: no control applies to it any more. */
export const FINISHED_AGENT_TASK_STATUSES: readonly AgentTaskStatus[] = ['completed', 'failed', 'cancelled'];

export function isFinishedAgentTask(status: AgentTaskStatus): boolean {
  return FINISHED_AGENT_TASK_STATUSES.includes(status);
}

/** One line of a task's log, as a person reads it. */
export const agentTaskLogLineSchema = z.object({ at: z.string(), message: z.string() });
export type AgentTaskLogLine = z.infer<typeof agentTaskLogLineSchema>;

/** What a finished task made or changed; `courseId` is the course a creation task made or a review read. */
export const agentTaskResultSchema = z
  .object({
    courseId: z.string().uuid().optional(),
    courseTitle: z.string().optional(),
    modules: z.number().int().nonnegative().optional(),
    lessons: z.number().int().nonnegative().optional(),
    /** One line per change an enhancement made, or per finding a review recorded. */
    changes: z.array(z.string()).optional(),
    /** What an enhancement would have changed but left as it is, and why. */
    notes: z.array(z.string()).optional(),
  })
  .catchall(z.unknown());
export type AgentTaskResult = z.infer<typeof agentTaskResultSchema>;

export const agentTaskSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  type: z.enum(AGENT_TASK_TYPES),
  agent: z.enum(AGENTS),
  status: z.enum(AGENT_TASK_STATUSES),
  progress: z.number().int().min(0).max(100),
  currentStep: z.string().nullable(),
  /** Pause is offered while the task runs and this is true: it stops at the next step boundary. */
  canPause: z.boolean(),
  /** Cancel is offered while this is true: it stops the task and takes back what it half made. */
  canCancel: z.boolean(),
  /** When work on it first began; null while it waits in the queue. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** The expected running time in seconds, from the number of its steps. */
  estimatedDuration: z.number().int().nonnegative(),
  error: z.string().nullable(),
  logs: z.array(agentTaskLogLineSchema),
  result: agentTaskResultSchema.nullable(),
  /** The person who started it. */
  createdBy: z.string().uuid(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AgentTask = z.infer<typeof agentTaskSchema>;

/** A task as the list shows it: without its log, which only the details panel reads. */
export const agentTaskSummarySchema = agentTaskSchema.omit({ logs: true });
export type AgentTaskSummary = z.infer<typeof agentTaskSummarySchema>;

/* ---------------------------------------------------------------- Calls */

/** `GET /api/ai-agents/tasks?status=&agent=&page=&pageSize=`: newest first; a learner's own tasks, an admin's all. */
export const listAgentTasksQuerySchema = paginationQuerySchema.extend({
  status: z.enum(AGENT_TASK_STATUSES, { error: `status must be one of ${AGENT_TASK_STATUSES.join(', ')}` }).optional(),
  agent: z.enum(AGENTS, { error: `agent must be one of ${AGENTS.join(', ')}` }).optional(),
});
export type ListAgentTasksQuery = z.infer<typeof listAgentTasksQuerySchema>;

export const agentTaskPageSchema = paginatedSchema(agentTaskSummarySchema);
export type AgentTaskPage = z.infer<typeof agentTaskPageSchema>;

export const agentTaskIdRequestSchema = z.object({ id: z.string().min(1).max(64) });
export type AgentTaskIdRequest = z.infer<typeof agentTaskIdRequestSchema>;

/** `GET /api/ai-agents/tasks/:id` and every control answer `{task}`. */
export const agentTaskReplySchema = z.object({ task: agentTaskSchema });
export type AgentTaskReply = z.infer<typeof agentTaskReplySchema>;

export const agentCountsSchema = z.object({
  total: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type AgentCounts = z.infer<typeof agentCountsSchema>;

/** `<service>.agent-tasks.stats` takes no fields: whose tasks are counted comes from the caller header. */
export const agentStatsRequestSchema = z.object({});

/** `GET /api/ai-agents/stats`: the spec's four figures over the caller's tasks, and the same per agent. */
export const agentStatsSchema = agentCountsSchema.extend({
  byAgent: z.record(z.enum(AGENTS), agentCountsSchema),
});
export type AgentStats = z.infer<typeof agentStatsSchema>;

export const AGENT_TASK_NOT_FOUND_MESSAGE = 'Agent task not found';

export function agentTaskFinishedMessage(status: AgentTaskStatus): string {
  return `This task has already ${status === 'completed' ? 'completed' : status === 'failed' ? 'failed' : 'been cancelled'}; it can no longer be changed`;
}
export const AGENT_TASK_NOT_PAUSABLE_MESSAGE = 'This task cannot be paused';
export const AGENT_TASK_NOT_RUNNING_MESSAGE = 'Only a running task can be paused';
export const AGENT_TASK_NOT_PAUSED_MESSAGE = 'Only a paused task can be resumed';
export const AGENT_TASK_NOT_CANCELLABLE_MESSAGE = 'This task cannot be cancelled now';

/**
 * The control subjects of a service that runs agent tasks: `<service>.agent-tasks.<verb>`. The
 * gateway asks each such service (AGENT_TASK_SERVICES) and merges the answers.
 */
export function agentTaskSubjectsOf(service: string) {
  return {
    LIST: `${service}.agent-tasks.list`,
    GET: `${service}.agent-tasks.get`,
    STATS: `${service}.agent-tasks.stats`,
    PAUSE: `${service}.agent-tasks.pause`,
    RESUME: `${service}.agent-tasks.resume`,
    CANCEL: `${service}.agent-tasks.cancel`,
  } as const;
}

/** The services whose tasks the control center lists: all agent work today changes courses. */
export const AGENT_TASK_SERVICES = ['courses'] as const;
export const COURSES_AGENT_TASK_SUBJECTS = agentTaskSubjectsOf('courses');

/* ---------------------------------------------------------------- Ready AI */

/** Spec 001 section 9: at most 3 courses a time, each 6 modules of 2 lessons. */
export const READY_AI_MAX_SELECTION = 3;
export const READY_AI_MODULES = 6;
export const READY_AI_LESSONS_PER_MODULE = 2;

const readyAiSelectionSchema = z.object({
  /** The catalog course the card stands for. */
  id: z.string().uuid({ error: 'Each selected course needs the id of a catalog course' }),
  title: z.string().trim().min(1).max(200),
});

/** `POST /api/courses/create-from-categories {selectedCourses}`: one course-creation task per selection. */
export const createFromCategoriesBodySchema = z.object({
  selectedCourses: z
    .array(readyAiSelectionSchema, { error: 'Please select at least 1 course' })
    .min(1, { error: 'Please select at least 1 course' })
    .max(READY_AI_MAX_SELECTION, { error: `Please select at most ${READY_AI_MAX_SELECTION} courses` })
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
      error: 'The same course was selected twice',
    }),
});
export type CreateFromCategoriesBody = z.infer<typeof createFromCategoriesBodySchema>;

/** 202 `{tasks}`: the started tasks, in the order of the selection. */
export const createFromCategoriesReplySchema = z.object({ tasks: z.array(agentTaskSchema) });
export type CreateFromCategoriesReply = z.infer<typeof createFromCategoriesReplySchema>;

/** Ready AI never fills a slot with a placeholder: a subject the library covers too thinly is refused. */
export function libraryTooThinMessage(title: string, covered: number, needed: number): string {
  return `The course library has only ${covered} lessons on "${title}" and a Ready AI course needs at least ${needed} (one for each module), so no course was made (Masar does not publish placeholder lessons); add material on this subject or choose another course`;
}

export const READY_AI_COURSE_NOT_FOUND_MESSAGE = 'A selected course is no longer in the catalog; reload the list and choose again';

/* ---------------------------------------------------------------- Content Enhancement */

/** Failed checks the Content Enhancement agent can fix: lessons too short for their type, rewritten from the library. */
export const ENHANCEABLE_QUALITY_CHECKS: readonly QualityCheck[] = ['lesson-length'];

/** `fromQuality` enhances at most this many flagged courses, one task each. */
export const MAX_ENHANCEMENT_TASKS = 20;

/**
 * `POST /api/ai-agents/enhancements` and `courses.enhancement.start`: one course, or every course
 * whose latest quality review failed a check the agent can fix (`fromQuality: true`).
 */
export const startEnhancementBodySchema = z
  .object({
    courseId: z.uuid({ error: 'courseId must be a course id' }).optional(),
    fromQuality: z.literal(true, { error: 'fromQuality can only be true' }).optional(),
  })
  .refine((body) => (body.courseId === undefined) !== (body.fromQuality === undefined), {
    error: 'Give either a courseId or fromQuality: true',
    path: ['courseId'],
  });
export type StartEnhancementBody = z.infer<typeof startEnhancementBodySchema>;

/** 202 `{tasks}`: one queued content-enhancement task per course. */
export const startEnhancementReplySchema = z.object({ tasks: z.array(agentTaskSchema) });
export type StartEnhancementReply = z.infer<typeof startEnhancementReplySchema>;

export const EXTERNAL_COURSE_ENHANCEMENT_MESSAGE = 'External training links to a provider and has no lessons of its own to enhance';
export const NOTHING_TO_ENHANCE_MESSAGE = 'No course’s latest quality review failed a check the Content Enhancement agent can fix';
export const COURSE_CHANGED_DURING_ENHANCEMENT_MESSAGE = 'The course changed while it was being enhanced; run it again';

/* ---------------------------------------------------------------- Course narration */

/** `POST /api/courses/:id/generate-audio` (spec 001 section 7) and `courses.narration.start`: admins only. */
export const startCourseNarrationRequestSchema = z.object({ id: z.uuid({ error: 'id must be a course id' }) });
export type StartCourseNarrationRequest = z.infer<typeof startCourseNarrationRequestSchema>;

/** 202 `{totalLessons, task}`: the lessons with words to speak, and the queued course-narration task. */
export const startCourseNarrationReplySchema = z.object({
  totalLessons: z.number().int().positive(),
  task: agentTaskSchema,
});
export type StartCourseNarrationReply = z.infer<typeof startCourseNarrationReplySchema>;

/** Spec 001 section 8, word for word: the toast when a whole course's audio fails, and the failed task's error. */
export const COURSE_NARRATION_FAILED_MESSAGE = 'Failed to generate audio for lessons';
export const NOTHING_TO_NARRATE_MESSAGE = 'This course has no lesson with text to narrate';
export const EXTERNAL_COURSE_NARRATION_MESSAGE = 'External training links to a provider and has no lessons of its own to narrate';
