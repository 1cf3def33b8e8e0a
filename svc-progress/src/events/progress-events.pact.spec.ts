import { EVENT_SUBJECTS } from '@masar/contracts';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { readEvent } from './read-event';

/**
 * What svc-progress relies on in the events svc-jobs and svc-gateway publish (asynchronous
 * messages; svc-courses' are in src/courses/svc-courses.pact.spec.ts, with its one pact file): each
 * publisher verifies its pact by doing the real thing and reading the event it stored. Each test hands the message to the same contract
 * check svc-progress' consumer applies before it acts on an event.
 */
const PACT_DIR = path.resolve(__dirname, '../../../contracts/pacts');
const { like, uuid, regex, eachLike, integer } = MatchersV3;
const ISO_TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const at = () => regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z');

function pactWith(provider: string): PactV4 {
  rmSync(path.join(PACT_DIR, `svc-progress-${provider}.json`), { force: true });
  return new PactV4({ consumer: 'svc-progress', provider, dir: PACT_DIR, logLevel: 'warn' });
}

describe('svc-progress (consumer) and the events it reads', () => {
  it('reads svc-jobs’ skills reviewed event', async () => {
    await pactWith('svc-jobs')
      .addAsynchronousInteraction()
      .expectsToReceive(`${EVENT_SUBJECTS.JOB_SKILLS_REVIEWED} when a reviewed skill set is saved`, (message) =>
        message.withJSONContent({
          jobDescriptionId: uuid(),
          title: like('Data Analyst'),
          skills: eachLike('SQL'),
          reviewedBy: uuid(),
          occurredAt: at(),
        }),
      )
      .executeTest(async (message) => {
        expect(readEvent(EVENT_SUBJECTS.JOB_SKILLS_REVIEWED, message.contents).skills).toEqual(['SQL']);
      });
  });

  it('reads svc-gateway’s lesson report, with what it knew of the course', async () => {
    await pactWith('svc-gateway')
      .addAsynchronousInteraction()
      .expectsToReceive(`${EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED} when a learner completes a lesson`, (message) =>
        message.withJSONContent({
          reportId: uuid(),
          userId: uuid(),
          courseId: uuid(),
          lessonId: uuid(),
          status: 'completed',
          secondsSpent: integer(300),
          occurredAt: at(),
          course: {
            title: like('SQL Basics'),
            titleAr: null,
            description: like('Queries, joins and aggregates.'),
            duration: like('4 weeks'),
            level: like('beginner'),
            skills: like([]),
            lessonIds: eachLike('7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a'),
          },
        }),
      )
      .executeTest(async (message) => {
        expect(readEvent(EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, message.contents)).toMatchObject({ status: 'completed' });
      });
  });
});
