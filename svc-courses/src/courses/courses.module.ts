import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule } from '@masar/contracts/service-kit';
import { LessonFilesModule } from '../lesson-files/lesson-files.module';
import { CoursesHandlers } from './courses.handlers';
import { CoursesService } from './courses.service';
import { Course } from './entities/course.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Course]), EventsModule, LessonFilesModule],
  controllers: [CoursesHandlers],
  providers: [CoursesService],
  exports: [CoursesService],
})
export class CoursesModule {}
