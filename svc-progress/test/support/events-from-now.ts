// Run before every svc-progress test file (jest setupFilesAfterEnv). The svc-progress a test boots
// reads the one events stream through the production durable consumers, which outlive the test file
// that made them: events earlier files (or other services' tests on the same NATS) published and no
// instance read would land in this file's database. An integration test file therefore starts each
// consumer afresh at the end of the stream, so its instance reads only the events published from now on.
import { EVENTS_STREAM, LEARNING_RECORDS_CONSUMER, LTI_GRADES_CONSUMER, PROGRESS_EVENTS_CONSUMER } from '@masar/contracts';
import { ensureEventsStream } from '@masar/contracts/events-stream';
import { connectToNatsAs } from '@masar/contracts/service-kit/testing';
import { AckPolicy, DeliverPolicy, nanos } from 'nats';
import path from 'node:path';

const INTEGRATION_TESTS = `${path.sep}svc-progress${path.sep}test${path.sep}`;

beforeAll(async () => {
  if (!expect.getState().testPath?.includes(INTEGRATION_TESTS)) return;
  const nats = await connectToNatsAs('progress');
  try {
    await ensureEventsStream(nats);
    const manager = await nats.jetstreamManager();
    for (const durableName of [PROGRESS_EVENTS_CONSUMER, LEARNING_RECORDS_CONSUMER, LTI_GRADES_CONSUMER]) {
      await manager.consumers.delete(EVENTS_STREAM, durableName).catch(() => undefined);
      // The service finds it made and keeps its place (it only brings ack_wait up to date).
      await manager.consumers.add(EVENTS_STREAM, {
        durable_name: durableName,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.New,
        ack_wait: nanos(10_000),
      });
    }
  } finally {
    await nats.drain();
  }
});
