import { Module } from '@nestjs/common';
import { AgentTasksModule } from '../agent-tasks/agent-tasks.module';
import { AiModule } from '../ai/ai.module';
import { CourseNarrationHandlers } from './course-narration.handlers';
import { CourseNarrationService } from './course-narration.service';
import { CourseNarrationWorker } from './course-narration.worker';

/** Whole-course narration: its start subject and the agent-task worker that narrates lesson by lesson. */
@Module({
  imports: [AgentTasksModule, AiModule],
  controllers: [CourseNarrationHandlers],
  providers: [CourseNarrationService, CourseNarrationWorker],
})
export class CourseNarrationModule {}
