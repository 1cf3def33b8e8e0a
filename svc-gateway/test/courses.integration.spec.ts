import {
  courseCategoriesReplySchema,
  courseReplySchema,
  COURSES_SUBJECTS,
  deleteCourseHttpReplySchema,
  READY_AI_CATEGORIES,
  recommendCoursesReplySchema,
} from '@masar/contracts';
import { connect, NatsConnection } from 'nats';
import request from 'supertest';
import { startPlatform, Platform } from './support/platform';
import { StandInCourses } from './support/stand-in-courses';

/**
 * The course routes against the real gateway, svc-identity (its build), Redis and NATS, with a
 * stand-in answering for svc-courses (see stand-in-courses.ts).
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

let platform: Platform;
let nats: NatsConnection;
let courses: StandInCourses;

async function signedIn(username: string, password: string) {
  const agent = request.agent(platform.gateway.url);
  await agent.post('/api/auth/login').send({ username, password }).expect(200);
  return agent;
}

const asLearner = () => signedIn('demo', 'demo123');
const asAdmin = () => signedIn('admin', 'admin123');

beforeAll(async () => {
  platform = await startPlatform();
  nats = await connect({ servers: NATS_URL });
  courses = new StandInCourses(nats);
});

beforeEach(async () => {
  courses.reset();
  await courses.up();
});

afterAll(async () => {
  await nats?.drain();
  await platform?.stop();
});

describe('GET /api/courses/:id', () => {
  it('answers {course} with its modules and lessons', async () => {
    const seeded = courses.seed({ title: 'SQL for Reporting', skills: ['SQL'] }, 3);
    const response = await (await asLearner()).get(`/api/courses/${seeded.id}`).expect(200);
    const { course } = courseReplySchema.strict().parse(response.body);
    expect(course).toMatchObject({ id: seeded.id, title: 'SQL for Reporting' });
    expect(course.modules).toHaveLength(3);
    expect(course.modules[0].lessons.map((lesson) => lesson.type)).toEqual(['reading', 'quiz']);
    expect(courses.requestsOn(COURSES_SUBJECTS.GET_COURSE)[0].data).toEqual({ id: seeded.id });
  });

  it("answers 404 'Course not found' for an unknown id, and for one that is not a UUID without asking svc-courses", async () => {
    const agent = await asLearner();
    const unknown = await agent.get('/api/courses/00000000-0000-4000-8000-000000000000').expect(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: 'Course not found' });
    expect(courses.received).toHaveLength(1);

    const notUuid = await agent.get('/api/courses/not-a-course').expect(404);
    expect(notUuid.body).toEqual({ statusCode: 404, message: 'Course not found' });
    expect(courses.received).toHaveLength(1);
  });

  it('needs a session', async () => {
    const seeded = courses.seed({ title: 'Private' });
    const response = await request(platform.gateway.url).get(`/api/courses/${seeded.id}`).expect(401);
    expect(response.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
    expect(courses.received).toEqual([]);
  });

  it('answers 503 "courses is unavailable" when svc-courses is away', async () => {
    const agent = await asLearner();
    await courses.down();
    const response = await agent.get('/api/courses/00000000-0000-4000-8000-000000000000').expect(503);
    expect(response.body).toEqual({ statusCode: 503, message: 'courses is unavailable' });
  });
});

describe('DELETE /api/courses/:id', () => {
  it('answers 403 to a learner (svc-courses never hears of it); an admin deletes the course', async () => {
    const seeded = courses.seed({ title: 'Course To Delete' }, 2);
    const learner = await asLearner();
    const refused = await learner.delete(`/api/courses/${seeded.id}`).expect(403);
    expect(refused.body).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });
    expect(courses.received).toEqual([]);

    const admin = await asAdmin();
    const deleted = await admin.delete(`/api/courses/${seeded.id}`).expect(200);
    expect(deleteCourseHttpReplySchema.strict().parse(deleted.body)).toEqual({
      deleted: true,
      id: seeded.id,
      modulesDeleted: 2,
      lessonsDeleted: 4,
    });
    expect(courses.requestsOn(COURSES_SUBJECTS.DELETE_COURSE)[0].data).toEqual({ id: seeded.id });

    const again = await admin.delete(`/api/courses/${seeded.id}`).expect(404);
    expect(again.body).toEqual({ statusCode: 404, message: 'Course not found' });
    await learner.get(`/api/courses/${seeded.id}`).expect(404);
  });

  it("answers an admin 404 'Course not found' for an id that is not a UUID", async () => {
    const response = await (await asAdmin()).delete('/api/courses/42').expect(404);
    expect(response.body).toEqual({ statusCode: 404, message: 'Course not found' });
    expect(courses.received).toEqual([]);
  });
});

describe('GET /api/courses/categories', () => {
  it('answers the eleven categories with their courses; "categories" is never taken for a course id', async () => {
    const excel = courses.seed({ title: 'Excel Essentials', category: 'Microsoft Excel', level: 'beginner', duration: '2 weeks' });
    const response = await (await asLearner()).get('/api/courses/categories').expect(200);
    const { categories } = courseCategoriesReplySchema.strict().parse(response.body);
    expect(categories.map((category) => category.name)).toEqual([...READY_AI_CATEGORIES]);
    expect(categories.find((category) => category.name === 'Microsoft Excel')?.courses).toEqual([
      { id: excel.id, title: 'Excel Essentials', description: 'What Excel Essentials teaches.', level: 'beginner', duration: '2 weeks' },
    ]);
    expect(categories.find((category) => category.name === 'PowerPoint')?.courses).toEqual([]);
    expect(courses.received.map((received) => received.subject)).toEqual([COURSES_SUBJECTS.LIST_CATEGORIES]);
  });
});

describe('POST /api/courses/recommend', () => {
  it('answers 200 {courses} ranked by covered skills, forwarding the skills trimmed and once each', async () => {
    const sql = courses.seed({ title: 'SQL and Databases', skills: ['SQL', 'PostgreSQL'] });
    const python = courses.seed({ title: 'Python for Data', skills: ['Python', 'SQL', 'Pandas'] });
    courses.seed({ title: 'Leading Teams', skills: ['Leadership'] });

    const response = await (await asLearner())
      .post('/api/courses/recommend')
      .send({ skills: [' python ', 'SQL', 'sql', 'Kubernetes'] })
      .expect(200);
    const reply = recommendCoursesReplySchema.strict().parse(response.body);
    expect(reply.courses.map(({ id, coveredSkills, coverage }) => ({ id, coveredSkills, coverage }))).toEqual([
      { id: python.id, coveredSkills: ['Python', 'SQL'], coverage: 2 / 3 },
      { id: sql.id, coveredSkills: ['SQL'], coverage: 1 / 3 },
    ]);
    expect(courses.requestsOn(COURSES_SUBJECTS.RECOMMEND)[0].data).toEqual({ skills: ['python', 'SQL', 'Kubernetes'] });
  });

  it("answers 400 'Please provide at least one skill' for no, empty or blank skills, and forwards nothing", async () => {
    const agent = await asLearner();
    for (const body of [{ skills: [] }, {}, { skills: ['  ', ''] }, { skills: null }]) {
      const response = await agent.post('/api/courses/recommend').send(body).expect(400);
      expect(response.body).toEqual({ statusCode: 400, message: 'Please provide at least one skill' });
    }
    const tooMany = await agent
      .post('/api/courses/recommend')
      .send({ skills: Array.from({ length: 101 }, (_, index) => `Skill ${index}`) })
      .expect(400);
    expect(tooMany.body).toEqual({ statusCode: 400, message: 'skills: Please provide at most 100 skills' });
    expect(courses.received).toEqual([]);
  });

  it('needs a session', async () => {
    await request(platform.gateway.url).post('/api/courses/recommend').send({ skills: ['SQL'] }).expect(401);
    expect(courses.received).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('describes every course route', async () => {
    const document = (await request(platform.gateway.url).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(document.paths['/api/courses/{id}']).sort()).toEqual(['delete', 'get']);
    expect(Object.keys(document.paths['/api/courses/{id}'].delete.responses)).toEqual(
      expect.arrayContaining(['200', '403', '404']),
    );
    expect(Object.keys(document.paths['/api/courses/categories'])).toEqual(['get']);
    expect(Object.keys(document.paths['/api/courses/recommend'])).toEqual(['post']);
    expect(Object.keys(document.paths['/api/courses/recommend'].post.responses)).toEqual(
      expect.arrayContaining(['200', '400']),
    );
    expect(document.paths['/api/courses/recommend'].post.requestBody).toBeDefined();
  });
});
