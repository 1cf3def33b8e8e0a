import { LEARNING_RECORDS_CONSUMER, type EventPayload, type EventSubject } from '@masar/contracts';
import { LOGGER, NATS_CLIENT } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { DeliverPolicy } from 'nats';
import { Logger } from 'pino';
import { DurableEventsConsumer } from '../events/durable-events-consumer';
import { LearningRecordsService } from './learning-records.service';

/**
 * The learning records' own durable consumer, apart from svc-progress' main one, so a slow or
 * absent svc-identity holds back statements only, never progress. Made the first time an LRS is
 * configured, it starts from new events: Masar does not replay its history into an LRS.
 */
@Injectable()
export class LearningRecordsConsumer extends DurableEventsConsumer {
  constructor(
    @Inject(NATS_CLIENT) nats: ClientProxy,
    @Inject(LOGGER) logger: Logger,
    private readonly records: LearningRecordsService,
  ) {
    super(nats, logger, LEARNING_RECORDS_CONSUMER, DeliverPolicy.New);
  }

  protected apply<S extends EventSubject>(subject: S, payload: EventPayload<S>): Promise<void> {
    return this.records.apply(subject, payload);
  }
}
