// The events stream's publisher against a NATS server of the test's own: what it does while
// JetStream cannot store an event for a moment (a clustered stream electing a new leader, a restart).
import { connect, NatsError, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { startOwnNats } from '../../../deploy/local/own-servers';
import { EVENT_SUBJECTS, EVENTS_STREAM, type EventPayload } from './events';
import { ensureEventsStream, EventsStreamPublisher, isPassingPublishFailure, readEventsSince } from './events-stream';

type OwnNats = Awaited<ReturnType<typeof startOwnNats>>;
type CourseDeleted = EventPayload<typeof EVENT_SUBJECTS.COURSE_DELETED>;

function courseDeleted(title: string): CourseDeleted {
  return { courseId: randomUUID(), title, titleAr: null, deletedBy: null, occurredAt: new Date().toISOString() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('EventsStreamPublisher (a real NATS server)', () => {
  let nats: OwnNats;
  let connection: NatsConnection;
  const publisher = new EventsStreamPublisher();

  beforeAll(async () => {
    nats = await startOwnNats();
    connection = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
    // The publisher makes sure of the stream before its first event only: from then on, a missing
    // stream is JetStream not answering.
    await publisher.publish(connection, EVENT_SUBJECTS.COURSE_DELETED, courseDeleted('First'), randomUUID());
  }, 30_000);

  afterAll(async () => {
    await connection?.close();
    await nats?.dispose();
  });

  // No stream takes the subject: JetStream answers nobody, as while a stream has no leader.
  const withoutStream = async () => (await connection.jetstreamManager()).streams.delete(EVENTS_STREAM);
  const publish = (event: CourseDeleted, retryForMs?: number) =>
    publisher.publish(connection, EVENT_SUBJECTS.COURSE_DELETED, event, event.courseId, { retryForMs });
  const stored = async (since: string, event: CourseDeleted) =>
    (await readEventsSince(connection, EVENT_SUBJECTS.COURSE_DELETED, since)).filter((found) => found.courseId === event.courseId);

  afterEach(async () => ensureEventsStream(connection));

  it('fails at once without a retry window, with a failure it names as passing', async () => {
    await withoutStream();
    const failure = await publish(courseDeleted('No window')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NatsError);
    expect(isPassingPublishFailure(failure)).toBe(true);
  });

  it('keeps trying while nobody answers and stores the event once when the stream is back', async () => {
    const since = new Date().toISOString();
    await withoutStream();
    const event = courseDeleted('Stream back');
    const publishing = publish(event, 10_000);
    await sleep(700);
    await ensureEventsStream(connection);
    await publishing;
    // The same event again (a client's retry) is recognised by its id.
    await publish(event, 10_000);
    expect(await stored(since, event)).toEqual([event]);
  });

  it('gives up when the window has passed, and not before', async () => {
    await withoutStream();
    const started = Date.now();
    await expect(publish(courseDeleted('Window passed'), 800)).rejects.toBeInstanceOf(NatsError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
  });

  it('waits out a server restart longer than one attempt may take', async () => {
    const since = new Date().toISOString();
    const event = courseDeleted('Server restarted');
    await nats.stop('SIGKILL');
    const publishing = publish(event, 15_000);
    // Longer than one attempt's wait without a window (5 seconds): that attempt would have failed.
    await sleep(5500);
    await nats.start();
    await publishing;
    expect(await stored(since, event)).toEqual([event]);
  }, 30_000);
});
