import { AI_SUBJECTS, type EmbedSearchTextsReply, type EmbedSearchTextsRequest, embedSearchTextsRequestSchema } from '@masar/contracts';
import { callerOf, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { SearchEmbeddingsService } from './search-embeddings.service';

@Controller()
export class SearchEmbeddingsHandlers {
  constructor(private readonly embeddings: SearchEmbeddingsService) {}

  /** svc-courses asks in the searching person's name (the caller header), so search's governance applies. */
  @MessagePattern(AI_SUBJECTS.EMBED_SEARCH_TEXTS)
  embed(@Payload(new ZodPayloadPipe(embedSearchTextsRequestSchema)) request: EmbedSearchTextsRequest, @Ctx() context: NatsContext): Promise<EmbedSearchTextsReply> {
    return this.embeddings.embed(request.texts, callerOf(context));
  }
}
