import { AI_SUBJECTS, GenerateNarrationReply, GenerateNarrationRequest, generateNarrationRequestSchema } from '@masar/contracts';
import { callerOf, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { NarrationService } from './narration.service';

@Controller()
export class NarrationHandlers {
  constructor(private readonly narration: NarrationService) {}

  /** The gateway asks in the listener's name (the caller header). */
  @MessagePattern(AI_SUBJECTS.GENERATE_NARRATION)
  generate(
    @Payload(new ZodPayloadPipe(generateNarrationRequestSchema)) request: GenerateNarrationRequest,
    @Ctx() context: NatsContext,
  ): Promise<GenerateNarrationReply> {
    return this.narration.generate(request, callerOf(context));
  }
}
