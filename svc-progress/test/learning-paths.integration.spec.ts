import {
  type Caller,
  COURSE_ORDER_MISMATCH_MESSAGE,
  errorReplySchema,
  ExtractedSkill,
  LEARNING_PATH_NOT_FOUND_MESSAGE,
  LearningPath,
  learningPathListSchema,
  NO_PROPOSAL_MESSAGE,
  learningPathReplySchema,
  PROGRESS_SUBJECTS,
  REPLACEMENT_COVERS_NOTHING_MESSAGE,
} from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { StudyCalendar } from '../src/learning-paths/planning/study-calendar';
import { bootstrap } from '../src/main';
import { insertCatalogCourse } from './support/catalog-rows.factory';
import { CoursesProcess, startCourses } from './support/courses-process';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

function skill(name: string, importance: ExtractedSkill['importance'] = 'required'): ExtractedSkill {
  return { name, category: 'technical', confidence: 0.9, importance, evidence: [] };
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

describe('learning paths on real NATS and Postgres, planned from the courses svc-courses answers', () => {
  let database: FreshDatabase;
  let courses: CoursesProcess;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('progress_paths');
    // Both services share the database, each in its own schema, as they do in production.
    courses = await startCourses({ NATS_URL, DATABASE_URL: database.url });
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  }, 60000);

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await courses?.stop();
    await database?.drop();
  });

  beforeEach(async () => {
    await sql.query('DELETE FROM courses.courses');
  });

  /** As the gateway asks for a signed-in person: who asks travels in the caller header, never the payload. */
  async function call(subject: string, payload: unknown, userId: string, role: Caller['role'] = 'learner') {
    return requestOverNats(nats, subject, payload, undefined, { id: userId, role });
  }

  async function generate(userId: string, confirmedSkills: ExtractedSkill[], extra: Record<string, unknown> = {}): Promise<LearningPath> {
    const reply = await call(
      PROGRESS_SUBJECTS.GENERATE_LEARNING_PATH,
      { jobDescriptionId: randomUUID(), jobTitle: 'Data Analyst', confirmedSkills, ...extra },
      userId,
    );
    if (reply.err) throw new Error(JSON.stringify(reply.err));
    return learningPathReplySchema.parse(reply.response).learningPath;
  }

  async function update(userId: string, id: string, changes: unknown) {
    return call(PROGRESS_SUBJECTS.UPDATE_LEARNING_PATH, { id, changes }, userId);
  }

  async function pathCount(userId: string): Promise<number> {
    const rows = await sql.query('SELECT 1 FROM progress.learning_paths WHERE user_id = $1', [userId]);
    return rows.rowCount ?? 0;
  }

  it('covers every gap at the level needed with the fewest hours, internal first, and lists what no course teaches', async () => {
    const userId = randomUUID();
    await sql.query(
      `INSERT INTO progress.learner_skills (user_id, skill_key, skill, level, source) VALUES ($1, 'data storytelling', 'Data Storytelling', 'working', 'self-assessment')`,
      [userId],
    );
    // A beginner course reaches basic only: not enough for a required skill.
    await insertCatalogCourse(sql, { title: 'SQL Foundations', skills: ['SQL'], level: 'beginner', estimatedHours: 6 });
    await insertCatalogCourse(sql, { title: 'SQL for Analysts', skills: ['SQL'], estimatedHours: 10 });
    const python = await insertCatalogCourse(sql, { title: 'Python for Data Analysis', skills: ['Python', 'sql'], estimatedHours: 14 });
    // Cheaper, but external: an internal course teaches SQL.
    await insertCatalogCourse(sql, { title: 'Databases and SQL', skills: ['SQL'], kind: 'external', estimatedHours: 4 });
    // No internal course teaches Tableau: the external one is used.
    const tableau = await insertCatalogCourse(sql, { title: 'Tableau Essentials', skills: ['Tableau'], kind: 'external', level: 'beginner', estimatedHours: 8 });
    await insertCatalogCourse(sql, { title: 'Storytelling with Data', skills: ['Data Storytelling'], estimatedHours: 5 });

    const path = await generate(userId, [
      skill('SQL'),
      skill('Python'),
      skill('Tableau', 'nice-to-have'),
      skill('Data Storytelling'),
      skill('Quantum Basket Weaving'),
    ]);

    expect(path.gaps.map(({ skill: name, currentLevel, targetLevel, priority }) => ({ name, currentLevel, targetLevel, priority }))).toEqual([
      { name: 'Python', currentLevel: 'none', targetLevel: 'working', priority: 'high' },
      { name: 'Quantum Basket Weaving', currentLevel: 'none', targetLevel: 'working', priority: 'high' },
      { name: 'SQL', currentLevel: 'none', targetLevel: 'working', priority: 'high' },
      { name: 'Tableau', currentLevel: 'none', targetLevel: 'basic', priority: 'low' },
    ]);
    expect(path.courses.map((course) => course.courseId).sort()).toEqual([python, tableau].sort());
    expect([...(path.courses.find((course) => course.courseId === python)?.covers ?? [])].sort()).toEqual(['Python', 'SQL']);
    expect(path.courses.find((course) => course.courseId === tableau)).toMatchObject({ kind: 'external', provider: 'Coursera', covers: ['Tableau'] });
    expect(path.uncoveredSkills).toEqual(['Quantum Basket Weaving']);
    expect(path.totalHours).toBe(22);
    expect(path.weeklyHours).toBe(3);
    expect(path.startDate).toBe(todayUtc());
    // 22 hours at 3 a week: a little over seven weeks, inside the second month.
    expect(path.monthsNeeded).toBe(2);
    expect(path.courses[0].startDate).toBe(todayUtc());
    expect(path.milestones.map((milestone) => milestone.quarter)).toEqual([1, 2, 3, 4]);
    expect([...path.milestones[0].courseIds].sort()).toEqual([python, tableau].sort());
    expect([...path.milestones[0].skills].sort()).toEqual(['Python', 'SQL', 'Tableau']);

    // Stored as answered: listed and read back the same.
    const listed = learningPathListSchema.parse((await call(PROGRESS_SUBJECTS.LIST_LEARNING_PATHS, {}, userId)).response);
    expect(listed.items).toEqual([{ ...path, progress: { courseCount: 2, completedCourseCount: 0, percent: 0 } }]);
    const read = learningPathReplySchema.parse((await call(PROGRESS_SUBJECTS.GET_LEARNING_PATH, { id: path.id }, userId)).response);
    expect(read.learningPath).toEqual(path);
  });

  it('puts a course after the one its prerequisites name, and re-plans on a new budget, a new order or a swap', async () => {
    const userId = randomUUID();
    const sqlCourse = await insertCatalogCourse(sql, { title: 'SQL for Analysts', abbreviation: 'SQA', skills: ['SQL'], estimatedHours: 12 });
    const pythonCourse = await insertCatalogCourse(sql, {
      title: 'Python Programming',
      skills: ['Python'],
      estimatedHours: 6,
      prerequisites: ['SQL for Analysts (SQA) or equivalent'],
    });
    const otherSql = await insertCatalogCourse(sql, { title: 'Querying Databases', skills: ['SQL'], estimatedHours: 20 });
    const leadership = await insertCatalogCourse(sql, { title: 'Leading Teams', skills: ['Leadership'], estimatedHours: 3 });

    const path = await generate(userId, [skill('SQL'), skill('Python')]);
    expect(path.courses.map((course) => course.courseId)).toEqual([sqlCourse, pythonCourse]);
    // 12 hours at 3 a week is 4 weeks (days 0–27 outside Ramadan and the Eids, which follow today's calendar), then Python.
    const dayOf = (date: string) => Math.round((Date.parse(date) - Date.parse(path.startDate)) / 86_400_000);
    const calendar = new StudyCalendar(new Date(`${path.startDate}T00:00:00Z`));
    const sqlDone = calendar.dayReaching(12, 3);
    expect(path.courses.map((course) => [dayOf(course.startDate), dayOf(course.dueDate)])).toEqual([
      [0, sqlDone],
      [calendar.dayAfter(12, 3), calendar.dayReaching(18, 3)],
    ]);
    expect(path.fit).toMatchObject({ choice: 'fits', allCoursesHours: 18, proposedWeeklyHours: null, proposalLimit: 6, ramadanLoadFactor: 0.5 });
    expect(path.nextYear).toEqual({ skills: [], courses: [], totalHours: 0, monthsAtBudget: 0 });

    const slower = learningPathReplySchema.parse((await update(userId, path.id, { weeklyHours: 1.5 })).response).learningPath;
    expect(slower.weeklyHours).toBe(1.5);
    expect(slower.fit.choice).toBe('changed-hours');
    expect(slower.courses.map((course) => dayOf(course.dueDate))).toEqual([calendar.dayReaching(12, 1.5), calendar.dayReaching(18, 1.5)]);
    expect(slower.courses.map((course) => course.courseId)).toEqual([sqlCourse, pythonCourse]);

    const reordered = learningPathReplySchema.parse((await update(userId, path.id, { courseOrder: [pythonCourse, sqlCourse] })).response);
    expect(reordered.learningPath.courses.map((course) => course.courseId)).toEqual([pythonCourse, sqlCourse]);
    expect(reordered.learningPath.weeklyHours).toBe(1.5);

    const swapped = learningPathReplySchema.parse(
      (await update(userId, path.id, { swap: { courseId: sqlCourse, replacementCourseId: otherSql } })).response,
    ).learningPath;
    expect(swapped.courses.map((course) => course.courseId)).toEqual([pythonCourse, otherSql]);
    expect(swapped.totalHours).toBe(26);
    expect(swapped.courses[1].covers).toEqual(['SQL']);

    // New hours re-date the learner's courses: the swap and their order stay (a fresh plan would put SQL for Analysts first).
    const faster = learningPathReplySchema.parse((await update(userId, path.id, { weeklyHours: 2 })).response).learningPath;
    expect(faster.weeklyHours).toBe(2);
    expect(faster.fit.choice).toBe('changed-hours');
    expect(faster.courses.map((course) => course.courseId)).toEqual([pythonCourse, otherSql]);
    expect(faster.courses.map((course) => dayOf(course.dueDate))).toEqual([calendar.dayReaching(6, 2), calendar.dayReaching(26, 2)]);
    expect(faster.totalHours).toBe(26);

    // Querying Databases leaves the catalog unopened: the next new hours give its gap a course the catalog has.
    await sql.query('DELETE FROM courses.courses WHERE id = $1', [otherSql]);
    await sql.query('INSERT INTO progress.removed_courses (course_id, removed_at) VALUES ($1, now())', [otherSql]);
    const afterRemoval = learningPathReplySchema.parse((await update(userId, path.id, { weeklyHours: 2.5 })).response).learningPath;
    expect(afterRemoval.courses.map((course) => course.courseId)).toEqual([pythonCourse, sqlCourse]);
    expect(afterRemoval.courses.some((course) => course.removed)).toBe(false);

    // Refusals change nothing.
    const before = await call(PROGRESS_SUBJECTS.GET_LEARNING_PATH, { id: path.id }, userId);
    const badOrder = await update(userId, path.id, { courseOrder: [pythonCourse] });
    expect(errorReplySchema.parse(badOrder.err)).toEqual({ statusCode: 400, message: COURSE_ORDER_MISMATCH_MESSAGE });
    const unrelated = await update(userId, path.id, { swap: { courseId: sqlCourse, replacementCourseId: leadership } });
    expect(errorReplySchema.parse(unrelated.err)).toEqual({ statusCode: 400, message: REPLACEMENT_COVERS_NOTHING_MESSAGE });
    const nothing = await update(userId, path.id, {});
    expect(errorReplySchema.parse(nothing.err).statusCode).toBe(400);
    const tooMuch = await update(userId, path.id, { weeklyHours: 41 });
    expect(errorReplySchema.parse(tooMuch.err)).toEqual({ statusCode: 400, message: 'changes.weeklyHours: Weekly hours can be at most 40' });
    expect((await call(PROGRESS_SUBJECTS.GET_LEARNING_PATH, { id: path.id }, userId)).response).toEqual(before.response);
  });

  it('proposes the weekly hours that fit 12 months, and the learner accepts them or keeps the budget with a next-year list', async () => {
    const userId = randomUUID();
    // 170 hours at 3 a week (about 147 h in a year with Ramadan at half load) need more: 3.5 h a week fit them.
    const spark = await insertCatalogCourse(sql, { title: 'Spark at Scale', skills: ['Spark'], estimatedHours: 70 });
    const airflow = await insertCatalogCourse(sql, { title: 'Airflow Pipelines', skills: ['Airflow'], estimatedHours: 60 });
    await insertCatalogCourse(sql, { title: 'Kafka Streams', skills: ['Kafka'], estimatedHours: 40 });
    const path = await generate(userId, [skill('Spark'), skill('Airflow'), skill('Kafka', 'nice-to-have')]);
    expect(path.fit).toMatchObject({ choice: 'pending', allCoursesHours: 170 });
    expect(path.fit.proposedWeeklyHours).toBeGreaterThan(3);
    expect(path.fit.proposedWeeklyHours).toBeLessThanOrEqual(6);
    expect(path.fit.proposedWeeklyHours! % 0.5).toBe(0);
    // At the budget, the required gaps fit; the nice-to-have Kafka waits for next year.
    expect(path.courses.map((course) => course.courseId).sort()).toEqual([spark, airflow].sort());
    expect(path.monthsNeeded).toBeLessThanOrEqual(12);
    expect(path.nextYear).toMatchObject({ skills: ['Kafka'], totalHours: 40 });

    // Nothing to accept on a plan that fits; accepting sets the proposed hours and brings Kafka back.
    const accepted = learningPathReplySchema.parse((await update(userId, path.id, { decision: 'accept-proposal' })).response).learningPath;
    expect(accepted.weeklyHours).toBe(path.fit.proposedWeeklyHours);
    expect(accepted.fit.choice).toBe('accepted-proposal');
    expect(accepted.courses).toHaveLength(3);
    expect(accepted.monthsNeeded).toBeLessThanOrEqual(12);
    expect(accepted.nextYear.skills).toEqual([]);
    const noProposal = await update(userId, path.id, { decision: 'accept-proposal' });
    expect(errorReplySchema.parse(noProposal.err)).toEqual({ statusCode: 400, message: NO_PROPOSAL_MESSAGE });

    // Back to 3 h a week, with Spark already started: it stays first whatever the budget; keeping the budget is recorded.
    await sql.query(
      `INSERT INTO progress.learner_courses (user_id, course_id, title, description, duration, level, skills, lesson_ids, started_at)
       VALUES ($1, $2, 'Spark at Scale', 'x', '4 weeks', 'intermediate', '{Spark}', ARRAY[gen_random_uuid()], now())`,
      [userId, spark],
    );
    const kept = learningPathReplySchema.parse((await update(userId, path.id, { weeklyHours: 3, decision: 'keep-budget' })).response).learningPath;
    expect(kept.fit.choice).toBe('kept-budget');
    expect(kept.courses[0].courseId).toBe(spark);
    expect(kept.nextYear.skills).toEqual(['Kafka']);
  });

  it("keeps each learner's paths their own: another learner can neither read, change nor delete them", async () => {
    await insertCatalogCourse(sql, { title: 'SQL for Analysts', skills: ['SQL'], estimatedHours: 10 });
    const owner = randomUUID();
    const stranger = randomUUID();
    const path = await generate(owner, [skill('SQL')]);
    const storedRow = async () => (await sql.query('SELECT * FROM progress.learning_paths WHERE id = $1', [path.id])).rows[0];
    const before = await storedRow();
    for (const subject of [PROGRESS_SUBJECTS.GET_LEARNING_PATH, PROGRESS_SUBJECTS.DELETE_LEARNING_PATH]) {
      const reply = await call(subject, { id: path.id }, stranger);
      expect(errorReplySchema.parse(reply.err)).toEqual({ statusCode: 404, message: LEARNING_PATH_NOT_FOUND_MESSAGE });
    }
    expect(errorReplySchema.parse((await update(stranger, path.id, { weeklyHours: 5 })).err)).toEqual({
      statusCode: 404,
      message: LEARNING_PATH_NOT_FOUND_MESSAGE,
    });
    expect(learningPathListSchema.parse((await call(PROGRESS_SUBJECTS.LIST_LEARNING_PATHS, { ownerId: owner }, stranger)).response).items).toEqual([]);
    expect(await storedRow()).toEqual(before);

    // An admin may read anybody's path and list one person's (the admin people view), not re-plan it.
    const admin = randomUUID();
    const read = await call(PROGRESS_SUBJECTS.GET_LEARNING_PATH, { id: path.id }, admin, 'admin');
    expect(learningPathReplySchema.parse(read.response).learningPath.id).toBe(path.id);
    const listed = learningPathListSchema.parse((await call(PROGRESS_SUBJECTS.LIST_LEARNING_PATHS, { ownerId: owner }, admin, 'admin')).response);
    expect(listed.items.map((item) => [item.id, item.progress])).toEqual([[path.id, { courseCount: 1, completedCourseCount: 0, percent: 0 }]]);
    const replanned = await call(PROGRESS_SUBJECTS.UPDATE_LEARNING_PATH, { id: path.id, changes: { weeklyHours: 5 } }, admin, 'admin');
    expect(errorReplySchema.parse(replanned.err).statusCode).toBe(404);
    expect(await storedRow()).toEqual(before);
    const anonymous = await requestOverNats(nats, PROGRESS_SUBJECTS.GET_LEARNING_PATH, { id: path.id });
    expect(errorReplySchema.parse(anonymous.err).statusCode).toBe(401);

    const deleted = await call(PROGRESS_SUBJECTS.DELETE_LEARNING_PATH, { id: path.id }, owner);
    expect(deleted.response).toEqual({ deleted: true, id: path.id });
    expect(await pathCount(owner)).toBe(0);
    const again = await call(PROGRESS_SUBJECTS.DELETE_LEARNING_PATH, { id: path.id }, owner);
    expect(errorReplySchema.parse(again.err).statusCode).toBe(404);
  });

  it('refuses a request without skills or with a bad budget, and stores nothing', async () => {
    const userId = randomUUID();
    const none = await call(PROGRESS_SUBJECTS.GENERATE_LEARNING_PATH, { jobDescriptionId: null, jobTitle: 'X', confirmedSkills: [] }, userId);
    expect(errorReplySchema.parse(none.err)).toEqual({ statusCode: 400, message: 'confirmedSkills: Please select at least one skill' });
    const budget = await call(
      PROGRESS_SUBJECTS.GENERATE_LEARNING_PATH,
      { jobDescriptionId: null, jobTitle: 'X', confirmedSkills: [skill('SQL')], weeklyHours: 0 },
      userId,
    );
    expect(errorReplySchema.parse(budget.err)).toEqual({ statusCode: 400, message: 'weeklyHours: Weekly hours must be at least 1' });
    expect(await pathCount(userId)).toBe(0);
  });

  it('answers 503 and stores nothing while svc-courses is down, and plans again once it is back', async () => {
    await insertCatalogCourse(sql, { title: 'SQL for Analysts', skills: ['SQL'], estimatedHours: 10 });
    const userId = randomUUID();
    await courses.stop();
    try {
      const reply = await call(
        PROGRESS_SUBJECTS.GENERATE_LEARNING_PATH,
        { jobDescriptionId: null, jobTitle: 'Data Analyst', confirmedSkills: [skill('SQL')] },
        userId,
      );
      expect(errorReplySchema.parse(reply.err)).toEqual({ statusCode: 503, message: 'svc-courses is unavailable' });
      expect(await pathCount(userId)).toBe(0);
    } finally {
      courses = await startCourses({ NATS_URL, DATABASE_URL: database.url });
    }
    const path = await generate(userId, [skill('SQL')]);
    expect(path.courses.map((course) => course.title)).toEqual(['SQL for Analysts']);
  }, 60000);
});
