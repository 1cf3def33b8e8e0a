import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RemovedCourse } from './entities/removed-course.entity';
import { RemovedCoursesService } from './removed-courses.service';

@Module({
  imports: [TypeOrmModule.forFeature([RemovedCourse])],
  providers: [RemovedCoursesService],
  exports: [RemovedCoursesService],
})
export class RemovedCoursesModule {}
