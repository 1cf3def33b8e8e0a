import { Module } from '@nestjs/common';
import { AiModule } from '../ai/ai.module';
import { LearningHelpersHandlers } from './learning-helpers.handlers';
import { LearningHelpersService } from './learning-helpers.service';

/** The six learning helpers on a search result: the library's context around the passage, then svc-ai. */
@Module({
  imports: [AiModule],
  controllers: [LearningHelpersHandlers],
  providers: [LearningHelpersService],
})
export class LearningHelpersModule {}
