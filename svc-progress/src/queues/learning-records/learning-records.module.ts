import { PROGRESS_QUEUES } from '@masar/contracts';
import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { LearningRecordsProcessor } from './learning-records.processor';

@Module({
  imports: [BullModule.registerQueue({ name: PROGRESS_QUEUES.LEARNING_RECORDS })],
  providers: [LearningRecordsProcessor],
  exports: [BullModule],
})
export class LearningRecordsQueueModule {}
