import { Caller, CheckedExerciseFeedbackRequest, ExerciseFeedbackReply, OFFLINE_MODEL_NAME } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { AI_CONFIG, AiConfig } from '../config';
import { aiCallModelOverride, answeringModel } from '../governance/ai-call-context';
import { AiCallMeter, characterCount } from '../governance/ai-call-meter';
import { EXERCISE_FEEDBACK_WRITERS, ExerciseFeedbackWriter, picturesNotRead } from '../providers/exercise-feedback-writer';
import { providerFor, ProvidersByName } from '../providers/providers-by-name';
import { FeedbackPictureReader } from './feedback-pictures';

/**
 * Feedback on one submission, metered as the learner's `exercise-feedback` use; svc-courses keeps it
 * with the submission. Attached pictures are read from the attachments bucket only when the model
 * answering reads images (OPENAI_VISION); offline and other models never open them.
 */
@Injectable()
export class ExerciseFeedbackService {
  constructor(
    @Inject(EXERCISE_FEEDBACK_WRITERS) private readonly writers: ProvidersByName<ExerciseFeedbackWriter>,
    private readonly meter: AiCallMeter,
    private readonly pictureReader: FeedbackPictureReader,
    @Inject(AI_CONFIG) private readonly config: AiConfig,
  ) {}

  write(request: CheckedExerciseFeedbackRequest, caller: Caller | null): Promise<ExerciseFeedbackReply> {
    const input = characterCount(
      request.exercise.instructions,
      request.work,
      ...request.exercise.checklist,
      ...request.exercise.keyPoints,
      ...request.attachmentTexts.map((attachment) => attachment.text),
    );
    return this.meter.run('exercise-feedback', caller, input, async (provider) => {
      const writer = providerFor(this.writers, provider, 'exercise-feedback');
      const looks = provider === 'openai' && this.config.openai.vision && request.attachmentImages.length > 0;
      const pictures = looks ? await this.pictureReader.picturesFor(request) : picturesNotRead(request);
      const written = await writer.write(request, pictures);
      const model = provider === 'offline' ? OFFLINE_MODEL_NAME : (answeringModel() ?? aiCallModelOverride() ?? this.config.openai.model);
      return { result: { ...written, provider, model }, outputCharacters: characterCount(written.text) };
    });
  }
}
