import { EVENT_SCHEMAS, EVENTS_STREAM, PROGRESS_EVENTS_CONSUMER, type EventSubject } from '@masar/contracts';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { AckPolicy, DeliverPolicy, JSONCodec, nanos, type ConsumerMessages, type JsMsg, type NatsConnection } from 'nats';
import { Logger } from 'pino';
import { LOGGER, NATS_CLIENT } from '@masar/contracts/service-kit';
import { ensureEventsStream } from '@masar/contracts/events-stream';
import { ProgressEventsService } from './progress-events.service';

const codec = JSONCodec();

/** A failed event (database away) is offered again after this. */
export const EVENT_RETRY_DELAY_MS = 2000;
/** How long an event may take before JetStream offers it again (also how long events pulled by an instance that stopped wait). */
const ACK_WAIT_MS = 10_000;

/**
 * Reads the events stream through svc-progress' durable consumer, in order, one at a time. The
 * consumer remembers the last event acknowledged, so events published while svc-progress was down
 * are read when it returns; several instances share one consumer, each event going to one of them.
 */
@Injectable()
export class EventsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private messages?: ConsumerMessages;
  private stopped = false;
  private running?: Promise<void>;

  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly events: ProgressEventsService,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.messages?.close().catch(() => undefined);
    await this.running;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        this.messages = await this.subscribe();
        for await (const message of this.messages) {
          await this.handle(message);
          if (this.stopped) break;
        }
      } catch (error) {
        if (this.stopped) break;
        this.logger.warn({ err: error }, 'events consumer stopped; retrying');
      }
      if (!this.stopped) await new Promise((resolve) => setTimeout(resolve, EVENT_RETRY_DELAY_MS));
    }
  }

  private async subscribe(): Promise<ConsumerMessages> {
    const connection = this.nats.unwrap<NatsConnection>();
    await ensureEventsStream(connection);
    const manager = await connection.jetstreamManager();
    const settings = { ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, ack_wait: nanos(ACK_WAIT_MS) };
    try {
      await manager.consumers.add(EVENTS_STREAM, { durable_name: PROGRESS_EVENTS_CONSUMER, ...settings });
    } catch {
      // It exists with older settings: bring them up to date, keeping its place in the stream.
      await manager.consumers.update(EVENTS_STREAM, PROGRESS_EVENTS_CONSUMER, { ack_wait: settings.ack_wait });
    }
    const consumer = await connection.jetstream().consumers.get(EVENTS_STREAM, PROGRESS_EVENTS_CONSUMER);
    this.logger.info({ stream: EVENTS_STREAM, consumer: PROGRESS_EVENTS_CONSUMER }, 'reading events');
    return consumer.consume({ max_messages: 20 });
  }

  private async handle(message: JsMsg): Promise<void> {
    const subject = message.subject as EventSubject;
    const schema = EVENT_SCHEMAS[subject];
    if (!schema) {
      // An event svc-progress has no use for (a newer kind): nothing to do.
      message.ack();
      return;
    }
    let payload: unknown;
    try {
      payload = schema.parse(codec.decode(message.data));
    } catch (error) {
      // A malformed event never becomes valid: log it and move past it.
      this.logger.error({ err: error, subject, seq: message.seq }, 'dropped an event that breaks its contract');
      message.term();
      return;
    }
    try {
      await this.events.apply(subject, payload as never);
      message.ack();
    } catch (error) {
      this.logger.warn({ err: error, subject, seq: message.seq }, 'event not applied; it will be offered again');
      message.nak(EVENT_RETRY_DELAY_MS);
    }
  }
}
