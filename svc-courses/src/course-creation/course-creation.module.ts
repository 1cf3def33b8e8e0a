import { COURSES_QUEUES } from '@masar/contracts';
import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { AgentTasksModule } from '../agent-tasks/agent-tasks.module';
import { AiModule } from '../ai/ai.module';
import { CourseAuthoringModule } from '../course-authoring/course-authoring.module';
import { EventsModule, NatsClientModule } from '@masar/contracts/service-kit';
import { CourseCreationPipeline } from './course-creation.pipeline';
import { CourseUploadsStore } from './course-uploads.store';
import { QualityModule } from '../quality/quality.module';
import { CreationTasksHandlers } from './creation-tasks.handlers';
import { CreationTasksService } from './creation-tasks.service';
import { COURSE_CREATION_LOCK_MS, COURSE_CREATION_STALLED_CHECK_MS, CourseCreationProcessor } from './queue/course-creation.processor';

@Module({
  imports: [
    AgentTasksModule,
    BullModule.registerQueue({
      name: COURSES_QUEUES.COURSE_CREATION,
      settings: { lockDuration: COURSE_CREATION_LOCK_MS, stalledInterval: COURSE_CREATION_STALLED_CHECK_MS },
    }),
    NatsClientModule,
    AiModule,
    CourseAuthoringModule,
    EventsModule,
    QualityModule,
  ],
  controllers: [CreationTasksHandlers],
  providers: [CreationTasksService, CourseUploadsStore, CourseCreationPipeline, CourseCreationProcessor],
})
export class CourseCreationModule {}
