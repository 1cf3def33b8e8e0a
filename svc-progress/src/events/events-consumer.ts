import { PROGRESS_EVENTS_CONSUMER, type EventPayload, type EventSubject } from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { DeliverPolicy } from 'nats';
import { Logger } from 'pino';
import { LOGGER, NATS_CLIENT } from '@masar/contracts/service-kit';
import { DurableEventsConsumer } from './durable-events-consumer';
import { ProgressEventsService } from './progress-events.service';

/** svc-progress' own consumer of every event: progress, paths' completion and the activity feed. */
@Injectable()
export class EventsConsumer extends DurableEventsConsumer {
  constructor(
    @Inject(NATS_CLIENT) nats: ClientProxy,
    @Inject(LOGGER) logger: Logger,
    private readonly events: ProgressEventsService,
  ) {
    super(nats, logger, PROGRESS_EVENTS_CONSUMER, DeliverPolicy.All);
  }

  protected apply<S extends EventSubject>(subject: S, payload: EventPayload<S>): Promise<void> {
    return this.events.apply(subject, payload);
  }
}
