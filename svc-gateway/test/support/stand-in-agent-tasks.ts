import {
  AGENT_OF_TASK_TYPE,
  AGENT_TASK_NOT_FOUND_MESSAGE,
  AGENT_TASK_NOT_PAUSED_MESSAGE,
  AGENT_TASK_NOT_RUNNING_MESSAGE,
  agentTaskFinishedMessage,
  agentTaskIdRequestSchema,
  AGENTS,
  type AgentTask,
  type AgentTaskStatus,
  type AgentTaskType,
  type Caller,
  COURSE_NOT_FOUND_MESSAGE,
  createFromCategoriesBodySchema,
  describeValidationError,
  type ErrorReply,
  isFinishedAgentTask,
  EXTERNAL_COURSE_ENHANCEMENT_MESSAGE,
  listAgentTasksQuerySchema,
  NOTHING_TO_ENHANCE_MESSAGE,
  READY_AI_COURSE_NOT_FOUND_MESSAGE,
  startEnhancementBodySchema,
  startCourseNarrationRequestSchema,
  type CourseDetail,
  EXTERNAL_COURSE_NARRATION_MESSAGE,
  hasSpeakableText,
  NOTHING_TO_NARRATE_MESSAGE,
} from '@masar/contracts';
import { randomUUID } from 'node:crypto';

type Reply = { response: unknown } | { err: ErrorReply };

/** params of COURSE_PROVIDER_STATES.AGENT_TASK_EXISTS (see course-provider-states.ts). */
export interface AgentTaskStateParams {
  id: string;
  title: string;
  type: AgentTaskType;
  status: AgentTaskStatus;
  progress: number;
  currentStep: string | null;
  canPause: boolean;
  createdBy?: string;
  courseId?: string;
  error?: string;
}

/** A stored task; without `createdBy` it is whoever asks (the browser's pacts cannot know the signed-in id). */
type StoredTask = Omit<AgentTask, 'createdBy'> & { createdBy?: string };

const UNAUTHENTICATED: Reply = { err: { statusCode: 401, message: 'The request does not say who is asking' } };
const NOT_FOUND: Reply = { err: { statusCode: 404, message: AGENT_TASK_NOT_FOUND_MESSAGE } };

/** svc-courses' agent tasks as the gateway sees them: held in memory, owned and controlled as svc-courses does. */
export class StandInAgentTasks {
  readonly tasks = new Map<string, StoredTask>();

  seed(params: AgentTaskStateParams): void {
    const now = new Date().toISOString();
    const ended = isFinishedAgentTask(params.status);
    this.tasks.set(params.id, {
      id: params.id,
      title: params.title,
      type: params.type,
      agent: AGENT_OF_TASK_TYPE[params.type],
      status: params.status,
      progress: params.progress,
      currentStep: params.currentStep,
      canPause: params.canPause && params.status === 'running',
      canCancel: !ended,
      startTime: now,
      endTime: ended ? now : null,
      estimatedDuration: 80,
      error: params.error ?? null,
      logs: [{ at: now, message: 'Started' }],
      result: params.courseId ? { courseId: params.courseId } : null,
      createdBy: params.createdBy,
      createdAt: now,
      updatedAt: now,
    });
  }

  list(data: unknown, caller: Caller | null): Reply {
    if (!caller) return UNAUTHENTICATED;
    const parsed = listAgentTasksQuerySchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const { status, agent, page, pageSize } = parsed.data;
    const visible = this.visibleTo(caller).filter((task) => (!status || task.status === status) && (!agent || task.agent === agent));
    const items = visible.slice((page - 1) * pageSize, page * pageSize).map(({ logs: _logs, ...summary }) => summary);
    return { response: { items, total: visible.length, page, pageSize } };
  }

  get(data: unknown, caller: Caller | null): Reply {
    return this.withTask(data, caller, (task) => ({ response: task }));
  }

  stats(caller: Caller | null): Reply {
    if (!caller) return UNAUTHENTICATED;
    const count = (tasks: AgentTask[]) => ({
      total: tasks.length,
      running: tasks.filter((task) => task.status === 'running').length,
      completed: tasks.filter((task) => task.status === 'completed').length,
      failed: tasks.filter((task) => task.status === 'failed').length,
    });
    const visible = this.visibleTo(caller);
    return {
      response: { ...count(visible), byAgent: Object.fromEntries(AGENTS.map((agent) => [agent, count(visible.filter((task) => task.agent === agent))])) },
    };
  }

  control(verb: 'pause' | 'resume' | 'cancel', data: unknown, caller: Caller | null): Reply {
    return this.withTask(data, caller, (task) => {
      if (isFinishedAgentTask(task.status)) return { err: { statusCode: 409, message: agentTaskFinishedMessage(task.status) } };
      if (verb === 'pause' && task.status !== 'running') return { err: { statusCode: 409, message: AGENT_TASK_NOT_RUNNING_MESSAGE } };
      if (verb === 'resume' && task.status !== 'paused') return { err: { statusCode: 409, message: AGENT_TASK_NOT_PAUSED_MESSAGE } };
      const status: AgentTaskStatus = verb === 'pause' ? 'paused' : verb === 'resume' ? 'queued' : 'cancelled';
      const stored = this.tasks.get(task.id)!;
      Object.assign(stored, { status, canPause: false, canCancel: status !== 'cancelled', endTime: status === 'cancelled' ? new Date().toISOString() : null });
      return { response: { ...stored, createdBy: task.createdBy } };
    });
  }

  /** Ready AI: one queued task per catalog course that exists (`titleOf` answers for the stand-in's courses). */
  startReadyAi(data: unknown, caller: Caller | null, titleOf: (id: string) => string | undefined): Reply {
    if (!caller) return UNAUTHENTICATED;
    const parsed = createFromCategoriesBodySchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    if (parsed.data.selectedCourses.some((course) => titleOf(course.id) === undefined)) {
      return { err: { statusCode: 404, message: READY_AI_COURSE_NOT_FOUND_MESSAGE } };
    }
    return { response: { tasks: parsed.data.selectedCourses.map((course) => this.queue(titleOf(course.id)!, 'ready-ai-course', caller.id)) } };
  }

  /** Content Enhancement (admins): one queued task for a course the stand-in has (`courseOf`), as svc-courses answers. */
  startEnhancement(data: unknown, caller: Caller | null, courseOf: (id: string) => { title: string; kind?: string } | undefined): Reply {
    if (!caller) return UNAUTHENTICATED;
    const parsed = startEnhancementBodySchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    if (caller.role !== 'admin') return { err: { statusCode: 403, message: 'You do not have permission to do this' } };
    if (!parsed.data.courseId) return { err: { statusCode: 422, message: NOTHING_TO_ENHANCE_MESSAGE } };
    const course = courseOf(parsed.data.courseId);
    if (!course) return { err: { statusCode: 404, message: COURSE_NOT_FOUND_MESSAGE } };
    if (course.kind !== 'internal') return { err: { statusCode: 400, message: EXTERNAL_COURSE_ENHANCEMENT_MESSAGE } };
    return { response: { tasks: [this.queue(`Content enhancement: ${course.title}`, 'content-enhancement', caller.id)] } };
  }

  /** A whole course's narration, as svc-courses starts it: the lessons with words to speak, and the queued task. */
  startCourseNarration(data: unknown, caller: Caller | null, courseOf: (id: string) => CourseDetail | undefined): Reply {
    if (!caller) return UNAUTHENTICATED;
    const parsed = startCourseNarrationRequestSchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    if (caller.role !== 'admin') return { err: { statusCode: 403, message: 'You do not have permission to do this' } };
    const course = courseOf(parsed.data.id);
    if (!course) return { err: { statusCode: 404, message: COURSE_NOT_FOUND_MESSAGE } };
    if (course.kind !== 'internal') return { err: { statusCode: 400, message: EXTERNAL_COURSE_NARRATION_MESSAGE } };
    const totalLessons = course.modules.flatMap((module) => module.lessons).filter((lesson) => hasSpeakableText(lesson.content)).length;
    if (totalLessons === 0) return { err: { statusCode: 422, message: NOTHING_TO_NARRATE_MESSAGE } };
    return { response: { totalLessons, task: this.queue(`Course narration: ${course.title}`, 'course-narration', caller.id) } };
  }

  /** A task just created: queued, with its one log line. */
  private queue(title: string, type: AgentTaskType, createdBy: string): StoredTask {
    const id = randomUUID();
    this.seed({ id, title, type, status: 'queued', progress: 0, currentStep: 'Waiting to start', canPause: true, createdBy });
    const task = this.tasks.get(id)!;
    task.startTime = null;
    task.logs = [{ at: task.createdAt, message: 'Queued' }];
    return task;
  }

  private visibleTo(caller: Caller): AgentTask[] {
    return [...this.tasks.values()]
      .map((task) => ({ ...task, createdBy: task.createdBy ?? caller.id }))
      .filter((task) => caller.role === 'admin' || task.createdBy === caller.id)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  private withTask(data: unknown, caller: Caller | null, answer: (task: AgentTask) => Reply): Reply {
    if (!caller) return UNAUTHENTICATED;
    const parsed = agentTaskIdRequestSchema.safeParse(data);
    if (!parsed.success) return { err: { statusCode: 400, message: describeValidationError(parsed.error) } };
    const task = this.visibleTo(caller).find((candidate) => candidate.id === parsed.data.id);
    return task ? answer(task) : NOT_FOUND;
  }
}
