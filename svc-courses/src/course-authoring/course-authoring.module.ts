import { Module } from '@nestjs/common';
import { AiModule } from '../ai/ai.module';
import { CoursesModule } from '../courses/courses.module';
import { EventsModule } from '@masar/contracts/service-kit';
import { CourseAuthoringHandlers } from './course-authoring.handlers';
import { CourseAuthoringService } from './course-authoring.service';
import { QualityModule } from '../quality/quality.module';

@Module({
  imports: [CoursesModule, AiModule, EventsModule, QualityModule],
  controllers: [CourseAuthoringHandlers],
  providers: [CourseAuthoringService],
  exports: [CourseAuthoringService],
})
export class CourseAuthoringModule {}
