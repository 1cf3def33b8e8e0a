import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Lesson } from '../courses/entities/lesson.entity';
import { ExerciseSubmission } from './entities/exercise-submission.entity';
import { QuizAttempt } from './entities/quiz-attempt.entity';
import { LessonPracticeHandlers } from './lesson-practice.handlers';
import { LessonPracticeService } from './lesson-practice.service';

@Module({
  imports: [TypeOrmModule.forFeature([Lesson, QuizAttempt, ExerciseSubmission])],
  controllers: [LessonPracticeHandlers],
  providers: [LessonPracticeService],
})
export class LessonPracticeModule {}
