import { NatsClientModule } from '@masar/contracts/service-kit';
import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module';
import { LessonVideoHandlers } from './lesson-video.handlers';
import { LessonVideoService } from './lesson-video.service';
import { LessonVideoStore } from './lesson-video.store';

@Module({
  imports: [CoursesModule, NatsClientModule],
  controllers: [LessonVideoHandlers],
  providers: [LessonVideoService, LessonVideoStore],
})
export class LessonVideoModule {}
