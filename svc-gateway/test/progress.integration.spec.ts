import {
  adminStatsSchema,
  courseProgressReplySchema,
  EVENT_SUBJECTS,
  learnerSkillsReplySchema,
  LessonProgressReportedEvent,
  PROGRESS_QUEUED_MESSAGE,
  PROGRESS_SUBJECTS,
  progressOverviewReplySchema,
  recordLessonProgressReplySchema,
} from '@masar/contracts';
import { NatsConnection } from 'nats';
import request from 'supertest';
import { readEventsSince } from '@masar/contracts/events-stream';
import { Platform, startPlatform } from './support/platform';
import { StandInCourses } from './support/stand-in-courses';
import { EMPTY_OVERVIEW, StandInProgress } from './support/stand-in-progress';
import { connectToNatsAs } from '@masar/contracts/service-kit/testing';

/**
 * The progress routes against the real gateway, svc-identity (its build), Redis and NATS, with
 * stand-ins answering for svc-courses and svc-progress.
 */

let platform: Platform;
/** Reads the events stream as svc-progress, its consumer, does. */
let eventsReader: NatsConnection;
let courses: StandInCourses;
let progress: StandInProgress;

async function asAdmin() {
  const agent = request.agent(platform.gateway.url);
  await agent.post('/api/auth/login').send({ username: 'admin', password: 'admin123' }).expect(200);
  return agent;
}

async function asLearner() {
  const agent = request.agent(platform.gateway.url);
  await agent.post('/api/auth/login').send({ username: 'demo', password: 'demo123' }).expect(200);
  const me = (await agent.get('/api/auth/user').expect(200)).body as { id: string };
  return { agent, userId: me.id };
}

beforeAll(async () => {
  platform = await startPlatform();
  eventsReader = await connectToNatsAs('progress');
  courses = new StandInCourses();
  progress = new StandInProgress();
});

beforeEach(async () => {
  courses.reset();
  progress.reset();
  await courses.up();
  await progress.up();
});

afterAll(async () => {
  await eventsReader?.drain();
  await courses?.close();
  await progress?.close();
  await platform?.stop();
});

describe('POST /api/progress/lessons/:lessonId', () => {
  it("puts the report on the events stream, has svc-progress record it, and answers the course's progress", async () => {
    const since = new Date(Date.now() - 1000);
    const course = courses.seed({ title: 'SQL Basics', level: 'beginner', skills: ['SQL'] }, 2, 2);
    const lesson = course.modules[1].lessons[0];
    const { agent, userId } = await asLearner();
    const response = await agent.post(`/api/progress/lessons/${lesson.id}`).send({ courseId: course.id, status: 'completed', secondsSpent: 120 }).expect(200);
    expect(courseProgressReplySchema.parse(response.body).progress).toMatchObject({ completedLessonIds: [lesson.id], secondsSpent: 120 });

    const [recorded] = progress.requestsOn(PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS).map((received) => received.data as LessonProgressReportedEvent);
    expect(recorded).toEqual({
      reportId: expect.any(String),
      occurredAt: expect.any(String),
      courseId: course.id,
      lessonId: lesson.id,
      userId,
      status: 'completed',
      secondsSpent: 120,
      course: {
        title: 'SQL Basics',
        titleAr: null,
        description: course.description,
        duration: course.duration,
        level: 'beginner',
        skills: ['SQL'],
        lessonIds: course.modules.flatMap((module) => module.lessons.map((entry) => entry.id)),
      },
    });
    // The same report, by the same id, waits on the stream: svc-progress applies it once either way.
    expect((await readEventsSince(eventsReader, EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, since.toISOString())).filter((report) => report.reportId === recorded.reportId)).toEqual([recorded]);
  });

  it("answers 202 with the queued message when svc-progress is away, the report kept on the stream", async () => {
    const since = new Date(Date.now() - 1000);
    const course = courses.seed({ title: 'Excel' }, 1, 2);
    const lesson = course.modules[0].lessons[1];
    const { agent, userId } = await asLearner();
    await progress.down();

    const response = await agent.post(`/api/progress/lessons/${lesson.id}`).send({ courseId: course.id, status: 'completed' }).expect(202);

    expect(recordLessonProgressReplySchema.parse(response.body)).toEqual({ progress: null, message: PROGRESS_QUEUED_MESSAGE });
    const kept = (await readEventsSince(eventsReader, EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, since.toISOString())).filter((report) => report.userId === userId && report.lessonId === lesson.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ courseId: course.id, status: 'completed', course: { title: 'Excel' } });
  });

  it("answers 404 'Lesson not found in this course' for a lesson of another course, and records nothing", async () => {
    const course = courses.seed({ title: 'SQL Basics' }, 1, 1);
    const other = courses.seed({ title: 'Excel' }, 1, 1);
    const { agent } = await asLearner();
    const response = await agent
      .post(`/api/progress/lessons/${other.modules[0].lessons[0].id}`)
      .send({ courseId: course.id, status: 'completed' })
      .expect(404);
    expect(response.body).toEqual({ statusCode: 404, message: 'Lesson not found in this course' });
    await agent.post('/api/progress/lessons/not-a-uuid').send({ courseId: course.id, status: 'started' }).expect(404);
    const unknownCourse = await agent
      .post(`/api/progress/lessons/${course.modules[0].lessons[0].id}`)
      .send({ courseId: '00000000-0000-4000-8000-000000000001', status: 'started' })
      .expect(404);
    expect(unknownCourse.body).toEqual({ statusCode: 404, message: 'Course not found' });
    expect(progress.received).toEqual([]);
  });

  it('answers 400 naming the field for a bad body', async () => {
    const course = courses.seed({ title: 'SQL Basics' }, 1, 1);
    const { agent } = await asLearner();
    const lessonId = course.modules[0].lessons[0].id;
    const status = await agent.post(`/api/progress/lessons/${lessonId}`).send({ courseId: course.id, status: 'done' }).expect(400);
    expect(status.body.message).toBe('status: status must be started or completed');
    const seconds = await agent.post(`/api/progress/lessons/${lessonId}`).send({ courseId: course.id, status: 'started', secondsSpent: -5 }).expect(400);
    expect(seconds.body.message).toBe('secondsSpent: secondsSpent cannot be negative');
    expect(progress.received).toEqual([]);
  });

  it('needs a session', async () => {
    await request(platform.gateway.url).post(`/api/progress/lessons/00000000-0000-4000-8000-000000000001`).send({}).expect(401);
  });
});

describe('GET /api/progress/courses/:courseId', () => {
  it("answers the signed-in person's progress, asking svc-progress for them only", async () => {
    const { agent, userId } = await asLearner();
    const courseId = '2b7c4e1a-9d3f-4a6b-8c5e-1f0a2d3c4b5e';
    progress.seed({ userId, courseId, completedLessonIds: ['7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a'] });
    const response = await agent.get(`/api/progress/courses/${courseId}`).expect(200);
    expect(courseProgressReplySchema.parse(response.body).progress.completedLessonIds).toEqual(['7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a']);
    expect(progress.received.map(({ subject, data, caller }) => ({ subject, data, caller }))).toEqual([
      { subject: PROGRESS_SUBJECTS.GET_COURSE_PROGRESS, data: { courseId }, caller: { id: userId, role: 'learner' } },
    ]);
  });

  it("answers 503 'progress is unavailable' when svc-progress is away", async () => {
    await progress.down();
    const { agent } = await asLearner();
    const response = await agent.get('/api/progress/courses/2b7c4e1a-9d3f-4a6b-8c5e-1f0a2d3c4b5e').expect(503);
    expect(response.body).toEqual({ statusCode: 503, message: 'progress is unavailable' });
  });
});

describe('GET /api/progress', () => {
  it("answers the signed-in learner's overview from svc-progress, asking for them only", async () => {
    const { agent, userId } = await asLearner();
    progress.overviews.set(userId, { ...EMPTY_OVERVIEW, overallPercent: 40, completedCount: 2, hoursSpent: 3.5 });
    const response = await agent.get('/api/progress').expect(200);
    expect(progressOverviewReplySchema.parse(response.body).progress).toMatchObject({ overallPercent: 40, completedCount: 2, hoursSpent: 3.5 });
    expect(progress.received.map(({ subject, data, caller }) => ({ subject, data, caller }))).toEqual([
      { subject: PROGRESS_SUBJECTS.GET_PROGRESS_OVERVIEW, data: {}, caller: { id: userId, role: 'learner' } },
    ]);
  });

  it('needs a session, and answers 503 when svc-progress is away', async () => {
    await request(platform.gateway.url).get('/api/progress').expect(401);
    const { agent } = await asLearner();
    await progress.down();
    expect((await agent.get('/api/progress').expect(503)).body).toEqual({ statusCode: 503, message: 'progress is unavailable' });
  });
});

describe('/api/learner-skills', () => {
  it("saves the signed-in learner's self-assessment and reads it back", async () => {
    const { agent, userId } = await asLearner();
    const saved = await agent
      .put('/api/learner-skills')
      .send({ skills: [{ skill: 'SQL', level: 'working' }], userId: '00000000-0000-4000-8000-000000000001' })
      .expect(200);
    expect(learnerSkillsReplySchema.parse(saved.body).skills.map(({ skill, level }) => [skill, level])).toEqual([['SQL', 'working']]);
    const read = await agent.get('/api/learner-skills').expect(200);
    expect(learnerSkillsReplySchema.parse(read.body).skills).toHaveLength(1);
    // Who is assessed comes from the session, never from the body.
    expect(progress.requestsOn(PROGRESS_SUBJECTS.SAVE_SELF_ASSESSMENT).map(({ data, caller }) => ({ data, caller }))).toEqual([
      { data: { skills: [{ skill: 'SQL', level: 'working' }] }, caller: { id: userId, role: 'learner' } },
    ]);
  });

  it.each([
    [{ skills: [] }, 'skills: Add at least one skill to assess'],
    [{ skills: [{ skill: 'SQL', level: 'basic' }, { skill: ' sql ', level: 'strong' }] }, 'skills: Each skill can be listed only once: sql'],
    [{ skills: [{ skill: 'SQL', level: 'guru' }] }, 'skills.0.level: level must be none, basic, working, strong or expert'],
  ])('refuses %j with 400 and sends nothing to svc-progress', async (body, message) => {
    const { agent } = await asLearner();
    expect((await agent.put('/api/learner-skills').send(body).expect(400)).body).toEqual({ statusCode: 400, message });
    expect(progress.received).toEqual([]);
  });
});

describe('GET /api/admin/stats', () => {
  it("answers admins svc-progress' figures with the catalog's size", async () => {
    courses.seed({ title: 'SQL Basics' });
    courses.seed({ title: 'Excel' });
    progress.adminStats = {
      activeLearningPaths: 3,
      skillsMapped: 12,
      completionRate: 25,
      recentLearningPaths: [],
      systemActivity: [{ kind: 'course-created', occurredAt: new Date().toISOString(), title: 'Excel', titleAr: null, count: null }],
    };
    const admin = await asAdmin();
    const response = await admin.get('/api/admin/stats').expect(200);
    expect(adminStatsSchema.parse(response.body)).toEqual({ ...progress.adminStats, availableCourses: 2 });
  });

  it('refuses a learner with 403 and asks nobody', async () => {
    const { agent } = await asLearner();
    await agent.get('/api/admin/stats').expect(403);
    expect(progress.received).toEqual([]);
  });
});
