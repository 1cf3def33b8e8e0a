import {
  AI_SUBJECTS,
  type GenerateIllustrationReply,
  generateIllustrationReplySchema,
  type GenerateIllustrationRequest,
  getIllustrationReplySchema,
} from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { ServiceClient } from '../nats/service-client';

/** Lesson illustrations from svc-ai, asked in the signed-in person's name (the caller header ServiceClient sets). */
@Injectable()
export class LessonIllustrationsClient {
  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** An image model can take as long as one reading a posting, hence the extraction timeout. */
  generate(request: GenerateIllustrationRequest): Promise<GenerateIllustrationReply> {
    return this.services.request({
      service: 'ai',
      subject: AI_SUBJECTS.GENERATE_ILLUSTRATION,
      payload: request,
      reply: generateIllustrationReplySchema,
      timeoutMs: this.config.extractionTimeoutMs,
    });
  }

  async png(key: string): Promise<Buffer> {
    const reply = await this.services.request({ service: 'ai', subject: AI_SUBJECTS.GET_ILLUSTRATION, payload: { key }, reply: getIllustrationReplySchema });
    return Buffer.from(reply.pngBase64, 'base64');
  }
}
