import { NatsClientModule } from '@masar/contracts/service-kit';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from '../ai/ai.module';
import { Lesson } from '../courses/entities/lesson.entity';
import { ExerciseSubmission } from './entities/exercise-submission.entity';
import { QuizAttempt } from './entities/quiz-attempt.entity';
import { LessonFilesModule } from '../lesson-files/lesson-files.module';
import { ExerciseFeedbackWriter } from './exercise-feedback';
import { LessonPracticeHandlers } from './lesson-practice.handlers';
import { LessonPracticeService } from './lesson-practice.service';

@Module({
  imports: [TypeOrmModule.forFeature([Lesson, QuizAttempt, ExerciseSubmission]), AiModule, NatsClientModule, LessonFilesModule],
  controllers: [LessonPracticeHandlers],
  providers: [LessonPracticeService, ExerciseFeedbackWriter],
})
export class LessonPracticeModule {}
