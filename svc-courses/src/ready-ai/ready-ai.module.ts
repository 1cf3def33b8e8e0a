import { EventsModule } from '@masar/contracts/service-kit';
import { Module } from '@nestjs/common';
import { AgentTasksModule } from '../agent-tasks/agent-tasks.module';
import { CourseAuthoringModule } from '../course-authoring/course-authoring.module';
import { ReadyAiCourseWorker } from './ready-ai-course.worker';
import { ReadyAiHandlers } from './ready-ai.handlers';
import { ReadyAiService } from './ready-ai.service';
import { QualityModule } from '../quality/quality.module';

@Module({
  imports: [AgentTasksModule, CourseAuthoringModule, EventsModule, QualityModule],
  controllers: [ReadyAiHandlers],
  providers: [ReadyAiService, ReadyAiCourseWorker],
})
export class ReadyAiModule {}
