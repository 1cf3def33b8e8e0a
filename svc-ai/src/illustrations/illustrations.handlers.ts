import {
  AI_SUBJECTS,
  GenerateIllustrationReply,
  GenerateIllustrationRequest,
  generateIllustrationRequestSchema,
  GetIllustrationReply,
  GetIllustrationRequest,
  getIllustrationRequestSchema,
} from '@masar/contracts';
import { callerOf, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { IllustrationsService } from './illustrations.service';

@Controller()
export class IllustrationsHandlers {
  constructor(private readonly illustrations: IllustrationsService) {}

  /** The gateway asks in the signed-in person's name (the caller header), so their refusals and budget apply. */
  @MessagePattern(AI_SUBJECTS.GENERATE_ILLUSTRATION)
  generate(
    @Payload(new ZodPayloadPipe(generateIllustrationRequestSchema)) request: GenerateIllustrationRequest,
    @Ctx() context: NatsContext,
  ): Promise<GenerateIllustrationReply> {
    return this.illustrations.generate(request, callerOf(context));
  }

  @MessagePattern(AI_SUBJECTS.GET_ILLUSTRATION)
  async get(@Payload(new ZodPayloadPipe(getIllustrationRequestSchema)) request: GetIllustrationRequest): Promise<GetIllustrationReply> {
    return { pngBase64: (await this.illustrations.png(request.key)).toString('base64') };
  }
}
