import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { LESSON_VIDEOS_BUCKET } from '@masar/contracts';
import { LOGGER, NATS_CLIENT } from '@masar/contracts/service-kit';
import type { Logger } from 'pino';
import { ServiceBucket } from '../object-store/service-bucket';

export const LESSON_VIDEO_STORE_UNAVAILABLE = 'The lesson video store is unavailable';

/**
 * The uploaded lesson videos (JetStream object store, no TTL): the gateway writes an upload under the
 * sha256 of its bytes and serves it; svc-courses checks one exists before a lesson points at it, and
 * deletes one no lesson shows any more.
 */
@Injectable()
export class LessonVideoStore extends ServiceBucket {
  constructor(@Inject(NATS_CLIENT) nats: ClientProxy, @Inject(LOGGER) logger: Logger) {
    super(nats, logger, { bucketName: LESSON_VIDEOS_BUCKET, unavailableMessage: LESSON_VIDEO_STORE_UNAVAILABLE, objectNoun: 'a lesson video' });
  }
}
