import { AI_SUBJECTS, DescribeImageReply, describeImageRequestSchema } from '@masar/contracts';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { ImageDescriptionRequest } from '../providers/image-describer';
import { callerOf, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { ImagesService } from './images.service';

@Controller()
export class ImagesHandlers {
  constructor(private readonly images: ImagesService) {}

  @MessagePattern(AI_SUBJECTS.DESCRIBE_IMAGE)
  describe(
    @Payload(new ZodPayloadPipe(describeImageRequestSchema)) request: ImageDescriptionRequest,
    @Ctx() context: NatsContext,
  ): Promise<DescribeImageReply> {
    return this.images.describe(request, callerOf(context));
  }
}
