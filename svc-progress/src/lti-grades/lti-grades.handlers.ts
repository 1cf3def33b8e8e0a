import { LTI_GRADES_SUBJECTS, RememberLtiLineItemReply, RememberLtiLineItemRequest, rememberLtiLineItemRequestSchema } from '@masar/contracts';
import { ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LtiGradesService } from './lti-grades.service';

@Controller()
export class LtiGradesHandlers {
  constructor(private readonly grades: LtiGradesService) {}

  @MessagePattern(LTI_GRADES_SUBJECTS.REMEMBER_LINE_ITEM)
  remember(@Payload(new ZodPayloadPipe(rememberLtiLineItemRequestSchema)) request: RememberLtiLineItemRequest): Promise<RememberLtiLineItemReply> {
    return this.grades.remember(request);
  }
}
