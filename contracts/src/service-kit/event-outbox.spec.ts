// The outbox against a real Postgres and a NATS server of the test's own that it stops and starts.
import type { ClientProxy } from '@nestjs/microservices';
import { connect, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { DataSource } from 'typeorm';
import { startOwnNats } from '../../../deploy/local/own-servers';
import { EVENT_SUBJECTS, type EventPayload } from '../events/events';
import { readEventsSince } from '../events/events-stream';
import { createEventOutboxTable, EventOutbox, OutboxedEvent } from './event-outbox';
import { EventsPublisher } from './events-publisher';
import { createFreshDatabase, type FreshDatabase } from './testing/fresh-database';
import { pollUntil } from './testing/poll-until';

const SCHEMA = 'outbox_test';

type OwnNats = Awaited<ReturnType<typeof startOwnNats>>;

function courseDeleted(title: string): EventPayload<typeof EVENT_SUBJECTS.COURSE_DELETED> {
  return { courseId: randomUUID(), title, titleAr: null, deletedBy: null, occurredAt: new Date().toISOString() };
}

describe('EventOutbox (real Postgres and NATS)', () => {
  let nats: OwnNats;
  let connection: NatsConnection;
  let database: FreshDatabase;
  let dataSource: DataSource;
  let outbox: EventOutbox;

  beforeAll(async () => {
    nats = await startOwnNats();
    // Reconnects for as long as the test keeps the server down.
    connection = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
    database = await createFreshDatabase('outbox');
    dataSource = await new DataSource({ type: 'postgres', url: database.url, schema: SCHEMA, entities: [OutboxedEvent] }).initialize();
    await dataSource.query(`CREATE SCHEMA "${SCHEMA}"`);
    const queryRunner = dataSource.createQueryRunner();
    await createEventOutboxTable(queryRunner, SCHEMA);
    await queryRunner.release();
    const publisher = new EventsPublisher({ unwrap: () => connection } as unknown as ClientProxy);
    outbox = new EventOutbox(dataSource, publisher, { relayEveryMs: 60_000 }, pino({ level: 'silent' }));
  }, 30_000);

  afterAll(async () => {
    await outbox?.onApplicationShutdown();
    await connection?.close();
    await dataSource?.destroy();
    await database?.drop();
    await nats?.dispose();
  });

  const addCommitted = (...events: Array<EventPayload<typeof EVENT_SUBJECTS.COURSE_DELETED>>) =>
    dataSource.transaction(async (manager) => {
      for (const event of events) await outbox.add(manager, EVENT_SUBJECTS.COURSE_DELETED, event, event.courseId);
    });

  const storedOnStream = async (since: string, ...events: Array<EventPayload<typeof EVENT_SUBJECTS.COURSE_DELETED>>) => {
    const ids = new Set(events.map((event) => event.courseId));
    return (await readEventsSince(connection, EVENT_SUBJECTS.COURSE_DELETED, since)).filter((event) => ids.has(event.courseId));
  };

  it('relays a committed event to the stream once and empties the outbox', async () => {
    const since = new Date().toISOString();
    const event = courseDeleted('Committed');
    await addCommitted(event);
    expect(await outbox.pending()).toBe(1);

    await outbox.relay();
    await outbox.relay();

    expect(await outbox.pending()).toBe(0);
    expect(await storedOnStream(since, event)).toEqual([event]);
  });

  it('writes nothing when the change it reports is rolled back', async () => {
    const since = new Date().toISOString();
    const event = courseDeleted('Rolled back');
    await expect(
      dataSource.transaction(async (manager) => {
        await outbox.add(manager, EVENT_SUBJECTS.COURSE_DELETED, event, event.courseId);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    await outbox.relay();
    expect(await outbox.pending()).toBe(0);
    expect(await storedOnStream(since, event)).toEqual([]);
  });

  it('refuses an event its contract refuses, failing the change instead of keeping it for ever', async () => {
    const broken = { ...courseDeleted('Broken'), courseId: 'not-a-uuid' };
    await expect(addCommitted(broken)).rejects.toThrow();
    expect(await outbox.pending()).toBe(0);
  });

  it('keeps events while the stream is away and relays them in order once it is back', async () => {
    const since = new Date().toISOString();
    const first = courseDeleted('While away 1');
    const second = courseDeleted('While away 2');
    await nats.stop('SIGKILL');
    await addCommitted(first, second);

    await outbox.relay();
    expect(await outbox.pending()).toBe(2);

    await nats.start();
    // As the service's timer does: relay again until the restarted server's JetStream answers.
    await pollUntil(async () => {
      await outbox.relay();
      return (await outbox.pending()) === 0 ? true : undefined;
    }, 'the outbox to empty', 30_000, 200);
    expect(await storedOnStream(since, first, second)).toEqual([first, second]);
  }, 60_000);
});
