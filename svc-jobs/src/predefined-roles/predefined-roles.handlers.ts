import {
  type Caller,
  type GenerateDemoJobReply,
  type GenerateDemoJobRequest,
  generateDemoJobRequestSchema,
  JOBS_SUBJECTS,
} from '@masar/contracts';
import { RequestCaller, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PredefinedRolesService } from './predefined-roles.service';

@Controller()
export class PredefinedRolesHandlers {
  constructor(private readonly predefinedRoles: PredefinedRolesService) {}

  @MessagePattern(JOBS_SUBJECTS.GENERATE_DEMO_JOB)
  generateDemoJob(
    @Payload(new ZodPayloadPipe(generateDemoJobRequestSchema)) request: GenerateDemoJobRequest,
    @RequestCaller() caller: Caller,
  ): Promise<GenerateDemoJobReply> {
    return this.predefinedRoles.generateDemoJob(request, caller);
  }
}
