import { NatsClientModule } from '@masar/contracts/service-kit';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from '../ai/ai.module';
import { Lesson } from '../courses/entities/lesson.entity';
import { ExerciseSubmission } from './entities/exercise-submission.entity';
import { QuizAttempt } from './entities/quiz-attempt.entity';
import { ExerciseAttachmentStore } from './exercise-attachment.store';
import { ExerciseFeedbackWriter } from './exercise-feedback';
import { LessonPracticeHandlers } from './lesson-practice.handlers';
import { LessonPracticeService } from './lesson-practice.service';

@Module({
  imports: [TypeOrmModule.forFeature([Lesson, QuizAttempt, ExerciseSubmission]), AiModule, NatsClientModule],
  controllers: [LessonPracticeHandlers],
  providers: [LessonPracticeService, ExerciseAttachmentStore, ExerciseFeedbackWriter],
})
export class LessonPracticeModule {}
