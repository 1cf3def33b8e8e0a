import { NatsClientModule } from '@masar/contracts/service-kit';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Activity } from '../activities/entities/activity.entity';
import { LessonProgressModule } from '../lesson-progress/lesson-progress.module';
import { LearningRecordsQueueModule } from '../queues/learning-records/learning-records.module';
import { LearnerIdentityClient } from './learner-identity.client';
import { LearningRecordsConsumer } from './learning-records.consumer';
import { LearningRecordsService } from './learning-records.service';

/** xAPI statements to the configured LRS; loaded only when one is configured (main.ts). */
@Module({
  imports: [NatsClientModule, TypeOrmModule.forFeature([Activity]), LessonProgressModule, LearningRecordsQueueModule],
  providers: [LearnerIdentityClient, LearningRecordsService, LearningRecordsConsumer],
})
export class LearningRecordsModule {}
