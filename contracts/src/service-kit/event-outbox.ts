// A transactional outbox: a service writes a domain event in the same transaction as the change it
// reports, and a relay puts it on the events stream afterwards, retrying while the stream is away.
// Without it, an event published after the commit was lost whenever JetStream did not answer, and
// so was everything downstream of it (a learner's xAPI statements, for one).
import { type DynamicModule, Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Column, CreateDateColumn, DataSource, Entity, type EntityManager, PrimaryGeneratedColumn, type QueryRunner } from 'typeorm';
import { EVENT_SCHEMAS, type EventPayload, type EventSubject } from '../events/events';
import type { Logger } from 'pino';
import { EventsModule, EventsPublisher } from './events-publisher';
import { LOGGER } from './logger';

/** An event written with its change and not yet stored on the stream. */
@Entity({ name: 'event_outbox' })
export class OutboxedEvent {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column('text')
  subject!: EventSubject;

  @Column('jsonb')
  payload!: unknown;

  /** The event's deduplication key on the stream: a relay that publishes twice stores it once. */
  @Column('text')
  key!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** The outbox table in a service's schema: each service's own migration calls this. */
export async function createEventOutboxTable(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`
    CREATE TABLE "${schema}"."event_outbox" (
      "id" bigint GENERATED ALWAYS AS IDENTITY,
      "subject" text NOT NULL,
      "payload" jsonb NOT NULL,
      "key" text NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "event_outbox_pkey" PRIMARY KEY ("id")
    )`);
}

export async function dropEventOutboxTable(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`DROP TABLE "${schema}"."event_outbox"`);
}

export const EVENT_OUTBOX_OPTIONS = Symbol('EVENT_OUTBOX_OPTIONS');

export interface EventOutboxOptions {
  /** How often the relay looks for events a failed or interrupted relay left behind. */
  relayEveryMs: number;
}

/** How many events one relay pass takes, oldest first. */
const RELAY_BATCH = 50;

@Injectable()
export class EventOutbox implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private relaying?: Promise<void>;
  private relayAgain = false;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventsPublisher,
    @Inject(EVENT_OUTBOX_OPTIONS) private readonly options: EventOutboxOptions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Writes the event with the caller's transaction. It is checked against its contract here, so an
   * event the stream would refuse fails the change instead of waiting in the outbox for ever.
   */
  async add<S extends EventSubject>(manager: EntityManager, subject: S, payload: EventPayload<S>, key: string): Promise<void> {
    const checked = EVENT_SCHEMAS[subject].parse(payload);
    await manager.insert(OutboxedEvent, { subject, payload: checked, key });
  }

  /** Relays what is waiting now, without waiting for it. */
  relaySoon(): void {
    void this.relay();
  }

  /**
   * Relays what is waiting (call it after the transaction that added events committed). Never
   * rejects: what the stream did not take stays for the next pass. One relay at a time in this
   * process; a call during a pass asks for another pass after it.
   */
  relay(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.relaying) {
      this.relayAgain = true;
      return this.relaying;
    }
    this.relaying = (async () => {
      do {
        this.relayAgain = false;
        await this.relayPending().catch((error: unknown) => this.logger.warn({ err: error }, 'outboxed events not relayed yet; retrying later'));
      } while (this.relayAgain && !this.stopped);
    })().finally(() => (this.relaying = undefined));
    return this.relaying;
  }

  /** How many events wait to be stored on the stream (health and tests). */
  pending(): Promise<number> {
    return this.dataSource.getRepository(OutboxedEvent).count();
  }

  onApplicationBootstrap(): void {
    this.relaySoon();
    this.timer = setInterval(() => this.relaySoon(), this.options.relayEveryMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.relaying;
  }

  /**
   * Oldest first, in batches. Rows are locked with SKIP LOCKED so two instances of a service never
   * relay the same event at once, and deleted in the same transaction once the stream stored them;
   * the first failure ends the pass, keeping the order of what is left.
   */
  private async relayPending(): Promise<void> {
    for (;;) {
      let failure: unknown;
      const taken = await this.dataSource.transaction(async (manager) => {
        const batch = await manager
          .createQueryBuilder(OutboxedEvent, 'event')
          .orderBy('event.id', 'ASC')
          .limit(RELAY_BATCH)
          .setLock('pessimistic_write')
          .setOnLocked('skip_locked')
          .getMany();
        const published: string[] = [];
        for (const event of batch) {
          try {
            await this.events.publish(event.subject, event.payload as EventPayload<EventSubject>, event.key);
          } catch (error) {
            failure = error;
            break;
          }
          published.push(event.id);
        }
        if (published.length > 0) await manager.delete(OutboxedEvent, published);
        return batch.length;
      });
      if (failure !== undefined) throw failure;
      if (taken < RELAY_BATCH) return;
    }
  }
}

/**
 * The outbox for a service whose TypeORM data source lists `OutboxedEvent` and whose migrations
 * create its table (`createEventOutboxTable`). Registered once, in the service's root module: one
 * relay per process, and every module may inject `EventOutbox`.
 */
@Module({})
export class EventOutboxModule {
  static register(options: EventOutboxOptions = { relayEveryMs: 5_000 }): DynamicModule {
    return {
      global: true,
      module: EventOutboxModule,
      imports: [EventsModule],
      providers: [EventOutbox, { provide: EVENT_OUTBOX_OPTIONS, useValue: options }],
      exports: [EventOutbox],
    };
  }
}
