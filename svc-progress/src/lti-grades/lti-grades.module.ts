import { NatsClientModule } from '@masar/contracts/service-kit';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Activity } from '../activities/entities/activity.entity';
import { LessonProgressModule } from '../lesson-progress/lesson-progress.module';
import { LtiLineItem } from './entities/lti-line-item.entity';
import { LtiQuizResult } from './entities/lti-quiz-result.entity';
import { LtiGradesConsumer } from './lti-grades.consumer';
import { LtiGradesHandlers } from './lti-grades.handlers';
import { LtiGradesService } from './lti-grades.service';

/** LTI Assignment and Grade Services: passed quizzes and completed courses send their score to the LMS that launched them. */
@Module({
  imports: [NatsClientModule, TypeOrmModule.forFeature([LtiLineItem, LtiQuizResult, Activity]), LessonProgressModule],
  controllers: [LtiGradesHandlers],
  providers: [LtiGradesService, LtiGradesConsumer],
})
export class LtiGradesModule {}
