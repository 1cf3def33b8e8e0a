import {
  EVENT_SUBJECTS,
  eventMessageId,
  learnerSkillsReplySchema,
  PROGRESS_SUBJECTS,
  ProgressOverview,
  progressOverviewReplySchema,
  progressAdminStatsSchema,
  courseProgressSchema,
  learningPathReplySchema,
  errorReplySchema,
  type EventSubject,
  type ServiceName,
} from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { JSONCodec, NatsConnection } from 'nats';
import { Client } from 'pg';
import { bootstrap } from '../src/main';
import { eventually } from './support/eventually';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { insertLearningPath, plannedCourse } from './support/learning-path-rows.factory';
import { lessonReport, reportedCourse } from './support/lesson-report.factory';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const codec = JSONCodec();

/** Who puts each event on the stream in production: the test publishes it signed in as that process. */
const PUBLISHER_OF: Record<EventSubject, ServiceName | 'gateway'> = {
  [EVENT_SUBJECTS.COURSE_CREATED]: 'courses',
  [EVENT_SUBJECTS.COURSE_DELETED]: 'courses',
  [EVENT_SUBJECTS.COURSE_STRUCTURE_CHANGED]: 'courses',
  [EVENT_SUBJECTS.QUIZ_ATTEMPT_GRADED]: 'courses',
  [EVENT_SUBJECTS.EXERCISE_SUBMITTED]: 'courses',
  [EVENT_SUBJECTS.JOB_SKILLS_REVIEWED]: 'jobs',
  [EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED]: 'gateway',
  [EVENT_SUBJECTS.LEARNING_PATH_GENERATED]: 'progress',
  [EVENT_SUBJECTS.SKILLS_SELF_ASSESSED]: 'progress',
};

describe('progress, skills and the dashboard on real NATS and Postgres', () => {
  let database: FreshDatabase;
  let app: INestMicroservice | undefined;
  let nats: NatsConnection;
  const publishers = new Map<ServiceName | 'gateway', Promise<NatsConnection>>();
  let sql: Client;

  const start = async () => {
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
  };

  beforeAll(async () => {
    database = await createFreshDatabase('progress_overview');
    await start();
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await Promise.all([...publishers.values()].map(async (publisher) => (await publisher).drain()));
    await app?.close();
    await database?.drop();
  });

  async function record(report: Record<string, unknown>) {
    const reply = await requestOverNats(nats, PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS, report);
    return courseProgressSchema.parse(reply.response);
  }

  async function overviewOf(userId: string): Promise<ProgressOverview> {
    const reply = await requestOverNats(nats, PROGRESS_SUBJECTS.GET_PROGRESS_OVERVIEW, {}, undefined, { id: userId, role: 'learner' });
    return progressOverviewReplySchema.parse(reply.response).progress;
  }

  /** The learner saves their own levels: who they are travels in the caller header. */
  function assess(userId: string, skills: unknown) {
    return requestOverNats(nats, PROGRESS_SUBJECTS.SAVE_SELF_ASSESSMENT, { skills }, undefined, { id: userId, role: 'learner' });
  }

  async function skillsOf(userId: string) {
    const reply = await requestOverNats(nats, PROGRESS_SUBJECTS.LIST_LEARNER_SKILLS, {}, undefined, { id: userId, role: 'learner' });
    return learnerSkillsReplySchema.parse(reply.response).skills.map(({ skill, level, source }) => ({ skill, level, source }));
  }

  async function publish(subject: EventSubject, payload: unknown, key: string = randomUUID()) {
    const user = PUBLISHER_OF[subject];
    const connecting = publishers.get(user) ?? connectToNatsAs(user);
    publishers.set(user, connecting);
    await (await connecting).jetstream().publish(subject, codec.encode(payload), { msgID: eventMessageId(subject, key) });
  }

  describe('a learner working through the courses of their path', () => {
    const userId = randomUUID();
    const [courseA, courseB] = [randomUUID(), randomUUID()];
    const [lesson1, lesson2] = [randomUUID(), randomUUID()];
    const course = reportedCourse([lesson1, lesson2], { title: 'SQL Basics', level: 'intermediate', skills: ['SQL', 'Python'] });
    let pathId: string;

    beforeAll(async () => {
      pathId = await insertLearningPath(sql, {
        userId,
        jobTitle: 'Data Analyst',
        courses: [
          plannedCourse(courseA, { title: 'SQL Basics', covers: ['SQL'], dueDate: '2026-12-07' }),
          plannedCourse(courseB, { title: 'Dashboards', covers: ['Tableau', 'Storytelling'], dueDate: '2027-01-04', startMonth: 2, endMonth: 2 }),
        ],
        milestones: [{ quarter: 1, dueDate: '2027-02-22', courseIds: [courseA, courseB], skills: ['SQL', 'Tableau'] }],
      });
    });

    it('shows the path courses as pending before anything is opened', async () => {
      const overview = await overviewOf(userId);
      expect(overview).toMatchObject({ overallPercent: 0, completedCount: 0, inProgressCount: 0, pendingCount: 2, hoursSpent: 0 });
      expect(overview.courses.map((entry) => [entry.title, entry.status, entry.totalLessons, entry.dueDate])).toEqual([
        ['SQL Basics', 'pending', null, '2026-12-07'],
        ['Dashboards', 'pending', null, '2027-01-04'],
      ]);
      expect(overview.learningPath).toEqual({
        id: pathId,
        jobTitle: 'Data Analyst',
        courseCount: 2,
        completedCourseCount: 0,
        skillsCovered: 3,
        months: 2,
        totalHours: 12,
        percent: 0,
      });
      expect(overview.upcomingDeadlines.map((deadline) => deadline.courseId)).toEqual([courseA, courseB]);
      expect(overview.achievements).toEqual([]);
    });

    it('derives the course from its lessons: half done is in progress at 50%', async () => {
      await record(lessonReport({ userId, courseId: courseA, lessonId: lesson1, status: 'completed', secondsSpent: 1800, course }));
      await record(lessonReport({ userId, courseId: courseA, lessonId: lesson2, status: 'started', secondsSpent: 900, course }));

      const overview = await overviewOf(userId);
      expect(overview).toMatchObject({ overallPercent: 25, completedCount: 0, inProgressCount: 1, pendingCount: 1, hoursSpent: 0.8 });
      expect(overview.courses[0]).toMatchObject({
        courseId: courseA,
        status: 'in-progress',
        percent: 50,
        completedLessons: 1,
        totalLessons: 2,
        duration: '6 weeks',
        description: 'Pandas and notebooks.',
        secondsSpent: 2700,
        completedAt: null,
        learningPathId: pathId,
      });
      expect(await skillsOf(userId)).toEqual([]);
    });

    it('completes the course with its last lesson, raises its skills and records the achievements once', async () => {
      const finish = lessonReport({ userId, courseId: courseA, lessonId: lesson2, status: 'completed', secondsSpent: 600, course });
      await record(finish);
      await record(finish); // the same report again, as the stream would redeliver it

      const overview = await overviewOf(userId);
      expect(overview).toMatchObject({ overallPercent: 50, completedCount: 1, inProgressCount: 0, pendingCount: 1, hoursSpent: 0.9 });
      expect(overview.courses.map((entry) => [entry.courseId, entry.status, entry.percent])).toEqual([
        [courseB, 'pending', 0],
        [courseA, 'completed', 100],
      ]);
      expect(overview.courses[1].completedAt).toBe(finish.occurredAt);
      expect(overview.skillsAcquired.map(({ skill, level, source }) => [skill, level, source])).toEqual([
        ['Python', 'working', 'course'],
        ['SQL', 'working', 'course'],
      ]);
      expect(overview.achievements.map((achievement) => [achievement.kind, achievement.title, achievement.skill, achievement.level])).toEqual(
        expect.arrayContaining([
          ['course-completed', 'SQL Basics', null, null],
          ['skill-level-reached', 'SQL Basics', 'SQL', 'working'],
          ['skill-level-reached', 'SQL Basics', 'Python', 'working'],
        ]),
      );
      expect(overview.achievements).toHaveLength(3);
      expect(overview.upcomingDeadlines.map((deadline) => deadline.courseId)).toEqual([courseB]);
      expect(overview.learningPath).toMatchObject({ completedCourseCount: 1, percent: 50 });
    });

    it('meets the quarter’s milestone when its last course is completed', async () => {
      const dashboards = reportedCourse([randomUUID()], { title: 'Dashboards', level: 'beginner', skills: ['Tableau'] });
      await record(
        lessonReport({ userId, courseId: courseB, lessonId: dashboards.lessonIds[0], status: 'completed', course: dashboards }),
      );

      const overview = await overviewOf(userId);
      expect(overview).toMatchObject({ overallPercent: 100, completedCount: 2, pendingCount: 0, upcomingDeadlines: [] });
      expect(overview.achievements.filter((achievement) => achievement.kind === 'milestone-met')).toEqual([
        expect.objectContaining({ quarter: 1, title: 'Data Analyst', learningPathId: pathId }),
      ]);
      expect(overview.skillsAcquired.find((skill) => skill.skill === 'Tableau')).toMatchObject({ level: 'basic' });
    });
  });

  describe('self-assessment', () => {
    it('saves and reads only the caller’s own skills and progress, whatever the body names, and refuses a message naming nobody', async () => {
      const me = randomUUID();
      const other = randomUUID();
      const saved = await requestOverNats(
        nats,
        PROGRESS_SUBJECTS.SAVE_SELF_ASSESSMENT,
        { userId: other, skills: [{ skill: 'Go', level: 'working' }] },
        undefined,
        { id: me, role: 'learner' },
      );
      expect(learnerSkillsReplySchema.parse(saved.response).skills.map(({ skill }) => skill)).toEqual(['Go']);
      expect(await skillsOf(other)).toEqual([]);
      expect(await skillsOf(me)).toEqual([{ skill: 'Go', level: 'working', source: 'self-assessment' }]);
      const overview = await requestOverNats(nats, PROGRESS_SUBJECTS.GET_PROGRESS_OVERVIEW, { userId: me }, undefined, {
        id: other,
        role: 'learner',
      });
      expect(progressOverviewReplySchema.parse(overview.response).progress.skillsAcquired).toEqual([]);
      const anonymous = await requestOverNats(nats, PROGRESS_SUBJECTS.LIST_LEARNER_SKILLS, {});
      expect(errorReplySchema.parse(anonymous.err).statusCode).toBe(401);
    });

    it('saves the learner’s levels, takes a skill set to none off the profile, and keeps a stronger level when a course completes', async () => {
      const userId = randomUUID();
      const saved = await assess(userId, [
        { skill: ' Python ', level: 'expert' },
        { skill: 'Excel', level: 'basic' },
      ]);
      expect(learnerSkillsReplySchema.parse(saved.response).skills.map(({ skill, level }) => [skill, level])).toEqual([
        ['Python', 'expert'],
        ['Excel', 'basic'],
      ]);

      await assess(userId, [{ skill: 'excel', level: 'none' }]);
      const lessonId = randomUUID();
      await record(
        lessonReport({ userId, courseId: randomUUID(), lessonId, status: 'completed', course: reportedCourse([lessonId], { level: 'advanced', skills: ['Python', 'Statistics'] }) }),
      );

      expect(await skillsOf(userId)).toEqual([
        { skill: 'Python', level: 'expert', source: 'self-assessment' },
        { skill: 'Statistics', level: 'strong', source: 'course' },
      ]);
      const { achievements } = await overviewOf(userId);
      expect(achievements.filter((achievement) => achievement.kind === 'skill-level-reached').map((achievement) => achievement.skill)).toEqual([
        'Statistics',
      ]);
    });

    it.each([
      [[{ skill: 'SQL', level: 'basic' }, { skill: 'sql', level: 'strong' }], 'skills: Each skill can be listed only once: sql'],
      [[{ skill: '  ', level: 'basic' }], 'skills.0.skill: Skill name is required'],
      [[{ skill: 'SQL', level: 'guru' }], 'skills.0.level: level must be none, basic, working, strong or expert'],
      [[], 'skills: Add at least one skill to assess'],
    ])('refuses %j with a 400 and changes nothing', async (skills, message) => {
      const userId = randomUUID();
      await assess(userId, [{ skill: 'R', level: 'basic' }]);
      const reply = await assess(userId, skills);
      expect(errorReplySchema.parse(reply.err)).toEqual({ statusCode: 400, message });
      expect(await skillsOf(userId)).toEqual([{ skill: 'R', level: 'basic', source: 'self-assessment' }]);
    });
  });

  describe('the admin dashboard', () => {
    const askAsAdmin = async () =>
      progressAdminStatsSchema.parse((await requestOverNats(nats, PROGRESS_SUBJECTS.GET_ADMIN_STATS, {}, undefined, { id: randomUUID(), role: 'admin' })).response);

    it('answers only an admin caller: a learner gets 403, a message naming nobody 401, whatever the body says', async () => {
      const asLearner = await requestOverNats(nats, PROGRESS_SUBJECTS.GET_ADMIN_STATS, { adminId: randomUUID() }, undefined, { id: randomUUID(), role: 'learner' });
      expect(errorReplySchema.parse(asLearner.err)).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });
      const anonymous = await requestOverNats(nats, PROGRESS_SUBJECTS.GET_ADMIN_STATS, { adminId: randomUUID() });
      expect(errorReplySchema.parse(anonymous.err).statusCode).toBe(401);
    });

    it('counts active paths and the completion rate from what learners completed, and lists events as activity', async () => {
      const before = await askAsAdmin();
      const learner = randomUUID();
      const [done, open1, open2] = [randomUUID(), randomUUID(), randomUUID()];
      await insertLearningPath(sql, { userId: learner, jobTitle: 'Finished Path', courses: [plannedCourse(done)] });
      const openPath = await insertLearningPath(sql, {
        userId: learner,
        jobTitle: 'Open Path',
        courses: [plannedCourse(done), plannedCourse(open1), plannedCourse(open2)],
        createdAt: new Date(Date.now() + 60_000).toISOString(),
      });
      const lessonId = randomUUID();
      await record(lessonReport({ userId: learner, courseId: done, lessonId, status: 'completed', course: reportedCourse([lessonId]) }));

      const jobId = randomUUID();
      // Unique titles: the stream may still hold events of earlier runs, read into this database too.
      const [jobTitle, courseTitle] = [`Payroll Specialist ${jobId.slice(0, 8)}`, `Payroll Compliance ${jobId.slice(0, 8)}`];
      const skills = [`Skill ${randomUUID().slice(0, 8)}`, `Skill ${randomUUID().slice(0, 8)}`];
      await publish(EVENT_SUBJECTS.JOB_SKILLS_REVIEWED, {
        jobDescriptionId: jobId,
        title: jobTitle,
        skills,
        reviewedBy: null,
        occurredAt: new Date().toISOString(),
      });
      const createdId = randomUUID();
      await publish(EVENT_SUBJECTS.COURSE_CREATED, {
        courseId: createdId,
        title: courseTitle,
        titleAr: 'الامتثال في الرواتب',
        createdBy: null,
        occurredAt: new Date().toISOString(),
      });

      const stats = await eventually(async () => {
        const reply = await askAsAdmin();
        expect(reply.systemActivity.map((activity) => activity.title)).toEqual(expect.arrayContaining([jobTitle, courseTitle]));
        // The figures are read side by side, so one reply may see the review's activity before its skills.
        expect(reply.skillsMapped).toBeGreaterThanOrEqual(before.skillsMapped + 2);
        return reply;
      });
      expect(stats.activeLearningPaths).toBe(before.activeLearningPaths + 1);
      expect(stats.recentLearningPaths[0]).toMatchObject({ id: openPath, jobTitle: 'Open Path', courseCount: 3, percent: 33 });
      expect(stats.systemActivity).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'job-skills-reviewed', title: jobTitle, count: 2 }),
          expect.objectContaining({ kind: 'course-created', title: courseTitle, titleAr: 'الامتثال في الرواتب' }),
        ]),
      );
      const mapped = await sql.query('SELECT skill FROM progress.mapped_skills WHERE skill = ANY($1)', [skills]);
      expect(mapped.rowCount).toBe(2);
      // Path courses: 1 of 1 and 1 of 3 completed here, on top of what earlier tests left.
      const totals = await sql.query<{ total: number; completed: number }>(`
        SELECT count(*)::int AS total, count(lc.completed_at)::int AS completed
        FROM progress.learning_paths p CROSS JOIN LATERAL jsonb_array_elements(p.courses) c
        LEFT JOIN progress.learner_courses lc ON lc.user_id = p.user_id AND lc.course_id = (c ->> 'courseId')::uuid`);
      expect(stats.completionRate).toBe(Math.round((totals.rows[0].completed / totals.rows[0].total) * 100));
    });
  });

  describe('a course deleted from the catalog', () => {
    it('stays in the path and the history marked removed, and stops counting unless it was completed', async () => {
      const userId = randomUUID();
      const [planned, opened, finished] = [randomUUID(), randomUUID(), randomUUID()];
      const pathId = await insertLearningPath(sql, {
        userId,
        jobTitle: 'Payroll Officer',
        courses: [plannedCourse(planned, { title: 'Payroll Law' }), plannedCourse(opened, { title: 'Payroll Systems' })],
      });
      const [openedLesson, otherLesson, finishedLesson] = [randomUUID(), randomUUID(), randomUUID()];
      await record(lessonReport({ userId, courseId: opened, lessonId: openedLesson, status: 'completed', course: reportedCourse([openedLesson, otherLesson], { title: 'Payroll Systems' }) }));
      await record(lessonReport({ userId, courseId: finished, lessonId: finishedLesson, status: 'completed', course: reportedCourse([finishedLesson], { title: 'Payroll Basics' }) }));
      expect(await overviewOf(userId)).toMatchObject({ overallPercent: 50, completedCount: 1, inProgressCount: 1, pendingCount: 1 });

      for (const [courseId, title] of [[planned, 'Payroll Law'], [opened, 'Payroll Systems'], [finished, 'Payroll Basics']]) {
        await publish(EVENT_SUBJECTS.COURSE_DELETED, { courseId, title, titleAr: null, deletedBy: null, occurredAt: new Date().toISOString() }, courseId);
      }

      const overview = await eventually(async () => {
        const current = await overviewOf(userId);
        expect(current.courses.filter((course) => course.removed).map((course) => course.title).sort()).toEqual(['Payroll Basics', 'Payroll Law', 'Payroll Systems']);
        return current;
      });
      // Only the completed one still counts; nothing removed is a deadline any more.
      expect(overview).toMatchObject({ overallPercent: 100, completedCount: 1, inProgressCount: 0, pendingCount: 0, upcomingDeadlines: [] });
      expect(overview.learningPath).toMatchObject({ id: pathId, courseCount: 0, percent: 0 });

      const reply = await requestOverNats(nats, PROGRESS_SUBJECTS.GET_LEARNING_PATH, { id: pathId }, undefined, { id: userId, role: 'learner' });
      const { learningPath } = learningPathReplySchema.parse(reply.response);
      expect(learningPath.courses.map((course) => [course.title, course.removed])).toEqual([
        ['Payroll Law', true],
        ['Payroll Systems', true],
      ]);
    });
  });

  describe("a course whose lessons an admin changes", () => {
    it('counts each learner against the lessons the course has now: a deleted lesson completes, a new one reopens', async () => {
      const [courseId, keen, slow] = [randomUUID(), randomUUID(), randomUUID()];
      const [kept1, kept2, deleted, added] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      const course = reportedCourse([kept1, kept2, deleted], { title: 'Budgeting', level: 'beginner', skills: ['Budgeting'] });
      await record(lessonReport({ userId: keen, courseId, lessonId: kept1, status: 'completed', course }));
      await record(lessonReport({ userId: keen, courseId, lessonId: kept2, status: 'completed', course }));
      await record(lessonReport({ userId: slow, courseId, lessonId: kept1, status: 'completed', course }));
      expect((await overviewOf(keen)).courses[0]).toMatchObject({ status: 'in-progress', percent: 66, totalLessons: 3 });

      const structureChanged = (lessonIds: string[]) =>
        publish(EVENT_SUBJECTS.COURSE_STRUCTURE_CHANGED, { courseId, lessonIds, changedBy: randomUUID(), occurredAt: new Date().toISOString() });
      await structureChanged([kept1, kept2]);
      const keenAfterDelete = await eventually(async () => {
        const current = (await overviewOf(keen)).courses[0];
        expect(current).toMatchObject({ status: 'completed', percent: 100, completedLessons: 2, totalLessons: 2 });
        return current;
      });
      expect(keenAfterDelete.completedAt).not.toBeNull();
      expect((await overviewOf(slow)).courses[0]).toMatchObject({ status: 'in-progress', percent: 50, totalLessons: 2 });
      // Completing by deletion is a completion like any other: the course's skill rises.
      expect(await skillsOf(keen)).toEqual([{ skill: 'Budgeting', level: 'basic', source: 'course' }]);

      await structureChanged([kept1, kept2, added]);
      await eventually(async () => {
        expect((await overviewOf(keen)).courses[0]).toMatchObject({ status: 'in-progress', percent: 66, completedLessons: 2, totalLessons: 3, completedAt: null });
      });
      expect((await overviewOf(slow)).courses[0]).toMatchObject({ status: 'in-progress', percent: 33, totalLessons: 3 });
      // What was earned stays earned.
      expect(await skillsOf(keen)).toEqual([{ skill: 'Budgeting', level: 'basic', source: 'course' }]);
    });
  });

  describe('catching up on events after being down', () => {
    it('records the lessons completed while svc-progress was stopped, once, and skips a malformed event', async () => {
      const userId = randomUUID();
      const courseId = randomUUID();
      const lessons = [randomUUID(), randomUUID(), randomUUID()];
      const course = reportedCourse(lessons, { title: 'Offline Course' });
      await app?.close();
      app = undefined;

      // What the gateway publishes meanwhile: three completions, one of them published twice, and a broken event.
      const reports = lessons.map((lessonId) => lessonReport({ userId, courseId, lessonId, status: 'completed', secondsSpent: 60, course }));
      await publish(EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, reports[0], String(reports[0].reportId));
      await publish(EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, { userId, courseId, broken: true });
      await publish(EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, reports[1], String(reports[1].reportId));
      await publish(EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, reports[1], `${reports[1].reportId}-resent`);
      await publish(EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, reports[2], String(reports[2].reportId));
      expect(await sql.query('SELECT 1 FROM progress.lesson_events WHERE user_id = $1', [userId])).toMatchObject({ rowCount: 0 });

      await start();

      const overview = await eventually(async () => {
        const current = await overviewOf(userId);
        expect(current.completedCount).toBe(1);
        return current;
        // Events the stopped instance had pulled are offered again after the consumer's ack wait (10 s).
      }, 30_000);
      expect(overview.courses[0]).toMatchObject({ title: 'Offline Course', status: 'completed', completedLessons: 3, secondsSpent: 180 });
      expect(overview.hoursSpent).toBe(0.1);
    }, 40_000);
  });
});
