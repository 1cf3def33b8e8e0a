import { JOB_UPLOADS_BUCKET } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { Logger } from 'pino';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { LOGGER } from '../logging/logger';
import { NatsGatewayConnection } from '../nats/nats-connection';
import { ObjectStoreBucket } from '../uploads/object-store-bucket';

/** The object store through which uploaded job descriptions reach svc-jobs. */
@Injectable()
export class JobUploadsStore extends ObjectStoreBucket {
  constructor(nats: NatsGatewayConnection, @Inject(GATEWAY_CONFIG) config: GatewayConfig, @Inject(LOGGER) logger: Logger) {
    super(nats, logger, { bucket: JOB_UPLOADS_BUCKET, service: 'jobs', ttlMs: config.uploads.objectTtlMs });
  }
}
