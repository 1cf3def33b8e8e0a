import { type Caller, COURSES_SUBJECTS, type CreateFromCategoriesBody, createFromCategoriesBodySchema, type CreateFromCategoriesReply } from '@masar/contracts';
import { RequestCaller, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReadyAiService } from './ready-ai.service';

@Controller()
export class ReadyAiHandlers {
  constructor(private readonly readyAi: ReadyAiService) {}

  @MessagePattern(COURSES_SUBJECTS.START_READY_AI)
  async start(
    @Payload(new ZodPayloadPipe(createFromCategoriesBodySchema)) body: CreateFromCategoriesBody,
    @RequestCaller() caller: Caller,
  ): Promise<CreateFromCategoriesReply> {
    return { tasks: await this.readyAi.start(caller, body) };
  }
}
