import {
  type GenerateDemoJobReply,
  type GenerateDemoJobRequest,
  generateDemoJobRequestSchema,
  JOBS_SUBJECTS,
} from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ZodPayloadPipe } from '../validation/zod-payload.pipe';
import { PredefinedRolesService } from './predefined-roles.service';

@Controller()
export class PredefinedRolesHandlers {
  constructor(private readonly predefinedRoles: PredefinedRolesService) {}

  @MessagePattern(JOBS_SUBJECTS.GENERATE_DEMO_JOB)
  generateDemoJob(
    @Payload(new ZodPayloadPipe(generateDemoJobRequestSchema)) request: GenerateDemoJobRequest,
  ): Promise<GenerateDemoJobReply> {
    return this.predefinedRoles.generateDemoJob(request);
  }
}
