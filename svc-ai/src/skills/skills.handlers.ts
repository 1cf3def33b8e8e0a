import { AI_SUBJECTS, ExtractSkillsReply, ExtractSkillsRequest, extractSkillsRequestSchema } from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ZodPayloadPipe } from '@masar/contracts/service-kit';
import { SkillsService } from './skills.service';

@Controller()
export class SkillsHandlers {
  constructor(private readonly skills: SkillsService) {}

  @MessagePattern(AI_SUBJECTS.EXTRACT_SKILLS)
  extract(
    @Payload(new ZodPayloadPipe(extractSkillsRequestSchema)) request: ExtractSkillsRequest,
  ): Promise<ExtractSkillsReply> {
    return this.skills.extract(request);
  }
}
