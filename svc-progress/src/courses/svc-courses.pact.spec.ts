import { COURSES_SUBJECTS, EVENT_SUBJECTS } from '@masar/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { of } from 'rxjs';
import { messageJson, readEvent } from '../events/read-event';
import { PathCandidatesClient } from './path-candidates.client';

/**
 * What svc-progress relies on from svc-courses, in one pact file: the path candidates it asks for
 * (a V4 synchronous message, the Nest `{response}` packet) and the course events it reads from the
 * stream (asynchronous messages). svc-courses verifies both in its own tests.
 */
const PACT_DIR = path.resolve(__dirname, '../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'svc-progress-svc-courses.json');
const { like, integer, eachLike, uuid, regex } = MatchersV3;
const ISO_TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const at = () => regex(ISO_TIMESTAMP, '2026-11-23T08:30:00.000Z');

describe('svc-progress (consumer) and svc-courses (provider)', () => {
  const pact = new PactV4({ consumer: 'svc-progress', provider: 'svc-courses', dir: PACT_DIR, logLevel: 'warn' });

  beforeAll(() => {
    rmSync(PACT_FILE, { force: true });
  });

  it('asks for the courses teaching the gap skills, with hours, level and kind', async () => {
    await pact
      .addSynchronousInteraction(`${COURSES_SUBJECTS.FIND_PATH_CANDIDATES} for a skill one course teaches`)
      .given('exactly these courses exist', {
        courses: [{ title: 'SQL Basics', skills: ['SQL'], level: 'beginner', estimatedHours: 6 }],
      })
      .withRequest((message) => message.withJSONContent({ skills: ['SQL'] }))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            courses: eachLike({
              id: uuid(),
              title: like('SQL Basics'),
              titleAr: null,
              abbreviation: like('SQL'),
              kind: 'internal',
              provider: null,
              url: null,
              level: like('beginner'),
              estimatedHours: integer(6),
              skills: eachLike('SQL'),
              prerequisites: like([]),
            }),
          },
        }),
      )
      .executeTest(async (message) => {
        const recorded = messageJson(message.Response[0].content) as { response: unknown };
        const sent: unknown[] = [];
        const nats = {
          send: (_subject: string, record: { data: unknown }) => {
            sent.push(record.data);
            return of(recorded.response);
          },
        } as unknown as ClientProxy;
        const client = new PathCandidatesClient(nats, { coursesRequestTimeoutMs: 1000 }, pino({ level: 'silent' }));
        const courses = await client.find(['SQL']);
        expect(sent).toEqual([messageJson(message.Request.content)]);
        expect(courses[0]).toMatchObject({ kind: 'internal', estimatedHours: 6, skills: ['SQL'] });
      });
  });

  it('reads svc-courses’ course created and course deleted events', async () => {
    await pact
      .addAsynchronousInteraction()
      .expectsToReceive(`${EVENT_SUBJECTS.COURSE_CREATED} when an admin creates a course from the form`, (message) =>
        message.withJSONContent({ courseId: uuid(), title: like('Negotiation Skills'), titleAr: null, createdBy: uuid(), occurredAt: at() }),
      )
      .executeTest(async (message) => {
        expect(readEvent(EVENT_SUBJECTS.COURSE_CREATED, message.contents)).toMatchObject({ title: 'Negotiation Skills' });
      });
    await pact
      .addAsynchronousInteraction()
      .expectsToReceive(`${EVENT_SUBJECTS.COURSE_DELETED} when an admin deletes a course`, (message) =>
        message.withJSONContent({ courseId: uuid(), title: like('Negotiation Skills'), titleAr: null, deletedBy: null, occurredAt: at() }),
      )
      .executeTest(async (message) => {
        expect(readEvent(EVENT_SUBJECTS.COURSE_DELETED, message.contents)).toMatchObject({ deletedBy: null });
      });
    await pact
      .addAsynchronousInteraction()
      .expectsToReceive(`${EVENT_SUBJECTS.COURSE_STRUCTURE_CHANGED} when an admin adds a lesson to a course`, (message) =>
        message.withJSONContent({ courseId: uuid(), lessonIds: eachLike('7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a'), changedBy: uuid(), occurredAt: at() }),
      )
      .executeTest(async (message) => {
        expect(readEvent(EVENT_SUBJECTS.COURSE_STRUCTURE_CHANGED, message.contents).lessonIds.length).toBeGreaterThan(0);
      });
    await pact
      .addAsynchronousInteraction()
      .expectsToReceive(`${EVENT_SUBJECTS.QUIZ_ATTEMPT_GRADED} when a learner submits a quiz attempt`, (message) =>
        message.withJSONContent({
          attemptId: uuid(),
          userId: uuid(),
          lessonId: uuid(),
          courseId: uuid(),
          course: { title: like('Agile and Scrum in Practice'), titleAr: null },
          correctCount: integer(1),
          questionCount: integer(3),
          score: integer(33),
          passed: like(false),
          occurredAt: at(),
        }),
      )
      .executeTest(async (message) => {
        // Learning records turn it into answered and passed/failed statements with the score.
        expect(readEvent(EVENT_SUBJECTS.QUIZ_ATTEMPT_GRADED, message.contents)).toMatchObject({ questionCount: 3, passed: false });
      });
    await pact
      .addAsynchronousInteraction()
      .expectsToReceive(`${EVENT_SUBJECTS.EXERCISE_SUBMITTED} when a learner submits work on an exercise`, (message) =>
        message.withJSONContent({
          submissionId: uuid(),
          userId: uuid(),
          lessonId: uuid(),
          courseId: uuid(),
          course: { title: like('Agile and Scrum in Practice'), titleAr: null },
          checkedItemCount: integer(1),
          attachmentCount: integer(0),
          occurredAt: at(),
        }),
      )
      .executeTest(async (message) => {
        // Learning records turn it into a submitted statement; the work itself never travels.
        expect(readEvent(EVENT_SUBJECTS.EXERCISE_SUBMITTED, message.contents)).toMatchObject({ checkedItemCount: 1, attachmentCount: 0 });
      });
  });
});
