import {
  type AgentTask,
  agentTaskReplySchema,
  agentTaskSchema,
  AI_SUBJECTS,
  aiBudgetExceededMessage,
  type Caller,
  COURSE_UPLOADS_BUCKET,
  courseCreationTaskSchema,
  COURSES_AGENT_TASK_SUBJECTS,
  COURSES_SUBJECTS,
  FACT_CHECK_OFFLINE_MESSAGE,
  factCheckLessonsRequestSchema,
  nextBudgetReset,
  qualityReportSchema,
} from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, pollUntil, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { bootstrap } from '../src/main';
import { SeedQualityReviewRunner } from '../src/quality/seed-quality-review.runner';
import { STAND_IN_FALSE_CLAIM, STAND_IN_FALSE_CLAIM_PROBLEM, StandInAi, startStandInAi } from './support/stand-in-ai';

/**
 * The quality review's factual-consistency check on the real service (Postgres, Bull on Redis, NATS)
 * with a stand-in svc-ai that finds STAND_IN_FALSE_CLAIM wherever a lesson makes it, or refuses as
 * svc-ai does offline (501) or for a caller over budget (429).
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const FIXTURE_SEED_DIR = join(__dirname, 'fixtures', 'seed-data');
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };

const reading = (title: string, content: string) => ({ title, type: 'reading', duration: '10 min', content });
const SAFETY_COURSE = {
  title: 'Building Site Safety',
  description: 'What everyone on a building site must know to stay safe.',
  objective: 'Work safely on a building site.',
  skills: ['Risk Assessment'],
  modules: [
    {
      title: 'On Site',
      lessons: [
        reading('Protective Equipment', `Boots with steel toe caps protect your feet. ${STAND_IN_FALSE_CLAIM} Gloves protect your hands.`),
        reading('Scaffolding', 'Scaffolding is inspected before use and after bad weather.'),
        reading('Ladders', 'Keep three points of contact when you climb a ladder.'),
        reading('Excavations', 'Never enter an unsupported trench deeper than your knees.'),
        reading('Noise', 'Wear hearing protection near loud machines.'),
        reading('Dust', 'Damp down dust before you cut or sweep.'),
        reading('Reporting', 'Report every near miss to the site manager the same day.'),
        { title: 'Site Quiz', type: 'quiz', duration: '5 min', content: '1. Who inspects scaffolding?\nAnswer: A competent person.' },
      ],
    },
  ],
};

describe('the factual-consistency check of the quality review', () => {
  let database: FreshDatabase;
  let ai: StandInAi;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;
  let courseId: string;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_fact_check');
    ai = await startStandInAi();
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', COURSE_CATALOG_SEED_DIR: FIXTURE_SEED_DIR });
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    const seedReview = await app.get(SeedQualityReviewRunner).whenStarted();
    if (seedReview) await waitUntilEnded(seedReview.id);
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await ai?.stop();
    await database?.drop();
  });

  afterEach(() => ai.refuse(AI_SUBJECTS.FACT_CHECK_LESSONS, null));

  async function ask(subject: string, payload: unknown): Promise<unknown> {
    const reply = await requestOverNats(nats, subject, payload, undefined, ADMIN);
    if (reply.err) throw new Error(JSON.stringify(reply.err));
    return reply.response;
  }
  function waitUntilEnded(id: string): Promise<AgentTask> {
    return pollUntil(async () => {
      const task = agentTaskSchema.parse(await ask(COURSES_AGENT_TASK_SUBJECTS.GET, { id }));
      return ['completed', 'failed', 'cancelled'].includes(task.status) ? task : undefined;
    }, `task ${id} to end`);
  }
  const factChecksSince = (count: number) => ai.calls.slice(count).filter((call) => call.subject === AI_SUBJECTS.FACT_CHECK_LESSONS);
  const report = async (id: string) => qualityReportSchema.parse(await ask(COURSES_SUBJECTS.QUALITY_REPORT, { courseId: id }));
  const skippedLines = (task: AgentTask) => task.logs.filter((line) => line.message.startsWith('Factual consistency not checked'));

  async function reviewOnDemand(id?: string): Promise<AgentTask> {
    const reply = agentTaskReplySchema.parse(await ask(COURSES_SUBJECTS.QUALITY_START_REVIEW, id ? { courseId: id } : {}));
    return waitUntilEnded(reply.task.id);
  }

  it('records a failed result per finding and a passed one per checked lesson, asking for the uploader in batches of six, quizzes left out', async () => {
    const before = ai.calls.length;
    const objectName = randomUUID();
    const bytes = new TextEncoder().encode(JSON.stringify(SAFETY_COURSE));
    await (await nats.jetstream().views.os(COURSE_UPLOADS_BUCKET)).putBlob({ name: objectName }, bytes);
    const creation = courseCreationTaskSchema.parse(
      await ask(COURSES_SUBJECTS.START_CREATION_TASK, {
        kind: 'import',
        files: [{ objectName, fileName: 'safety.json', declaredMediaType: 'application/json', size: bytes.length }],
      }),
    );
    await waitUntilEnded(creation.id);
    courseId = (await sql.query<{ course_id: string }>('SELECT course_id FROM courses.agent_tasks WHERE id = $1', [creation.id])).rows[0].course_id;
    const review = await pollUntil(async () => {
      const { rows } = await sql.query<{ id: string }>(
        `SELECT id FROM courses.agent_tasks WHERE type = 'quality-review' AND input -> 'courseIds' = jsonb_build_array($1::text)`,
        [courseId],
      );
      return rows[0];
    }, 'the new course’s review');
    const task = await waitUntilEnded(review.id);
    expect(task.status).toBe('completed');
    expect(skippedLines(task)).toEqual([]);

    const calls = factChecksSince(before);
    expect(calls.map((call) => call.caller)).toEqual([ADMIN, ADMIN]);
    const sent = calls.map((call) => factCheckLessonsRequestSchema.parse(call.data));
    expect(sent.map((request) => request.lessons.map((lesson) => lesson.title))).toEqual([
      ['Protective Equipment', 'Scaffolding', 'Ladders', 'Excavations', 'Noise', 'Dust'],
      ['Reporting'],
    ]);
    expect(sent[0].course).toEqual({ title: 'Building Site Safety', language: 'en' });

    const { findings } = await report(courseId);
    const factual = findings.filter((finding) => finding.check === 'factual-consistency');
    expect(factual.filter((finding) => !finding.passed)).toEqual([
      expect.objectContaining({ lessonTitle: 'Protective Equipment', moduleTitle: 'On Site', severity: 'critical', message: `“${STAND_IN_FALSE_CLAIM}”: ${STAND_IN_FALSE_CLAIM_PROBLEM}` }),
    ]);
    expect(factual.filter((finding) => finding.passed).map((finding) => finding.lessonTitle).sort()).toEqual(
      ['Dust', 'Excavations', 'Ladders', 'Noise', 'Reporting', 'Scaffolding'],
    );
    expect(factual.some((finding) => finding.lessonTitle === 'Site Quiz')).toBe(false);
  });

  it('leaves the check out when svc-ai has no language model (501), saying so once in the log of a review of every course', async () => {
    ai.refuse(AI_SUBJECTS.FACT_CHECK_LESSONS, { statusCode: 501, message: FACT_CHECK_OFFLINE_MESSAGE });
    const before = ai.calls.length;
    const task = await reviewOnDemand();
    expect(task.status).toBe('completed');
    expect(skippedLines(task).map((line) => line.message)).toEqual([`Factual consistency not checked: ${FACT_CHECK_OFFLINE_MESSAGE}`]);
    // Refused once, svc-ai is not asked again for the other courses of the review.
    expect(factChecksSince(before)).toHaveLength(1);
    const latest = await report(courseId);
    expect(latest.findings.some((finding) => finding.check === 'factual-consistency')).toBe(false);
    expect(latest.findings.filter((finding) => finding.check === 'structure').length).toBeGreaterThan(0);
  });

  it('leaves the check out for a starter over their budget (429), with svc-ai’s message in the log', async () => {
    const message = aiBudgetExceededMessage(1000, nextBudgetReset(new Date()));
    ai.refuse(AI_SUBJECTS.FACT_CHECK_LESSONS, { statusCode: 429, message });
    const task = await reviewOnDemand(courseId);
    expect(task).toMatchObject({ status: 'completed' });
    expect(skippedLines(task).map((line) => line.message)).toEqual([`Factual consistency not checked: ${message}`]);
    expect((await report(courseId)).findings.some((finding) => finding.check === 'factual-consistency')).toBe(false);
  });
});
