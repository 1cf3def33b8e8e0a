// The events stream as every Node process uses it: make sure it exists, publish a checked event
// once, read events back. Node only (it needs the nats client), so it is the separate entry
// `@masar/contracts/events-stream` and never part of what the front ends bundle.
import { DeliverPolicy, ErrorCode, JSONCodec, NatsError, RetentionPolicy, StorageType, type NatsConnection } from 'nats';
import { EVENT_SCHEMAS, eventMessageId, EVENTS_STREAM, EVENTS_STREAM_SUBJECTS, type EventPayload, type EventSubject } from './events';

/** JetStream's code when a stream by that name exists with another configuration. */
const STREAM_NAME_IN_USE = 10058;
/** How long a publisher waits for JetStream to store an event. */
const PUBLISH_TIMEOUT_MS = 5000;
/**
 * How long one attempt waits within a retry window. A request sent while the connection was down can
 * be lost on reconnecting, so a shorter wait tries again sooner; an acknowledgement that was only slow
 * costs nothing, as the repeated event is recognised by its id.
 */
const RETRYING_ATTEMPT_TIMEOUT_MS = 2000;
/** The shortest wait for one attempt near the end of a retry window. */
const MIN_ATTEMPT_TIMEOUT_MS = 250;
/** Waits between attempts: doubling from the first, never longer than the last. */
const RETRY_PAUSE_MS = { first: 100, longest: 1000 };

/**
 * Failures that pass: nobody answers on the subject (a clustered stream electing a new leader, a
 * server restarting), no answer in time, or the connection was lost and is being made again.
 */
const PASSING_FAILURES = new Set<string>([ErrorCode.NoResponders, ErrorCode.Timeout, ErrorCode.Disconnect]);

export function isPassingPublishFailure(error: unknown): boolean {
  return error instanceof NatsError && PASSING_FAILURES.has(error.code);
}

export interface PublishOptions {
  /**
   * How long to keep trying after a passing failure (0: fail at the first). The message id stays the
   * same, so an event stored by an attempt whose acknowledgement was lost is not stored again.
   */
  retryForMs?: number;
}

const codec = JSONCodec();

/**
 * Makes sure the events stream exists. Adding it with the same configuration again is a no-op, so
 * every service may do it at start; one created by hand with other limits is left as it is.
 */
export async function ensureEventsStream(connection: NatsConnection): Promise<void> {
  const manager = await connection.jetstreamManager();
  try {
    await manager.streams.add({
      name: EVENTS_STREAM,
      subjects: EVENTS_STREAM_SUBJECTS,
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
    });
  } catch (error) {
    if (!(error instanceof NatsError && error.api_error?.err_code === STREAM_NAME_IN_USE)) throw error;
  }
}

/**
 * Puts one process' events on the stream, each checked against its contract and stored once per
 * `key`; the stream is made sure of before the first event (again after a failure).
 */
export class EventsStreamPublisher {
  private streamReady?: Promise<void>;

  /** Resolves once JetStream has stored the event. */
  async publish<S extends EventSubject>(
    connection: NatsConnection,
    subject: S,
    payload: EventPayload<S>,
    key: string,
    { retryForMs = 0 }: PublishOptions = {},
  ): Promise<void> {
    this.streamReady ??= ensureEventsStream(connection).catch((error: unknown) => {
      this.streamReady = undefined;
      throw error;
    });
    await this.streamReady;
    const data = codec.encode(EVENT_SCHEMAS[subject].parse(payload));
    const msgID = eventMessageId(subject, key);
    const giveUpAt = Date.now() + retryForMs;
    const longestAttempt = retryForMs > 0 ? RETRYING_ATTEMPT_TIMEOUT_MS : PUBLISH_TIMEOUT_MS;
    for (let pause = RETRY_PAUSE_MS.first; ; pause = Math.min(pause * 2, RETRY_PAUSE_MS.longest)) {
      const timeout = Math.min(longestAttempt, Math.max(MIN_ATTEMPT_TIMEOUT_MS, giveUpAt - Date.now()));
      try {
        await connection.jetstream().publish(subject, data, { msgID, timeout });
        return;
      } catch (error) {
        const left = giveUpAt - Date.now();
        if (!isPassingPublishFailure(error) || left <= 0) throw error;
        // The last attempt comes at the end of the window, not a pause before it.
        await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
      }
    }
  }
}

/**
 * Every event stored on `subject` since `since` (an ISO time), read back with an ordered consumer,
 * each checked against its contract schema. Other processes publish on the same stream, so
 * callers keep only the events of the ids they made.
 */
export async function readEventsSince<S extends EventSubject>(
  connection: NatsConnection,
  subject: S,
  since: string,
): Promise<Array<EventPayload<S>>> {
  // A reader that expects no event may come before anything created the stream.
  await ensureEventsStream(connection);
  const consumer = await connection.jetstream().consumers.get(EVENTS_STREAM, {
    filterSubjects: subject,
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: since,
  });
  const events: Array<EventPayload<S>> = [];
  try {
    for (let message = await consumer.next({ expires: 1000 }); message; message = await consumer.next({ expires: 1000 })) {
      events.push(EVENT_SCHEMAS[subject].parse(message.json()) as EventPayload<S>);
    }
  } finally {
    await consumer.delete();
  }
  return events;
}
