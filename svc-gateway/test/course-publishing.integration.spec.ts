import { COURSE_PUBLISHING_SUBJECTS, courseReplySchema } from '@masar/contracts';
import request from 'supertest';
import { startPlatform, Platform } from './support/platform';
import { StandInCourses } from './support/stand-in-courses';

/** POST /api/courses/:id/publish and /unpublish against the real gateway, svc-identity, Redis and NATS, with a stand-in svc-courses. */

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

describe('publishing a course', () => {
  it('lets an admin publish and unpublish, answering {course}; svc-courses gets the id', async () => {
    const seeded = courses.seedCourseWithLessons({ id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', title: 'Spreadsheet Basics', modules: 1, lessonsPerModule: 2, status: 'draft' });
    const admin = await signedIn('admin', 'admin123');
    const published = await admin.post(`/api/courses/${seeded.id}/publish`).expect(200);
    expect(courseReplySchema.parse(published.body).course.publication?.status).toBe('published');
    expect(courses.requestsOn(COURSE_PUBLISHING_SUBJECTS.PUBLISH).map((call) => call.data)).toEqual([{ id: seeded.id }]);
    const unpublished = await admin.post(`/api/courses/${seeded.id}/unpublish`).expect(200);
    expect(courseReplySchema.parse(unpublished.body).course.status).toBe('draft');
  });

  it("passes svc-courses' 409 through while the course needs work", async () => {
    const seeded = courses.seedCourseWithLessons({ id: '7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', title: 'Empty', modules: 0, lessonsPerModule: 0, status: 'draft' });
    const admin = await signedIn('admin', 'admin123');
    const refused = await admin.post(`/api/courses/${seeded.id}/publish`).expect(409);
    expect(refused.body).toEqual({ statusCode: 409, message: 'This course cannot be published yet: 1 thing still needs work' });
  });

  it('answers 401 to nobody, 403 to a learner and 404 for an unknown or malformed id, and svc-courses never hears of them', async () => {
    const seeded = courses.seed({ title: 'Spreadsheet Basics' });
    await request(platform.gateway.url).post(`/api/courses/${seeded.id}/publish`).expect(401);
    const learner = await signedIn('demo', 'demo123');
    for (const action of ['publish', 'unpublish']) {
      const refused = await learner.post(`/api/courses/${seeded.id}/${action}`).expect(403);
      expect(refused.body).toEqual({ statusCode: 403, message: 'You do not have permission to do this' });
    }
    expect(courses.requestsOn(COURSE_PUBLISHING_SUBJECTS.PUBLISH)).toEqual([]);
    const admin = await signedIn('admin', 'admin123');
    const malformed = await admin.post('/api/courses/not-a-course/publish').expect(404);
    expect(malformed.body).toEqual({ statusCode: 404, message: 'Course not found' });
    await admin.post('/api/courses/00000000-0000-4000-8000-0000000000aa/unpublish').expect(404);
  });
});
