import { type Caller, COURSES_SUBJECTS, type StartEnhancementBody, startEnhancementBodySchema, type StartEnhancementReply } from '@masar/contracts';
import { RequestCaller, requireAdmin, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContentEnhancementService } from './content-enhancement.service';

/** The Content Enhancement agent's subject: admins only, whatever the gateway let through. */
@Controller()
export class ContentEnhancementHandlers {
  constructor(private readonly enhancement: ContentEnhancementService) {}

  @MessagePattern(COURSES_SUBJECTS.START_ENHANCEMENT)
  async start(
    @Payload(new ZodPayloadPipe(startEnhancementBodySchema)) body: StartEnhancementBody,
    @RequestCaller() caller: Caller,
  ): Promise<StartEnhancementReply> {
    requireAdmin(caller);
    return { tasks: await this.enhancement.start(caller, body) };
  }
}
