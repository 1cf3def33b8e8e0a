import { LOGGER, NatsClientModule } from '@masar/contracts/service-kit';
import { Module } from '@nestjs/common';
import { Logger } from 'pino';
import { AI_CONFIG, AiConfig } from '../config';
import { GovernanceModule } from '../governance/governance.module';
import { PROMPT_SOURCE, PromptSource } from '../prompts/prompt-source';
import { PromptsModule } from '../prompts/prompts.module';
import { createExerciseFeedbackWriters } from '../providers/create-exercise-feedback-writers';
import { EXERCISE_FEEDBACK_WRITERS } from '../providers/exercise-feedback-writer';
import { ExerciseFeedbackHandlers } from './exercise-feedback.handlers';
import { ExerciseAttachmentReader } from './exercise-attachment-reader';
import { ExerciseFeedbackService } from './exercise-feedback.service';
import { FeedbackPictureReader } from './feedback-pictures';

/** Feedback on exercise submissions: an offline coverage check, or a model's feedback from the `exercise-feedback` template (with the attached pictures, read from the attachments bucket, for a model that reads images). */
@Module({
  imports: [PromptsModule, GovernanceModule, NatsClientModule],
  controllers: [ExerciseFeedbackHandlers],
  providers: [
    {
      provide: EXERCISE_FEEDBACK_WRITERS,
      useFactory: (config: AiConfig, prompts: PromptSource, logger: Logger) => createExerciseFeedbackWriters(config, prompts, logger),
      inject: [AI_CONFIG, PROMPT_SOURCE, LOGGER],
    },
    ExerciseAttachmentReader,
    FeedbackPictureReader,
    ExerciseFeedbackService,
  ],
})
export class ExerciseFeedbackModule {}
