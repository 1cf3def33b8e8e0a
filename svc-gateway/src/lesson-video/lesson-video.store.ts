import { LESSON_VIDEOS_BUCKET } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { Logger } from 'pino';
import { LOGGER } from '../logging/logger';
import { NatsGatewayConnection } from '../nats/nats-connection';
import { ObjectStoreBucket } from '../uploads/object-store-bucket';

/** Uploaded lesson videos, kept under the sha256 of their bytes (no TTL): svc-courses deletes those no lesson shows. */
@Injectable()
export class LessonVideoStore extends ObjectStoreBucket {
  constructor(nats: NatsGatewayConnection, @Inject(LOGGER) logger: Logger) {
    super(nats, logger, { bucket: LESSON_VIDEOS_BUCKET, service: 'courses', ttlMs: 0 });
  }
}
