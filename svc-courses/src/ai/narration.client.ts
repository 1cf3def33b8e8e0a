import { AI_SUBJECTS, type GenerateNarrationReply, generateNarrationReplySchema, type GenerateNarrationRequest } from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { AiCallOptions, SvcAiRequester } from './svc-ai.requester';

/** Asks svc-ai to narrate one lesson (`ai.narration.generate`): it keeps one recording per text and voice. */
@Injectable()
export class NarrationClient {
  constructor(private readonly svcAi: SvcAiRequester) {}

  narrate(request: GenerateNarrationRequest, options: AiCallOptions): Promise<GenerateNarrationReply> {
    return this.svcAi.request(AI_SUBJECTS.GENERATE_NARRATION, request, generateNarrationReplySchema, options);
  }
}
