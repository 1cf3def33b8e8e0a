import { Module } from '@nestjs/common';
import { AgentTasksModule } from '../agent-tasks/agent-tasks.module';
import { CourseAuthoringModule } from '../course-authoring/course-authoring.module';
import { QualityModule } from '../quality/quality.module';
import { ContentEnhancementHandlers } from './content-enhancement.handlers';
import { ContentEnhancementService } from './content-enhancement.service';
import { ContentEnhancementWorker } from './content-enhancement.worker';

/** The Content Enhancement agent: its start subject and the worker that plans and applies its changes. */
@Module({
  imports: [AgentTasksModule, CourseAuthoringModule, QualityModule],
  controllers: [ContentEnhancementHandlers],
  providers: [ContentEnhancementService, ContentEnhancementWorker],
})
export class ContentEnhancementModule {}
