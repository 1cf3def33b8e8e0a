import {
  type AgentStats,
  agentStatsSchema,
  type AgentTask,
  type AgentTaskPage,
  agentTaskPageSchema,
  agentTaskSchema,
  COURSES_AGENT_TASK_SUBJECTS,
  COURSES_SUBJECTS,
  type ListAgentTasksQuery,
  type StartEnhancementBody,
  type StartEnhancementReply,
  startEnhancementReplySchema,
} from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { ServiceClient } from '../nats/service-client';

type Control = 'PAUSE' | 'RESUME' | 'CANCEL';

/**
 * The agent tasks the gateway asks about. Every agent task today changes courses, so svc-courses
 * runs and keeps them all (AGENT_TASK_SERVICES); whose tasks they are it reads from the caller header.
 */
@Injectable()
export class AgentTasksClient {
  constructor(private readonly services: ServiceClient) {}

  list(query: ListAgentTasksQuery): Promise<AgentTaskPage> {
    return this.services.request({ service: 'courses', subject: COURSES_AGENT_TASK_SUBJECTS.LIST, payload: query, reply: agentTaskPageSchema });
  }

  get(id: string): Promise<AgentTask> {
    return this.services.request({ service: 'courses', subject: COURSES_AGENT_TASK_SUBJECTS.GET, payload: { id }, reply: agentTaskSchema });
  }

  stats(): Promise<AgentStats> {
    return this.services.request({ service: 'courses', subject: COURSES_AGENT_TASK_SUBJECTS.STATS, payload: {}, reply: agentStatsSchema });
  }

  control(control: Control, id: string): Promise<AgentTask> {
    return this.services.request({ service: 'courses', subject: COURSES_AGENT_TASK_SUBJECTS[control], payload: { id }, reply: agentTaskSchema });
  }

  /** Content Enhancement of one course, or of the courses the quality review flagged (admins; svc-courses checks). */
  startEnhancement(body: StartEnhancementBody): Promise<StartEnhancementReply> {
    return this.services.request({ service: 'courses', subject: COURSES_SUBJECTS.START_ENHANCEMENT, payload: body, reply: startEnhancementReplySchema });
  }
}
