import { Module } from '@nestjs/common';
import { AiModule } from '../ai/ai.module';
import { JobsModule } from '../jobs/jobs.module';
import { AgentTasksClient } from './agent-tasks.client';
import { AiAgentsController } from './ai-agents.controller';
import { LearningHelpersClient } from './learning-helpers.client';

@Module({
  imports: [AiModule, JobsModule],
  controllers: [AiAgentsController],
  providers: [AgentTasksClient, LearningHelpersClient],
  exports: [AgentTasksClient],
})
export class AiAgentsModule {}
