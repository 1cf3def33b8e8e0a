import { Module } from '@nestjs/common';
import { ProgressModule } from '../progress/progress.module';
import { LessonPracticeClient } from './lesson-practice.client';
import { LessonPracticeController } from './lesson-practice.controller';

@Module({ imports: [ProgressModule], controllers: [LessonPracticeController], providers: [LessonPracticeClient] })
export class LessonPracticeModule {}
