import { COURSE_EDITING_SUBJECTS, courseReplySchema } from '@masar/contracts';
import request from 'supertest';
import { startPlatform, Platform } from './support/platform';
import { StandInCourses } from './support/stand-in-courses';

/** PUT /api/courses/:id against the real gateway, svc-identity, Redis and NATS, with a stand-in svc-courses. */

let platform: Platform;
let courses: StandInCourses;

async function signedIn(username: string, password: string) {
  const agent = request.agent(platform.gateway.url);
  await agent.post('/api/auth/login').send({ username, password }).expect(200);
  return agent;
}

beforeAll(async () => {
  platform = await startPlatform();
  courses = new StandInCourses();
});

beforeEach(async () => {
  courses.reset();
  await courses.up();
});

afterAll(async () => {
  await courses?.close();
  await platform?.stop();
});

describe('PUT /api/courses/:id', () => {
  it('lets an admin change the fields and answers {course}; svc-courses gets the checked changes', async () => {
    const seeded = courses.seed({ title: 'Spreadsheet Basics' }, 1, 2);
    const admin = await signedIn('admin', 'admin123');
    const response = await admin
      .put(`/api/courses/${seeded.id}`)
      .send({ title: '  Budgeting with Spreadsheets ', titleAr: 'الميزانية بجداول البيانات', objective: '' })
      .expect(200);
    const { course } = courseReplySchema.parse(response.body);
    expect(course).toMatchObject({ id: seeded.id, title: 'Budgeting with Spreadsheets', titleAr: 'الميزانية بجداول البيانات' });
    expect(course.modules.flatMap((module) => module.lessons.map((lesson) => lesson.id))).toEqual(
      seeded.modules.flatMap((module) => module.lessons.map((lesson) => lesson.id)),
    );
    expect(courses.requestsOn(COURSE_EDITING_SUBJECTS.UPDATE_COURSE)[0].data).toEqual({
      id: seeded.id,
      changes: { title: 'Budgeting with Spreadsheets', titleAr: 'الميزانية بجداول البيانات', objective: null },
    });
  });

  it("answers 400 with the create form's message, and svc-courses never hears of it", async () => {
    const seeded = courses.seed({ title: 'Spreadsheet Basics' });
    const admin = await signedIn('admin', 'admin123');
    const blank = await admin.put(`/api/courses/${seeded.id}`).send({ title: ' \t ' }).expect(400);
    expect(blank.body).toEqual({ statusCode: 400, message: 'title: Title is required' });
    const nothing = await admin.put(`/api/courses/${seeded.id}`).send({}).expect(400);
    expect(nothing.body).toEqual({ statusCode: 400, message: 'body: Please change at least one field' });
    const color = await admin.put(`/api/courses/${seeded.id}`).send({ color: 'teal' }).expect(400);
    expect(color.body.message).toBe('color: Color must be one of blue, green, purple, red, yellow, orange, pink, indigo');
    expect(courses.requestsOn(COURSE_EDITING_SUBJECTS.UPDATE_COURSE)).toEqual([]);
  });

  it('answers 403 to a learner, 404 for an unknown or malformed id, 409 for external training', async () => {
    const seeded = courses.seed({ title: 'Spreadsheet Basics' });
    const learner = await signedIn('demo', 'demo123');
    const refused = await learner.put(`/api/courses/${seeded.id}`).send({ title: 'Mine now' }).expect(403);
    expect(refused.body).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });
    expect(courses.requestsOn(COURSE_EDITING_SUBJECTS.UPDATE_COURSE)).toEqual([]);

    const admin = await signedIn('admin', 'admin123');
    const unknown = await admin.put('/api/courses/00000000-0000-4000-8000-000000000000').send({ title: 'Anything' }).expect(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: 'Course not found' });
    await admin.put('/api/courses/..%2F..%2Fetc').send({ title: 'Anything' }).expect(404);

    const external = courses.seed({ title: 'Provider Course', kind: 'external' });
    const conflict = await admin.put(`/api/courses/${external.id}`).send({ title: 'Anything' }).expect(409);
    expect(conflict.body).toEqual({ statusCode: 409, message: 'External training cannot be edited here' });
  });

  it('needs a session', async () => {
    const seeded = courses.seed({ title: 'Spreadsheet Basics' });
    await request(platform.gateway.url).put(`/api/courses/${seeded.id}`).send({ title: 'Anything' }).expect(401);
  });
});

describe('PUT /api/courses/:id/lessons/:lessonId', () => {
  it('lets an admin change a lesson in place; 400 with a message, 403 for a learner, 404 for a lesson of another course', async () => {
    const seeded = courses.seed({ title: 'Spreadsheet Basics' }, 1, 2);
    const other = courses.seed({ title: 'Other Course' }, 1, 1);
    const lessonId = seeded.modules[0].lessons[1].id;
    const admin = await signedIn('admin', 'admin123');

    const response = await admin
      .put(`/api/courses/${seeded.id}/lessons/${lessonId}`)
      .send({ title: 'Formulas that add up', content: 'The SUM function totals a column.', keyPoints: ['SUM totals a range'] })
      .expect(200);
    const lesson = courseReplySchema.parse(response.body).course.modules[0].lessons[1];
    expect(lesson).toMatchObject({ id: lessonId, title: 'Formulas that add up', content: 'The SUM function totals a column.', keyPoints: ['SUM totals a range'] });
    expect(courses.requestsOn(COURSE_EDITING_SUBJECTS.UPDATE_LESSON)[0].data).toEqual({
      courseId: seeded.id,
      lessonId,
      changes: { title: 'Formulas that add up', content: 'The SUM function totals a column.', keyPoints: ['SUM totals a range'] },
    });

    const blank = await admin.put(`/api/courses/${seeded.id}/lessons/${lessonId}`).send({ content: ' \t\n ' }).expect(400);
    expect(blank.body).toEqual({ statusCode: 400, message: 'content: Content is required' });
    const stolen = await admin.put(`/api/courses/${seeded.id}/lessons/${other.modules[0].lessons[0].id}`).send({ title: 'Taken over' }).expect(404);
    expect(stolen.body).toEqual({ statusCode: 404, message: 'Lesson not found' });
    await admin.put(`/api/courses/${seeded.id}/lessons/not-a-lesson`).send({ title: 'x' }).expect(404);

    const learner = await signedIn('demo', 'demo123');
    await learner.put(`/api/courses/${seeded.id}/lessons/${lessonId}`).send({ title: 'Mine now' }).expect(403);
    expect(courses.requestsOn(COURSE_EDITING_SUBJECTS.UPDATE_LESSON)).toHaveLength(2);
  });
});
