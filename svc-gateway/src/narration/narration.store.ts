import { NARRATION_BUCKET } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { Logger } from 'pino';
import { LOGGER } from '../logging/logger';
import { NatsGatewayConnection } from '../nats/nats-connection';
import { ObjectStoreBucket } from '../uploads/object-store-bucket';

/** The narrations svc-ai keeps (no TTL): the gateway only reads them. */
@Injectable()
export class NarrationStore extends ObjectStoreBucket {
  constructor(nats: NatsGatewayConnection, @Inject(LOGGER) logger: Logger) {
    super(nats, logger, { bucket: NARRATION_BUCKET, service: 'ai', ttlMs: 0 });
  }
}
