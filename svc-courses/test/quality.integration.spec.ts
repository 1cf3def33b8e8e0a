import {
  agentTaskReplySchema,
  type AgentTaskStatus,
  type Caller,
  COURSE_UPLOADS_BUCKET,
  courseCreationTaskSchema,
  COURSES_SUBJECTS,
  QUALITY_CHECKS,
  qualityCoursePageSchema,
  qualityReportSchema,
  qualitySummarySchema,
  SYSTEM_CALLER_ID,
} from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { bootstrap } from '../src/main';
import { SeedQualityReviewRunner } from '../src/quality/seed-quality-review.runner';

/**
 * The Quality Assurance agent on the real service: a fresh database seeded from the test fixtures,
 * NATS with JetStream, and Bull on the real Redis. The planted course comes in through the real
 * Upload tab path (a JSON course with its skills, so no svc-ai call is needed), which queues its
 * review as the uploader's task.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const FIXTURE_SEED_DIR = join(__dirname, 'fixtures', 'seed-data');
const ADMIN: Caller = { id: '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b', role: 'admin' };
const LEARNER: Caller = { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', role: 'learner' };

const READING =
  'A hazard is anything at work that could cause harm to people. Common examples include wet floors, loose cables, heavy ' +
  'boxes stored high on shelves and machines without guards. Spotting hazards early is the first habit of a safe team. Walk ' +
  'through your area at the start of each shift and look for anything that has changed since yesterday. Ask the people who ' +
  'do the work every day, because they notice small problems long before anyone else does. When you find a hazard, decide ' +
  'whether you can remove it at once. Mop the spill, tidy the cable or move the box to a lower shelf. If you cannot fix it ' +
  'yourself, mark the area and tell your supervisor straight away. Write down what you saw, where it was and what you did.';

/** A course with one problem per lesson, and an Arabic title with no Arabic letters. */
const PLANTED_COURSE = {
  title: 'Planted Problems in Workplace Safety',
  description: 'A course with problems the quality review must find.',
  objective: 'Spot hazards in your work area and report them to your supervisor.',
  titleAr: 'Workplace Safety',
  descriptionAr: 'دورة فيها مشكلات يجب أن تجدها المراجعة.',
  skills: ['Risk Assessment'],
  modules: [
    {
      title: 'Hazards',
      lessons: [
        { title: 'Spotting Hazards', type: 'reading', duration: '10 min', content: READING },
        { title: 'Draft Lesson', type: 'reading', duration: '10 min', content: `${READING}\n\nLorem ipsum dolor sit amet, consectetur adipiscing elit.` },
        { title: 'Who To Call', type: 'reading', duration: '10 min', content: `${READING.replace('Spotting hazards', 'Noticing risks')}\n\nQuestions? Email fatima.alhashimi@gmail.com.` },
        {
          title: 'Hazards Quiz',
          type: 'quiz',
          duration: '5 min',
          content:
            '1. What is a hazard?\nAnswer: Anything at work that could cause harm.\nAnswer: A risk.\n\n' +
            '2. When do you walk through your area?\nAnswer: At the start of each shift.\n\n' +
            '3. Whom do you tell?\nAnswer: Your supervisor.',
        },
      ],
    },
  ],
};

describe('the Quality Assurance agent on the real service', () => {
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;

  const start = () =>
    bootstrap({ NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', COURSE_CATALOG_SEED_DIR: FIXTURE_SEED_DIR });

  beforeAll(async () => {
    database = await createFreshDatabase('courses_quality');
    app = await start();
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await database?.drop();
  });

  async function waitForTask(id: string, ended: AgentTaskStatus[] = ['completed', 'failed', 'cancelled']): Promise<{ status: AgentTaskStatus; result: { changes?: string[]; courseId?: string } | null }> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rows } = await sql.query('SELECT status, result FROM courses.agent_tasks WHERE id = $1', [id]);
      if (rows[0] && ended.includes(rows[0].status)) return rows[0];
      if (Date.now() > deadline) throw new Error(`task ${id} did not end: ${JSON.stringify(rows[0])}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function count(query: string, params: unknown[] = []): Promise<number> {
    return Number((await sql.query<{ count: string }>(query, params)).rows[0].count);
  }

  async function ask(subject: string, payload: unknown, caller: Caller = ADMIN) {
    return requestOverNats(nats, subject, payload, undefined, caller);
  }

  it('reviews the seed catalog once at first start, as Masar itself, and not again after a restart', async () => {
    const task = await app.get(SeedQualityReviewRunner).whenStarted();
    expect(task).not.toBeNull();
    expect(task!.createdBy).toBe(SYSTEM_CALLER_ID);
    expect((await waitForTask(task!.id)).status).toBe('completed');
    const seedCourses = await count(`SELECT count(*) FROM courses.courses WHERE kind = 'internal' AND seed_key IS NOT NULL`);
    expect(seedCourses).toBe(2);
    expect(await count('SELECT count(*) FROM courses.quality_reviews WHERE task_id = $1', [task!.id])).toBe(seedCourses);
    // No svc-ai answers here: the model check is left out, said once, and the offline checks stand.
    const { rows: logged } = await sql.query<{ message: string }>(
      `SELECT line ->> 'message' AS message FROM courses.agent_tasks, jsonb_array_elements(logs) AS line WHERE id = $1 AND line ->> 'message' LIKE 'Factual consistency%'`,
      [task!.id],
    );
    expect(logged).toEqual([{ message: 'Factual consistency not checked: The AI service is unavailable' }]);
    expect(await count(`SELECT count(*) FROM courses.quality_findings WHERE "check" = 'factual-consistency'`)).toBe(0);

    // Admins see the system's task with everyone else's.
    const listed = await ask('courses.agent-tasks.list', { page: 1, pageSize: 20, agent: 'quality-assurance' });
    expect((listed.response as { items: Array<{ id: string }> }).items.map((item) => item.id)).toContain(task!.id);

    await app.close();
    app = await start();
    expect(await app.get(SeedQualityReviewRunner).whenStarted()).toBeNull();
    expect(await count(`SELECT count(*) FROM courses.agent_tasks WHERE type = 'quality-review'`)).toBe(1);
    expect(await count('SELECT count(*) FROM courses.quality_reviews')).toBe(seedCourses);
  });

  it('reviews a newly uploaded course as its uploader and records each planted problem on the right lesson', async () => {
    const objectName = randomUUID();
    const bucket = await nats.jetstream().views.os(COURSE_UPLOADS_BUCKET);
    const bytes = new TextEncoder().encode(JSON.stringify(PLANTED_COURSE));
    await bucket.putBlob({ name: objectName }, bytes);
    const started = await ask(COURSES_SUBJECTS.START_CREATION_TASK, {
      kind: 'import',
      files: [{ objectName, fileName: 'planted.json', declaredMediaType: 'application/json', size: bytes.length }],
    });
    const creation = courseCreationTaskSchema.parse(started.response);
    await waitForTask(creation.id);
    const { rows: made } = await sql.query<{ course_id: string }>('SELECT course_id FROM courses.agent_tasks WHERE id = $1', [creation.id]);
    const courseId = made[0].course_id;
    expect(courseId).toBeTruthy();

    // Queued right after the creation task completes (once its files are discarded).
    let reviewTasks: Array<{ id: string; created_by: string }> = [];
    for (const deadline = Date.now() + 10_000; reviewTasks.length === 0 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ({ rows: reviewTasks } = await sql.query<{ id: string; created_by: string }>(
        `SELECT id, created_by FROM courses.agent_tasks WHERE type = 'quality-review' AND input -> 'courseIds' = jsonb_build_array($1::text)`,
        [courseId],
      ));
    }
    expect(reviewTasks).toEqual([expect.objectContaining({ created_by: ADMIN.id })]);
    const finished = await waitForTask(reviewTasks[0].id);
    expect(finished).toMatchObject({ status: 'completed', result: { courseId } });
    expect(finished.result!.changes).toEqual([expect.stringMatching(/^"Planted Problems in Workplace Safety": \d+ checks, \d+ failed/)]);

    const report = qualityReportSchema.parse((await ask(COURSES_SUBJECTS.QUALITY_REPORT, { courseId })).response);
    const failedOn = (check: string) => report.findings.filter((finding) => !finding.passed && finding.check === check);
    expect(failedOn('placeholder-text')).toEqual([expect.objectContaining({ lessonTitle: 'Draft Lesson', moduleTitle: 'Hazards', severity: 'major' })]);
    expect(failedOn('personal-data')).toEqual([expect.objectContaining({ lessonTitle: 'Who To Call', severity: 'critical' })]);
    expect(failedOn('quiz-answers')).toEqual([
      expect.objectContaining({ lessonTitle: 'Hazards Quiz', message: 'In the quiz "Hazards Quiz", question 1 gives 2 correct answers; it needs exactly one.' }),
    ]);
    expect(failedOn('bilingual-parity').map((finding) => finding.message)).toContain('The Arabic title has no Arabic letters: it was not translated.');
    expect(failedOn('duplicate-passages').map((finding) => finding.lessonTitle)).toEqual(['Draft Lesson', 'Who To Call']);
    // Failed findings come first, worst first.
    expect(report.findings[0]).toMatchObject({ passed: false, severity: 'critical' });
    const lessonIds = (await sql.query<{ id: string; title: string }>(
      'SELECT l.id, l.title FROM courses.lessons l JOIN courses.modules m ON m.id = l.module_id WHERE m.course_id = $1',
      [courseId],
    )).rows;
    expect(failedOn('placeholder-text')[0].lessonId).toBe(lessonIds.find((lesson) => lesson.title === 'Draft Lesson')!.id);
    expect(report.failed).toBe(report.findings.filter((finding) => !finding.passed).length);
    expect(report.checksRun).toBe(report.findings.length);
  });

  it('starts a review of one course or of all on demand, and keeps older reviews', async () => {
    const { rows } = await sql.query<{ id: string }>(`SELECT id FROM courses.courses WHERE title = 'SQL for Reporting'`);
    const reply = agentTaskReplySchema.parse((await ask(COURSES_SUBJECTS.QUALITY_START_REVIEW, { courseId: rows[0].id })).response);
    expect(reply.task).toMatchObject({ type: 'quality-review', agent: 'quality-assurance', createdBy: ADMIN.id, title: 'Quality review: SQL for Reporting' });
    await waitForTask(reply.task.id);
    expect(await count('SELECT count(*) FROM courses.quality_reviews WHERE course_id = $1', [rows[0].id])).toBe(2);

    const all = agentTaskReplySchema.parse((await ask(COURSES_SUBJECTS.QUALITY_START_REVIEW, {})).response);
    expect(all.task.title).toBe('Quality review of 3 courses');
    expect((await waitForTask(all.task.id)).result!.changes).toHaveLength(3);

    const unknown = await ask(COURSES_SUBJECTS.QUALITY_START_REVIEW, { courseId: randomUUID() });
    expect(unknown.err).toEqual({ statusCode: 404, message: 'Course not found' });
    const notUuid = await ask(COURSES_SUBJECTS.QUALITY_START_REVIEW, { courseId: 'abc' });
    expect(notUuid.err).toMatchObject({ statusCode: 400 });
  });

  it('answers summary figures equal to the stored findings of each course’s latest review', async () => {
    const summary = qualitySummarySchema.parse((await ask(COURSES_SUBJECTS.QUALITY_SUMMARY, {})).response);
    const latest = `SELECT DISTINCT ON (course_id) id FROM courses.quality_reviews ORDER BY course_id, reviewed_at DESC, id DESC`;
    const stored = (
      await sql.query<{ run: string; passed: string; critical: string; courses: string }>(
        `SELECT count(*) AS run, count(*) FILTER (WHERE f.passed) AS passed,
                count(*) FILTER (WHERE NOT f.passed AND f.severity = 'critical') AS critical,
                count(DISTINCT r.course_id) AS courses
           FROM courses.quality_findings f JOIN courses.quality_reviews r ON r.id = f.review_id
          WHERE r.id IN (${latest})`,
      )
    ).rows[0];
    expect(summary).toMatchObject({
      coursesReviewed: Number(stored.courses),
      checksRun: Number(stored.run),
      passed: Number(stored.passed),
      failed: Number(stored.run) - Number(stored.passed),
    });
    expect(summary.coursesReviewed).toBe(3);
    expect(summary.bySeverity.critical).toBe(Number(stored.critical));
    expect(summary.passRate).toBe(Math.round((1000 * Number(stored.passed)) / Number(stored.run)) / 10);
    expect(summary.byCheck.map((row) => row.check)).toEqual([...QUALITY_CHECKS]);
    expect(summary.byCheck.reduce((sum, row) => sum + row.run, 0)).toBe(summary.checksRun);

    const page = qualityCoursePageSchema.parse((await ask(COURSES_SUBJECTS.QUALITY_COURSES, { page: 1, pageSize: 2 })).response);
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({ courseTitle: 'Planted Problems in Workplace Safety', worstSeverity: 'critical' });
  });

  it('refuses learners with 403 on every quality subject, and answers 404 for a course never reviewed', async () => {
    for (const [subject, payload] of [
      [COURSES_SUBJECTS.QUALITY_SUMMARY, {}],
      [COURSES_SUBJECTS.QUALITY_COURSES, { page: 1, pageSize: 20 }],
      [COURSES_SUBJECTS.QUALITY_REPORT, { courseId: randomUUID() }],
      [COURSES_SUBJECTS.QUALITY_START_REVIEW, {}],
    ] as const) {
      expect((await ask(subject, payload, LEARNER)).err).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });
    }
    expect((await ask(COURSES_SUBJECTS.QUALITY_REPORT, { courseId: randomUUID() })).err).toEqual({
      statusCode: 404,
      message: 'This course has not been reviewed yet',
    });
  });
});
