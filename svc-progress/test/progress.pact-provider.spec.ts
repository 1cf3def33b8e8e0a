import { callerSchema, LTI_GRADES_SUBJECTS, PROGRESS_SUBJECTS } from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { MessageDescriptor, Verifier } from '@pact-foundation/pact';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { bootstrap } from '../src/main';
import {
  CALLER_PROVIDER_STATE,
  callerNamedIn,
  connectToNatsAs,
  createFreshDatabase,
  FreshDatabase,
  requestOverNats,
  recordPactVerification,
} from '@masar/contracts/service-kit/testing';
import { startCourses, type CoursesProcess } from './support/courses-process';
import { insertLearningPath, plannedCourse } from './support/learning-path-rows.factory';
import { insertLessonEvent } from './support/lesson-events.factory';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const PACT_DIR = path.resolve(__dirname, '../../contracts/pacts');

interface PactFile {
  provider?: { name?: string };
  interactions: { description: string; providerStates?: { name: string }[] }[];
}

/** Every pact in contracts/pacts whose provider is svc-progress (the gateway's, and any later consumer's). */
function svcProgressPactFiles(): string[] {
  return readdirSync(PACT_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.join(PACT_DIR, file))
    .filter((file) => (JSON.parse(readFileSync(file, 'utf8')) as PactFile).provider?.name === 'svc-progress');
}

const KNOWN_SUBJECTS: readonly string[] = [...Object.values(PROGRESS_SUBJECTS), ...Object.values(LTI_GRADES_SUBJECTS)];

/** Each description starts with the subject it is sent on, e.g. "progress.lessons.record for a completed lesson". */
function subjectOf(description: string): string {
  const subject = description.split(' ')[0];
  if (!KNOWN_SUBJECTS.includes(subject)) {
    throw new Error(`"${description}" does not start with a progress subject`);
  }
  return subject;
}

/** params of 'a learner has no progress in a course'. */
interface LearnerInCourseState {
  userId: string;
  courseId: string;
}

/**
 * params of 'a learner has progress in a course': each list most recent first. `secondsSpent`
 * (optional, 0 when absent) is the time already reported on the course.
 */
interface LearnerWithProgressState extends LearnerInCourseState {
  completedLessonIds: string[];
  startedLessonIds: string[];
  secondsSpent?: number;
}

/** params of 'a learner has completed one of the two lessons of a course'. */
interface HalfWayState extends LearnerInCourseState {
  title: string;
  completedLessonId: string;
  openLessonId: string;
}

/** params of 'a learner has assessed their skills'. */
interface AssessedSkillsState {
  userId: string;
  skills: { skill: string; level: string }[];
}

/** params of 'a learning path has been generated'. */
interface PathGeneratedState {
  userId: string;
  learningPathId: string;
  jobTitle: string;
}

const MINUTE_MS = 60_000;

/**
 * Verifies every consumer's expectations of svc-progress: each message in the pacts is sent to the
 * real service (booted on a fresh database, answering on the real NATS) and its real reply packet
 * is compared with the recorded one.
 */
describe('svc-progress honours its consumers’ pacts', () => {
  const pactFiles = svcProgressPactFiles();
  let database: FreshDatabase;
  let service: INestMicroservice;
  let courses: CoursesProcess;
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('progress_pact');
    // Generating a path asks svc-courses for candidate courses (its build, without the seed catalog).
    courses = await startCourses({ NATS_URL, DATABASE_URL: database.url });
    // With the LTI tool's key, as where grade passback is configured (the gateway only sends line items then).
    const ltiToolKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    service = await bootstrap({ DATABASE_URL: database.url, NATS_URL, LOG_LEVEL: 'silent', LTI_TOOL_PRIVATE_KEY: ltiToolKey });
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  }, 60000);

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await service?.close();
    await courses?.stop();
    await database?.drop();
  });

  async function forgetProgress({ userId, courseId }: LearnerInCourseState): Promise<void> {
    await sql.query('DELETE FROM progress.lesson_events WHERE user_id = $1 AND course_id = $2', [userId, courseId]);
    await sql.query('DELETE FROM progress.learner_courses WHERE user_id = $1 AND course_id = $2', [userId, courseId]);
    // A recorded interaction replays the same report id: each replay must apply it afresh.
    await sql.query('DELETE FROM progress.applied_reports');
  }

  /**
   * The events recording would have left, an hour ago and earlier: the lists' first lessons the most
   * recent, each completed lesson started half an hour before it was completed. Anything the
   * interaction records afterwards is newer than all of them.
   */
  async function insertProgress(state: LearnerWithProgressState): Promise<void> {
    const { userId, courseId } = state;
    const latest = Date.now() - 60 * MINUTE_MS;
    const minutesBefore = (minutes: number) => new Date(latest - minutes * MINUTE_MS);
    for (const [index, lessonId] of state.completedLessonIds.entries()) {
      const secondsSpent = index === 0 ? (state.secondsSpent ?? 0) : 0;
      await insertLessonEvent(sql, { userId, courseId, lessonId, kind: 'completed', occurredAt: minutesBefore(index), secondsSpent });
      await insertLessonEvent(sql, { userId, courseId, lessonId, kind: 'started', occurredAt: minutesBefore(index + 30) });
    }
    const onlyStarted = state.startedLessonIds.filter((lessonId) => !state.completedLessonIds.includes(lessonId));
    for (const [index, lessonId] of onlyStarted.entries()) {
      await insertLessonEvent(sql, { userId, courseId, lessonId, kind: 'started', occurredAt: minutesBefore(index) });
    }
  }

  const stateHandlers: Record<string, (params?: unknown) => Promise<undefined>> = {
    'a learner has progress in a course': async (params) => {
      const state = params as LearnerWithProgressState;
      await forgetProgress(state);
      await insertProgress(state);
      return undefined;
    },
    'a learner has no progress in a course': async (params) => {
      await forgetProgress(params as LearnerInCourseState);
      return undefined;
    },
    'a learner has completed one of the two lessons of a course': async (params) => {
      const state = params as HalfWayState;
      await sql.query('DELETE FROM progress.learning_paths WHERE user_id = $1', [state.userId]);
      await sql.query('DELETE FROM progress.learner_courses WHERE user_id = $1', [state.userId]);
      await sql.query('DELETE FROM progress.lesson_events WHERE user_id = $1', [state.userId]);
      await sql.query('DELETE FROM progress.activities WHERE user_id = $1', [state.userId]);
      await sql.query('DELETE FROM progress.learner_skills WHERE user_id = $1', [state.userId]);
      // The course is in the catalog: another test's course-deleted event for the same id, read from
      // the shared stream, must not mark it removed.
      await sql.query('DELETE FROM progress.removed_courses WHERE course_id = $1', [state.courseId]);
      await sql.query(
        `INSERT INTO progress.learner_courses (user_id, course_id, title, title_ar, description, duration, level, skills, lesson_ids, started_at)
         VALUES ($1, $2, $3, NULL, 'Queries, joins and aggregates.', '4 weeks', 'beginner', '{SQL}', $4, now() - interval '1 hour')`,
        [state.userId, state.courseId, state.title, [state.completedLessonId, state.openLessonId]],
      );
      await insertProgress({ userId: state.userId, courseId: state.courseId, completedLessonIds: [state.completedLessonId], startedLessonIds: [] });
      return undefined;
    },
    'a learner has assessed their skills': async (params) => {
      const { userId, skills } = params as AssessedSkillsState;
      await sql.query('DELETE FROM progress.learner_skills WHERE user_id = $1', [userId]);
      for (const { skill, level } of skills) {
        await sql.query(
          `INSERT INTO progress.learner_skills (user_id, skill_key, skill, level, source) VALUES ($1, lower(btrim($2)), $2, $3, 'self-assessment')`,
          [userId, skill, level],
        );
      }
      return undefined;
    },
    // The caller is sent in the header by the message provider below; here it only has to be a caller.
    [CALLER_PROVIDER_STATE]: async (params) => {
      callerSchema.parse(params);
      return undefined;
    },
    'a learning path has been generated': async (params) => {
      const { userId, learningPathId, jobTitle } = params as PathGeneratedState;
      await sql.query('DELETE FROM progress.learning_paths WHERE id = $1', [learningPathId]);
      // The system activity is the path's alone: this service shares the CI's events stream (and its
      // durable consumer) with other tests, whose lesson reports and courses would otherwise show here.
      await sql.query(`DELETE FROM progress.activities WHERE event_key <> $1`, [`learning-path-generated:${learningPathId}`]);
      await insertLearningPath(sql, { id: learningPathId, userId, jobTitle, courses: [plannedCourse(randomUUID())] });
      await sql.query(
        `INSERT INTO progress.activities (event_key, kind, user_id, occurred_at, learning_path_id, title, count)
         VALUES ($1, 'learning-path-generated', $2, now(), $3, $4, 1) ON CONFLICT (event_key) DO NOTHING`,
        [`learning-path-generated:${learningPathId}`, userId, learningPathId, jobTitle],
      );
      return undefined;
    },
  };

  it('finds at least one pact with svc-progress as the provider', () => {
    expect(pactFiles.map((file) => path.basename(file))).toContain('svc-gateway-svc-progress.json');
  });

  it('has a handler for every provider state the consumers use, and knows every subject', () => {
    const interactions = pactFiles.flatMap((file) => (JSON.parse(readFileSync(file, 'utf8')) as PactFile).interactions);
    const states = interactions.flatMap((interaction) => interaction.providerStates ?? []).map((state) => state.name);
    expect(states.filter((state) => !(state in stateHandlers))).toEqual([]);
    for (const { description } of interactions) {
      expect(() => subjectOf(description)).not.toThrow();
    }
  });

  // With no pact yet there is nothing to verify (the Verifier refuses an empty list): the test above fails instead.
  (pactFiles.length > 0 ? it : it.skip)('answers every recorded message as the consumers expect', async () => {
    const descriptions = pactFiles.flatMap((file) =>
      (JSON.parse(readFileSync(file, 'utf8')) as PactFile).interactions.map((interaction) => interaction.description),
    );
    const messageProviders = Object.fromEntries(
      descriptions.map((description) => [
        description,
        async (message: MessageDescriptor) => {
          const reply = await requestOverNats(nats, subjectOf(description), message.content, undefined, callerNamedIn(message.providerStates));
          return reply.err !== undefined ? { err: reply.err } : { response: reply.response };
        },
      ]),
    );
    await new Verifier({
      provider: 'svc-progress',
      pactUrls: pactFiles,
      messageProviders,
      stateHandlers,
      logLevel: 'warn',
    }).verifyProvider();
    // Passed: this version of svc-progress honours these pacts (what can-i-deploy reads).
    recordPactVerification({ provider: 'svc-progress', pactFiles: pactFiles });
  });
});
