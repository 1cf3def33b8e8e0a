import {
  type AgentStats,
  type AgentTask,
  type AgentTaskIdRequest,
  agentTaskIdRequestSchema,
  type AgentTaskPage,
  type Caller,
  COURSES_AGENT_TASK_SUBJECTS,
  agentStatsRequestSchema,
  type ListAgentTasksQuery,
  listAgentTasksQuerySchema,
} from '@masar/contracts';
import { RequestCaller, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AgentTasksService } from './agent-tasks.service';

/** The control subjects of svc-courses' agent tasks; whose tasks they are comes from the caller header. */
@Controller()
export class AgentTasksHandlers {
  constructor(private readonly tasks: AgentTasksService) {}

  @MessagePattern(COURSES_AGENT_TASK_SUBJECTS.LIST)
  list(
    @Payload(new ZodPayloadPipe(listAgentTasksQuerySchema)) query: ListAgentTasksQuery,
    @RequestCaller() caller: Caller,
  ): Promise<AgentTaskPage> {
    return this.tasks.list(caller, query);
  }

  @MessagePattern(COURSES_AGENT_TASK_SUBJECTS.GET)
  get(@Payload(new ZodPayloadPipe(agentTaskIdRequestSchema)) request: AgentTaskIdRequest, @RequestCaller() caller: Caller): Promise<AgentTask> {
    return this.tasks.get(caller, request.id);
  }

  @MessagePattern(COURSES_AGENT_TASK_SUBJECTS.STATS)
  stats(@Payload(new ZodPayloadPipe(agentStatsRequestSchema)) _request: unknown, @RequestCaller() caller: Caller): Promise<AgentStats> {
    return this.tasks.stats(caller);
  }

  @MessagePattern(COURSES_AGENT_TASK_SUBJECTS.PAUSE)
  pause(@Payload(new ZodPayloadPipe(agentTaskIdRequestSchema)) request: AgentTaskIdRequest, @RequestCaller() caller: Caller): Promise<AgentTask> {
    return this.tasks.pause(caller, request.id);
  }

  @MessagePattern(COURSES_AGENT_TASK_SUBJECTS.RESUME)
  resume(@Payload(new ZodPayloadPipe(agentTaskIdRequestSchema)) request: AgentTaskIdRequest, @RequestCaller() caller: Caller): Promise<AgentTask> {
    return this.tasks.resume(caller, request.id);
  }

  @MessagePattern(COURSES_AGENT_TASK_SUBJECTS.CANCEL)
  cancel(@Payload(new ZodPayloadPipe(agentTaskIdRequestSchema)) request: AgentTaskIdRequest, @RequestCaller() caller: Caller): Promise<AgentTask> {
    return this.tasks.cancel(caller, request.id);
  }
}
