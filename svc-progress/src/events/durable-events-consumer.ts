import { EVENT_SCHEMAS, EVENTS_STREAM, type EventPayload, type EventSubject } from '@masar/contracts';
import { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { AckPolicy, DeliverPolicy, JSONCodec, nanos, type ConsumerMessages, type JsMsg, type NatsConnection } from 'nats';
import { Logger } from 'pino';
import { ensureEventsStream } from '@masar/contracts/events-stream';

const codec = JSONCodec();

/** A failed event (database away) is offered again after this. */
export const EVENT_RETRY_DELAY_MS = 2000;
/** How long an event may take before JetStream offers it again (also how long events pulled by an instance that stopped wait). */
const ACK_WAIT_MS = 10_000;

/**
 * Reads the events stream through a durable consumer, in order, one at a time. The consumer
 * remembers the last event acknowledged, so events published while svc-progress was down are read
 * when it returns; several instances share one consumer, each event going to one of them.
 */
export abstract class DurableEventsConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private messages?: ConsumerMessages;
  private stopped = false;
  private running?: Promise<void>;

  protected constructor(
    private readonly nats: ClientProxy,
    protected readonly logger: Logger,
    private readonly durableName: string,
    /** Where a consumer made for the first time starts reading. */
    private readonly deliverPolicy: DeliverPolicy,
  ) {}

  /** Acts on one checked event; throwing has it offered again after EVENT_RETRY_DELAY_MS. */
  protected abstract apply<S extends EventSubject>(subject: S, payload: EventPayload<S>): Promise<void>;

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
        this.logger.warn({ err: error, consumer: this.durableName }, 'events consumer stopped; retrying');
      }
      if (!this.stopped) await new Promise((resolve) => setTimeout(resolve, EVENT_RETRY_DELAY_MS));
    }
  }

  private async subscribe(): Promise<ConsumerMessages> {
    const connection = this.nats.unwrap<NatsConnection>();
    await ensureEventsStream(connection);
    const manager = await connection.jetstreamManager();
    const settings = { ack_policy: AckPolicy.Explicit, deliver_policy: this.deliverPolicy, ack_wait: nanos(ACK_WAIT_MS) };
    try {
      await manager.consumers.add(EVENTS_STREAM, { durable_name: this.durableName, ...settings });
    } catch {
      // It exists with older settings: bring them up to date, keeping its place in the stream.
      await manager.consumers.update(EVENTS_STREAM, this.durableName, { ack_wait: settings.ack_wait });
    }
    const consumer = await connection.jetstream().consumers.get(EVENTS_STREAM, this.durableName);
    this.logger.info({ stream: EVENTS_STREAM, consumer: this.durableName }, 'reading events');
    return consumer.consume({ max_messages: 20 });
  }

  private async handle(message: JsMsg): Promise<void> {
    const subject = message.subject as EventSubject;
    const schema = EVENT_SCHEMAS[subject];
    if (!schema) {
      // An event this consumer has no use for (a newer kind): nothing to do.
      message.ack();
      return;
    }
    let payload: unknown;
    try {
      payload = schema.parse(codec.decode(message.data));
    } catch (error) {
      // A malformed event never becomes valid: log it and move past it.
      this.logger.error({ err: error, subject, seq: message.seq, consumer: this.durableName }, 'dropped an event that breaks its contract');
      message.term();
      return;
    }
    try {
      await this.apply(subject, payload as never);
      message.ack();
    } catch (error) {
      this.logger.warn({ err: error, subject, seq: message.seq, consumer: this.durableName }, 'event not applied; it will be offered again');
      message.nak(EVENT_RETRY_DELAY_MS);
    }
  }
}
