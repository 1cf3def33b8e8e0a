import { EVENTS_STREAM, EVENTS_STREAM_SUBJECTS } from '@masar/contracts';
import { NatsError, RetentionPolicy, StorageType, type NatsConnection } from 'nats';

/** JetStream's code when a stream by that name exists with another configuration. */
const STREAM_NAME_IN_USE = 10058;

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
