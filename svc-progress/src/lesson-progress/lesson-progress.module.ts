import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LessonEvent } from '../lesson-events/entities/lesson-event.entity';
import { LessonProgressHandlers } from './lesson-progress.handlers';
import { LessonProgressService } from './lesson-progress.service';

@Module({
  imports: [TypeOrmModule.forFeature([LessonEvent])],
  controllers: [LessonProgressHandlers],
  providers: [LessonProgressService],
})
export class LessonProgressModule {}
