import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module';
import { ProgressClient } from './progress.client';
import { ProgressController } from './progress.controller';

@Module({ imports: [CoursesModule], controllers: [ProgressController], providers: [ProgressClient] })
export class ProgressModule {}
