import { EVENT_SCHEMAS, EVENTS_STREAM, type EventPayload, type EventSubject } from '@masar/contracts';
import { DeliverPolicy, type NatsConnection } from 'nats';

/**
 * Every event stored on `subject` since `since` (an ISO time), read back from the events stream with
 * an ordered consumer, each checked against its contract schema. Other tests publish on the same
 * stream, so callers keep only the events of the ids they made.
 */
export async function readEventsSince<S extends EventSubject>(nats: NatsConnection, subject: S, since: string): Promise<Array<EventPayload<S>>> {
  const consumer = await nats.jetstream().consumers.get(EVENTS_STREAM, {
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
