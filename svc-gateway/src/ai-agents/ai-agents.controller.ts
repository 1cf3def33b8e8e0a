import {
  type AgentStats,
  agentStatsSchema,
  type AgentTaskPage,
  agentTaskPageSchema,
  type AgentTaskReply,
  agentTaskReplySchema,
  type LearningHelperBody,
  learningHelperBodySchema,
  type LearningHelperReply,
  learningHelperReplySchema,
  type ListAgentTasksQuery,
  listAgentTasksQuerySchema,
  type StartEnhancementBody,
  startEnhancementBodySchema,
  type StartEnhancementReply,
  startEnhancementReplySchema,
  type User,
} from '@masar/contracts';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { AiFeature } from '../ai/ai-admission.guard';
import { CurrentUser, Roles } from '../auth/auth.decorators';
import { ApiQueryFrom, errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { AgentTasksClient } from './agent-tasks.client';
import { LearningHelpersClient } from './learning-helpers.client';

const taskIdParam = ApiParam({ name: 'id', format: 'uuid', description: 'The agent task id' });
const taskNotFound = ApiNotFoundResponse({ schema: errorReplyOpenApi, description: "Agent task not found (also someone else's, for a learner)" });
const servicesUnavailable = ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-courses did not answer' });
const finishedTask = ApiConflictResponse({ schema: errorReplyOpenApi, description: 'The task has ended, or is not in a state the control applies to' });

/**
 * The AI agents control center (spec 001 sections 2 and 7): background AI tasks and their controls.
 * A learner sees and controls their own tasks, an admin all; svc-courses decides from the caller.
 * Also the learning helpers on a search result (`process`).
 */
@ApiTags('ai-agents')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
@Controller('api/ai-agents')
export class AiAgentsController {
  constructor(
    private readonly tasks: AgentTasksClient,
    private readonly helpers: LearningHelpersClient,
  ) {}

  @Get('tasks')
  @ApiOperation({ summary: 'Agent tasks, newest first, optionally by status or agent, a page at a time' })
  @ApiQueryFrom(listAgentTasksQuerySchema)
  @ApiOkResponse({ schema: openApiSchemaOf(agentTaskPageSchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'An unknown status or agent, or a bad page' })
  @servicesUnavailable
  list(@Query(new ZodValidationPipe(listAgentTasksQuerySchema)) query: ListAgentTasksQuery): Promise<AgentTaskPage> {
    return this.tasks.list(query);
  }

  @Get('stats')
  @ApiOperation({ summary: 'Total, running, completed and failed tasks, overall and per agent' })
  @ApiOkResponse({ schema: openApiSchemaOf(agentStatsSchema) })
  @servicesUnavailable
  stats(): Promise<AgentStats> {
    return this.tasks.stats();
  }

  @Get('tasks/:id')
  @ApiOperation({ summary: 'One agent task with its log and result' })
  @taskIdParam
  @ApiOkResponse({ schema: openApiSchemaOf(agentTaskReplySchema) })
  @taskNotFound
  @servicesUnavailable
  async get(@Param('id') id: string): Promise<AgentTaskReply> {
    return { task: await this.tasks.get(id.slice(0, 64)) };
  }

  @Post('tasks/:id/pause')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pause a running task: it stops after its current step and keeps what is done' })
  @taskIdParam
  @ApiOkResponse({ schema: openApiSchemaOf(agentTaskReplySchema) })
  @taskNotFound
  @finishedTask
  @servicesUnavailable
  async pause(@Param('id') id: string): Promise<AgentTaskReply> {
    return { task: await this.tasks.control('PAUSE', id.slice(0, 64)) };
  }

  @Post('tasks/:id/resume')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resume a paused task from its last finished step' })
  @taskIdParam
  @ApiOkResponse({ schema: openApiSchemaOf(agentTaskReplySchema) })
  @taskNotFound
  @finishedTask
  @servicesUnavailable
  async resume(@Param('id') id: string): Promise<AgentTaskReply> {
    return { task: await this.tasks.control('RESUME', id.slice(0, 64)) };
  }

  @Post('tasks/:id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a task: it ends at once and nothing it half made is kept' })
  @taskIdParam
  @ApiOkResponse({ schema: openApiSchemaOf(agentTaskReplySchema) })
  @taskNotFound
  @finishedTask
  @servicesUnavailable
  async cancel(@Param('id') id: string): Promise<AgentTaskReply> {
    return { task: await this.tasks.control('CANCEL', id.slice(0, 64)) };
  }

  @Post('enhancements')
  @HttpCode(202)
  @Roles('admin')
  @AiFeature('lesson-writing')
  @ApiOperation({ summary: 'Start the Content Enhancement agent on one course, or on the courses the quality review flagged (at most 20)' })
  @ApiBody({ schema: openApiSchemaOf(startEnhancementBodySchema) })
  @ApiAcceptedResponse({ schema: openApiSchemaOf(startEnhancementReplySchema), description: 'One queued task per course; follow them at /api/ai-agents/tasks/:id' })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'Neither or both of courseId and fromQuality, or a course that is external training' })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin' })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Course not found' })
  @ApiUnprocessableEntityResponse({ schema: errorReplyOpenApi, description: 'fromQuality: no course’s latest review failed a check the agent can fix' })
  @servicesUnavailable
  startEnhancement(@Body(new ZodValidationPipe(startEnhancementBodySchema)) body: StartEnhancementBody): Promise<StartEnhancementReply> {
    return this.tasks.startEnhancement(body);
  }

  @Post('process')
  @HttpCode(200)
  @AiFeature('learning-helpers')
  @ApiOperation({
    summary:
      'Run one learning helper (summary, quiz, deep analysis, scenarios in your job role, visual outline, exercises) on a search result, with what the library knows around it',
  })
  @ApiBody({ schema: openApiSchemaOf(learningHelperBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(learningHelperReplySchema), description: 'The helper’s answer as markdown, and which provider and model wrote it' })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'An unknown action, a blank or too long passage, or a bad id' })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Lesson not found, or Course not found' })
  @servicesUnavailable
  process(
    @Body(new ZodValidationPipe(learningHelperBodySchema)) body: LearningHelperBody,
    @CurrentUser() user: User,
  ): Promise<LearningHelperReply> {
    return this.helpers.process(body, user.id);
  }
}
