import { courseProgressSchema, PROGRESS_SUBJECTS } from '@masar/contracts';
import { Matchers, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PROGRESS_PROVIDER_STATES } from '../../test/support/progress-provider-states';
import { replayAgainstGateway, SynchronousMessage } from '../../test/support/recorded-reply-transport';
import { ProgressClient } from './progress.client';

/**
 * What the gateway asks svc-progress and relies on in the answers, as V4 synchronous messages over
 * NATS (`{response}` or `{err}` packets). svc-progress verifies this file in its own tests.
 */
const PACT_DIR = path.resolve(__dirname, '../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'svc-gateway-svc-progress.json');

const USER_ID = '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b';
const COURSE_ID = '2b7c4e1a-9d3f-4a6b-8c5e-1f0a2d3c4b5e';
const DONE_LESSON = '7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a';
const OPEN_LESSON = '8e2f3a4b-5c6d-4e7f-9a8b-0c1d2e3f4a5b';
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function replayAgainstProgress<T>(message: SynchronousMessage, call: (progress: ProgressClient) => Promise<T>) {
  return replayAgainstGateway(message, (services) => new ProgressClient(services), call);
}

describe('svc-gateway (consumer) and svc-progress (provider) over NATS', () => {
  const pact = new PactV4({ consumer: 'svc-gateway', provider: 'svc-progress', dir: PACT_DIR, logLevel: 'warn' });

  beforeAll(() => {
    rmSync(PACT_FILE, { force: true });
  });

  it("reads a learner's completed and started lessons of a course", async () => {
    const request = { courseId: COURSE_ID, userId: USER_ID };
    await pact
      .addSynchronousInteraction(`${PROGRESS_SUBJECTS.GET_COURSE_PROGRESS} with one lesson completed and one started`)
      .given(PROGRESS_PROVIDER_STATES.HAS_PROGRESS, {
        userId: USER_ID,
        courseId: COURSE_ID,
        completedLessonIds: [DONE_LESSON],
        startedLessonIds: [OPEN_LESSON],
      })
      .withRequest((message) => message.withJSONContent(request))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            courseId: COURSE_ID,
            completedLessonIds: [DONE_LESSON],
            startedLessonIds: [OPEN_LESSON],
            secondsSpent: Matchers.integer(0),
            lastActivityAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstProgress(message, (progress) => progress.getCourseProgress(request));
        expect(courseProgressSchema.parse(result).completedLessonIds).toEqual([DONE_LESSON]);
      });
  });

  it('records a completed lesson, which counts once and is no longer only started', async () => {
    const request = { courseId: COURSE_ID, lessonId: DONE_LESSON, userId: USER_ID, status: 'completed' as const, secondsSpent: 300 };
    await pact
      .addSynchronousInteraction(`${PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS} for a completed lesson`)
      .given(PROGRESS_PROVIDER_STATES.NO_PROGRESS, { userId: USER_ID, courseId: COURSE_ID })
      .withRequest((message) => message.withJSONContent(request))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            courseId: COURSE_ID,
            completedLessonIds: [DONE_LESSON],
            startedLessonIds: [],
            secondsSpent: 300,
            lastActivityAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z'),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstProgress(message, (progress) => progress.recordLessonProgress(request));
        expect(courseProgressSchema.parse(result)).toMatchObject({ completedLessonIds: [DONE_LESSON], startedLessonIds: [] });
      });
  });

  it('reads an empty progress for a course the learner never opened', async () => {
    const request = { courseId: COURSE_ID, userId: USER_ID };
    await pact
      .addSynchronousInteraction(`${PROGRESS_SUBJECTS.GET_COURSE_PROGRESS} with no progress`)
      .given(PROGRESS_PROVIDER_STATES.NO_PROGRESS, { userId: USER_ID, courseId: COURSE_ID })
      .withRequest((message) => message.withJSONContent(request))
      .withResponse((response) =>
        response.withJSONContent({
          response: { courseId: COURSE_ID, completedLessonIds: [], startedLessonIds: [], secondsSpent: 0, lastActivityAt: null },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstProgress(message, (progress) => progress.getCourseProgress(request));
        expect(courseProgressSchema.parse(result).lastActivityAt).toBeNull();
      });
  });
});
