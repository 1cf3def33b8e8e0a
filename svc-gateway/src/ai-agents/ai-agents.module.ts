import { Module } from '@nestjs/common';
import { AgentTasksClient } from './agent-tasks.client';
import { AiAgentsController } from './ai-agents.controller';

@Module({
  controllers: [AiAgentsController],
  providers: [AgentTasksClient],
  exports: [AgentTasksClient],
})
export class AiAgentsModule {}
