import { Caller, LearningHelperReply, OFFLINE_MODEL_NAME } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { AI_CONFIG, AiConfig } from '../config';
import { aiCallModelOverride, answeringModel } from '../governance/ai-call-context';
import { AiCallMeter, characterCount } from '../governance/ai-call-meter';
import { LEARNING_HELPER_RUNNERS, LearningHelperRequest, LearningHelperRunner } from '../providers/learning-helper';
import { providerFor, ProvidersByName } from '../providers/providers-by-name';

/** The text a helper request sends: the passage and what the library gave with it. */
export function helperInputCharacters(request: LearningHelperRequest): number {
  const { passage } = request;
  return characterCount(
    request.query,
    passage.text,
    ...passage.keyPoints,
    ...passage.activities,
    ...request.relatedLessons.flatMap((lesson) => lesson.keyPoints),
    request.jobRole,
  );
}

@Injectable()
export class LearningHelpersService {
  constructor(
    @Inject(LEARNING_HELPER_RUNNERS) private readonly runners: ProvidersByName<LearningHelperRunner>,
    private readonly meter: AiCallMeter,
    @Inject(AI_CONFIG) private readonly config: AiConfig,
  ) {}

  /** One helper on one passage, metered as `learning-helpers`; stores nothing but the call's log row. */
  async run(request: LearningHelperRequest, caller: Caller | null): Promise<LearningHelperReply> {
    return this.meter.run('learning-helpers', caller, helperInputCharacters(request), async (provider) => {
      const response = await providerFor(this.runners, provider, 'learning-helpers').run(request);
      const model = provider === 'offline' ? OFFLINE_MODEL_NAME : (answeringModel() ?? aiCallModelOverride() ?? this.config.openai.model);
      return { result: { response, provider, model }, outputCharacters: characterCount(response) };
    });
  }
}
