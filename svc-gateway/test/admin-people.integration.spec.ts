import { JOBS_SUBJECTS, PROGRESS_SUBJECTS, userActivityReplySchema } from '@masar/contracts';
import request from 'supertest';
import { Platform, signedInAgent, startPlatform } from './support/platform';
import { StandInProgress } from './support/stand-in-progress';
import { StandInJobs } from './support/stand-in-services';

/**
 * The admin people view against the real gateway and svc-identity, with stand-ins for svc-jobs and
 * svc-progress: it gathers one person's job descriptions and paths with the `ownerId` filter, which
 * the services honour only for an admin caller.
 */
const SQL_SKILL = { name: 'SQL', category: 'technical', confidence: 0.92, importance: 'required', evidence: [] };

let platform: Platform;
let jobs: StandInJobs;
let progress: StandInProgress;

const signedIn = (username: string, password: string) => signedInAgent(platform, username, password);

beforeAll(async () => {
  platform = await startPlatform();
  jobs = new StandInJobs();
  progress = new StandInProgress();
});

beforeEach(async () => {
  jobs.reset();
  progress.reset();
  await jobs.up();
  await progress.up();
});

afterAll(async () => {
  await jobs?.close();
  await progress?.close();
  await platform?.stop();
});

describe('GET /api/admin/users/:id/activity', () => {
  it("lists one person's job descriptions (reviewed or not) and learning paths, for admins only", async () => {
    jobs.ownersOnly = true;
    const learner = await signedIn('demo', 'demo123');
    const mine = jobs.seed({ title: 'Data Analyst', createdBy: learner.userId, createdAt: '2026-11-20T10:00:00.000Z' });
    jobs.seed({ title: 'Somebody else’s', createdBy: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' });
    await learner.agent.put(`/api/job-descriptions/${mine.id}/skills`).send({ approvedSkills: ['TypeScript'] }).expect(200);
    await learner.agent
      .post('/api/learning-paths/generate')
      .send({ jobDescriptionId: mine.id, jobTitle: 'Data Analyst', confirmedSkills: [SQL_SKILL] })
      .expect(201);

    await learner.agent.get(`/api/admin/users/${learner.userId}/activity`).expect(403);

    const admin = await signedIn('admin', 'admin123');
    jobs.received.length = 0;
    progress.received.length = 0;
    const response = await admin.agent.get(`/api/admin/users/${learner.userId}/activity`).expect(200);
    const activity = userActivityReplySchema.strict().parse(response.body);
    expect(activity.jobDescriptions).toEqual([{ id: mine.id, title: 'Data Analyst', createdAt: mine.createdAt, reviewed: true }]);
    expect(activity.learningPaths).toEqual([
      { id: expect.any(String), title: 'Data Analyst', createdAt: expect.any(String), courseCount: 0, completedCourseCount: 0, percent: 0 },
    ]);
    // Each service was asked for that person, as the admin.
    const [jobsList] = jobs.requestsOn(JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS);
    expect(jobsList.data).toMatchObject({ ownerId: learner.userId });
    expect(jobsList.caller).toEqual({ id: admin.userId, role: 'admin' });
    const [pathsList] = progress.requestsOn(PROGRESS_SUBJECTS.LIST_LEARNING_PATHS);
    expect(pathsList).toMatchObject({ data: { ownerId: learner.userId }, caller: { id: admin.userId, role: 'admin' } });
  });

  it('answers 404 for an id that names nobody, and 401 without a session', async () => {
    const admin = await signedIn('admin', 'admin123');
    expect((await admin.agent.get('/api/admin/users/not-a-uuid/activity').expect(404)).body).toEqual({
      statusCode: 404,
      message: 'User not found',
    });
    const unknown = await admin.agent.get('/api/admin/users/00000000-0000-4000-8000-0000000000aa/activity').expect(404);
    expect(unknown.body.statusCode).toBe(404);
    await request(platform.gateway.url).get('/api/admin/users/00000000-0000-4000-8000-0000000000aa/activity').expect(401);
  });
});
