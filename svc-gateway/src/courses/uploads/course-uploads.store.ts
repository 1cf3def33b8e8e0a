import { COURSE_UPLOADS_BUCKET } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { Logger } from 'pino';
import { GATEWAY_CONFIG, GatewayConfig } from '../../config';
import { LOGGER } from '../../logging/logger';
import { NatsGatewayConnection } from '../../nats/nats-connection';
import { ObjectStoreBucket } from '../../uploads/object-store-bucket';

/** The object store through which course materials reach svc-courses, which deletes each once read. */
@Injectable()
export class CourseUploadsStore extends ObjectStoreBucket {
  constructor(nats: NatsGatewayConnection, @Inject(GATEWAY_CONFIG) config: GatewayConfig, @Inject(LOGGER) logger: Logger) {
    super(nats, logger, { bucket: COURSE_UPLOADS_BUCKET, service: 'courses', ttlMs: config.uploads.objectTtlMs });
  }
}

/** Course images people upload with a course: kept as long as the course shows them. */
export const COURSE_IMAGES_BUCKET = 'course-images';

const COURSE_IMAGE_URL = /^\/api\/course-images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

@Injectable()
export class CourseImagesStore extends ObjectStoreBucket {
  constructor(nats: NatsGatewayConnection, @Inject(LOGGER) logger: Logger) {
    super(nats, logger, { bucket: COURSE_IMAGES_BUCKET, service: 'courses', ttlMs: 0 });
  }

  /** Deletes the image behind a course's `imageUrl` when it is one of ours; any other address is left alone. */
  async discardByUrl(imageUrl: string | null | undefined): Promise<void> {
    const name = imageUrl ? COURSE_IMAGE_URL.exec(imageUrl)?.[1] : undefined;
    if (name) await this.discard(name);
  }
}
