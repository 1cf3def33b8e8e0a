import { Module } from '@nestjs/common';
import { AiModule } from '../ai/ai.module';
import { AgentTasksClient } from './agent-tasks.client';
import { AiAgentsController } from './ai-agents.controller';

@Module({
  imports: [AiModule],
  controllers: [AiAgentsController],
  providers: [AgentTasksClient],
  exports: [AgentTasksClient],
})
export class AiAgentsModule {}
