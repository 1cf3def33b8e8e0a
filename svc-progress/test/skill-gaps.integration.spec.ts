import { type Caller, ExtractedSkill, LearningPath, learningPathReplySchema, PROGRESS_SUBJECTS } from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NatsConnection } from 'nats';
import { Client } from 'pg';
import { bootstrap } from '../src/main';
import { insertCatalogCourse } from './support/catalog-rows.factory';
import { CoursesProcess, startCourses } from './support/courses-process';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

function skill(name: string, importance: ExtractedSkill['importance'] = 'required'): ExtractedSkill {
  return { name, category: 'technical', confidence: 0.9, importance, evidence: [] };
}

describe("a path's gaps re-measured at the learner's own levels when it is re-planned", () => {
  let database: FreshDatabase;
  let courses: CoursesProcess;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('progress_gaps');
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

  async function call(subject: string, payload: unknown, userId: string, role: Caller['role'] = 'learner') {
    const reply = await requestOverNats(nats, subject, payload, undefined, { id: userId, role });
    if (reply.err) throw new Error(JSON.stringify(reply.err));
    return reply.response;
  }

  const levelsOf = (path: LearningPath) => path.gaps.map((gap) => `${gap.skill}: ${gap.currentLevel} → ${gap.targetLevel} (${gap.priority})`);
  const titlesOf = (path: LearningPath) => path.courses.map((course) => course.title);

  it('closes the gaps the learner says they hold, drops their courses, and plans a course for a gap that is new', async () => {
    const userId = randomUUID();
    await insertCatalogCourse(sql, { title: 'SQL for Analysts', skills: ['SQL'], estimatedHours: 12 });
    await insertCatalogCourse(sql, { title: 'Python Programming', skills: ['Python'], estimatedHours: 6 });
    await insertCatalogCourse(sql, { title: 'Airflow Basics', skills: ['Airflow'], level: 'beginner', estimatedHours: 4 });
    await insertCatalogCourse(sql, { title: 'Storytelling with Data', skills: ['Data Storytelling'], estimatedHours: 5 });
    await call(PROGRESS_SUBJECTS.SAVE_SELF_ASSESSMENT, { skills: [{ skill: 'Data Storytelling', level: 'strong' }] }, userId);

    const generated = learningPathReplySchema.parse(
      await call(
        PROGRESS_SUBJECTS.GENERATE_LEARNING_PATH,
        {
          jobDescriptionId: randomUUID(),
          jobTitle: 'Data Engineer',
          confirmedSkills: [skill('SQL'), skill('Python'), skill('Airflow', 'nice-to-have'), skill('Data Storytelling')],
        },
        userId,
      ),
    ).learningPath;
    expect(levelsOf(generated)).toEqual(['Python: none → working (high)', 'SQL: none → working (high)', 'Airflow: none → basic (low)']);
    expect(titlesOf(generated).sort()).toEqual(['Airflow Basics', 'Python Programming', 'SQL for Analysts']);

    // The learner rates themselves in the gap view: Python already strong, SQL basic, storytelling weaker than they thought.
    await call(
      PROGRESS_SUBJECTS.SAVE_SELF_ASSESSMENT,
      { skills: [{ skill: 'Python', level: 'strong' }, { skill: 'SQL', level: 'basic' }, { skill: 'Data Storytelling', level: 'basic' }] },
      userId,
    );
    const replanned = learningPathReplySchema.parse(
      await call(PROGRESS_SUBJECTS.UPDATE_LEARNING_PATH, { id: generated.id, changes: { weeklyHours: generated.weeklyHours } }, userId),
    ).learningPath;

    expect(levelsOf(replanned)).toEqual([
      'Data Storytelling: basic → working (medium)',
      'SQL: basic → working (medium)',
      'Airflow: none → basic (low)',
    ]);
    expect(titlesOf(replanned)).not.toContain('Python Programming');
    expect(titlesOf(replanned).sort()).toEqual(['Airflow Basics', 'SQL for Analysts', 'Storytelling with Data']);
    expect(replanned.totalHours).toBe(21);
    expect(replanned.uncoveredSkills).toEqual([]);
    // What the learner reads next time is what was stored.
    const read = learningPathReplySchema.parse(await call(PROGRESS_SUBJECTS.GET_LEARNING_PATH, { id: generated.id }, userId)).learningPath;
    expect(read.gaps).toEqual(replanned.gaps);

    // A move sent from the screen as it stood still applies after a level changed behind it (here SQL, now strong).
    await call(PROGRESS_SUBJECTS.SAVE_SELF_ASSESSMENT, { skills: [{ skill: 'SQL', level: 'strong' }] }, userId);
    const order = replanned.courses.map((course) => course.courseId).reverse();
    const moved = learningPathReplySchema.parse(
      await call(PROGRESS_SUBJECTS.UPDATE_LEARNING_PATH, { id: generated.id, changes: { courseOrder: order } }, userId),
    ).learningPath;
    expect(moved.courses.map((course) => course.courseId)).toEqual(
      order.filter((id) => replanned.courses.find((course) => course.courseId === id)?.title !== 'SQL for Analysts'),
    );
    expect(moved.gaps.map((gap) => gap.skill)).toEqual(['Data Storytelling', 'Airflow']);
  });
});
