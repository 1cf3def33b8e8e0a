import { agentTaskReplySchema, COURSES_SUBJECTS, qualityCoursePageSchema, qualityReportSchema, qualitySummarySchema } from '@masar/contracts';
import request from 'supertest';
import { signedInAgent, startPlatform, Platform } from './support/platform';
import { StandInCourses } from './support/stand-in-courses';

/**
 * The quality routes against the real gateway, svc-identity (its build), Redis and NATS, with a
 * stand-in answering for svc-courses (see stand-in-quality.ts).
 */

let platform: Platform;
let courses: StandInCourses;

async function signedIn(username: string, password: string) {
  return (await signedInAgent(platform, username, password)).agent;
}

const asLearner = () => signedIn('demo', 'demo123');
const asAdmin = () => signedIn('admin', 'admin123');

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

function seedReviewedCourse() {
  const course = courses.seed({ title: 'SQL for Reporting' }, 1, 2);
  courses.quality.seedReview(course, 'The lesson "Lesson 1.1" holds placeholder text: lorem ipsum.');
  return course;
}

describe('the quality routes (admins only)', () => {
  it('GET /api/quality/summary answers the figures, asking svc-courses as the signed-in admin', async () => {
    seedReviewedCourse();
    const response = await (await asAdmin()).get('/api/quality/summary').expect(200);
    expect(qualitySummarySchema.strict().parse(response.body)).toMatchObject({ coursesReviewed: 1, checksRun: 3, passed: 2, failed: 1, passRate: 66.7 });
    const [received] = courses.requestsOn(COURSES_SUBJECTS.QUALITY_SUMMARY);
    expect(received.caller).toMatchObject({ role: 'admin' });
  });

  it('GET /api/quality/courses pages the reviewed courses, and refuses a bad page with 400', async () => {
    seedReviewedCourse();
    const agent = await asAdmin();
    const page = qualityCoursePageSchema.parse((await agent.get('/api/quality/courses?page=1&pageSize=10').expect(200)).body);
    expect(page.items).toEqual([expect.objectContaining({ courseTitle: 'SQL for Reporting', worstSeverity: 'major', failed: 1 })]);
    const bad = await agent.get('/api/quality/courses?pageSize=500').expect(400);
    expect(bad.body.statusCode).toBe(400);
  });

  it('GET /api/quality/courses/:courseId answers the report with its lessons, 404 for a course not reviewed or not a UUID', async () => {
    const course = seedReviewedCourse();
    const agent = await asAdmin();
    const report = qualityReportSchema.parse((await agent.get(`/api/quality/courses/${course.id}`).expect(200)).body);
    expect(report.findings[0]).toMatchObject({ passed: false, lessonId: course.modules[0].lessons[0].id, lessonTitle: 'Lesson 1.1' });
    const unknown = await agent.get('/api/quality/courses/00000000-0000-4000-8000-000000000000').expect(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: 'This course has not been reviewed yet' });
    const notUuid = await agent.get('/api/quality/courses/nope').expect(404);
    expect(notUuid.body).toEqual({ statusCode: 404, message: 'This course has not been reviewed yet' });
  });

  it('POST /api/quality/reviews starts a review (202 {task}) of one course or all; a bad courseId is 400', async () => {
    const course = seedReviewedCourse();
    const agent = await asAdmin();
    const one = agentTaskReplySchema.parse((await agent.post('/api/quality/reviews').send({ courseId: course.id }).expect(202)).body);
    expect(one.task).toMatchObject({ type: 'quality-review', status: 'queued', title: 'Quality review: SQL for Reporting' });
    const all = agentTaskReplySchema.parse((await agent.post('/api/quality/reviews').send({}).expect(202)).body);
    expect(all.task.title).toBe('Quality review of 1 courses');
    const bad = await agent.post('/api/quality/reviews').send({ courseId: 'abc' }).expect(400);
    expect(bad.body).toEqual({ statusCode: 400, message: expect.stringContaining('courseId must be a course id') });
    const missing = await agent.post('/api/quality/reviews').send({ courseId: '00000000-0000-4000-8000-000000000000' }).expect(404);
    expect(missing.body).toEqual({ statusCode: 404, message: 'Course not found' });
  });

  it('refuses learners with 403 and visitors with 401, without asking svc-courses', async () => {
    const learner = await asLearner();
    for (const call of [
      learner.get('/api/quality/summary'),
      learner.get('/api/quality/courses'),
      learner.get('/api/quality/courses/00000000-0000-4000-8000-000000000000'),
      learner.post('/api/quality/reviews').send({}),
    ]) {
      expect((await call.expect(403)).body.statusCode).toBe(403);
    }
    await request(platform.gateway.url).get('/api/quality/summary').expect(401);
    expect(courses.received).toEqual([]);
  });
});
