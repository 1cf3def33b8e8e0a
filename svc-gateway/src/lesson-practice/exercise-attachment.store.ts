import { EXERCISE_ATTACHMENTS_BUCKET } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { Logger } from 'pino';
import { LOGGER } from '../logging/logger';
import { NatsGatewayConnection } from '../nats/nats-connection';
import { ObjectStoreBucket } from '../uploads/object-store-bucket';

/** Files attached to exercise work, under a random id (no TTL: a submission keeps its files); svc-courses checks and reads them. */
@Injectable()
export class ExerciseAttachmentStore extends ObjectStoreBucket {
  constructor(nats: NatsGatewayConnection, @Inject(LOGGER) logger: Logger) {
    super(nats, logger, { bucket: EXERCISE_ATTACHMENTS_BUCKET, service: 'courses', ttlMs: 0 });
  }
}
