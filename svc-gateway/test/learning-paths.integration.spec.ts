import { learningPathListSchema, learningPathReplySchema, PROGRESS_SUBJECTS } from '@masar/contracts';
import request from 'supertest';
import { Platform, signedInAgent, startPlatform } from './support/platform';
import { StandInProgress } from './support/stand-in-progress';

/**
 * The learning-path routes against the real gateway, svc-identity (its build), Redis and NATS, with a
 * stand-in answering for svc-progress (whose planning has its own tests on the real services).
 */
const JOB_ID = '3a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const SQL_SKILL = { name: 'SQL', category: 'technical', confidence: 0.92, importance: 'required', evidence: [] };

let platform: Platform;
let progress: StandInProgress;

const signedIn = (username = 'demo', password = 'demo123') => signedInAgent(platform, username, password);

beforeAll(async () => {
  platform = await startPlatform();
  progress = new StandInProgress();
});

beforeEach(async () => {
  progress.reset();
  await progress.up();
});

afterAll(async () => {
  await progress?.close();
  await platform?.stop();
});

describe('/api/learning-paths', () => {
  it('generates a path for the signed-in person (201), then lists, reads, re-plans and deletes it', async () => {
    const { agent, userId } = await signedIn();
    const created = await agent
      .post('/api/learning-paths/generate')
      .send({ jobDescriptionId: JOB_ID, jobTitle: 'Data Analyst', confirmedSkills: [SQL_SKILL] })
      .expect(201);
    const path = learningPathReplySchema.parse(created.body).learningPath;
    // The weekly budget defaults to 3 hours, and the person is the one signed in (the caller header), never the body's.
    expect(progress.requestsOn(PROGRESS_SUBJECTS.GENERATE_LEARNING_PATH).map(({ data, caller }) => ({ data, caller }))).toEqual([
      {
        data: { jobDescriptionId: JOB_ID, jobTitle: 'Data Analyst', confirmedSkills: [SQL_SKILL], weeklyHours: 3 },
        caller: { id: userId, role: 'learner' },
      },
    ]);

    const listed = learningPathListSchema.parse((await agent.get('/api/learning-paths').expect(200)).body);
    expect(listed.items.map((item) => item.id)).toEqual([path.id]);
    expect(learningPathReplySchema.parse((await agent.get(`/api/learning-paths/${path.id}`).expect(200)).body).learningPath.id).toBe(path.id);

    const replanned = await agent.patch(`/api/learning-paths/${path.id}`).send({ weeklyHours: 5 }).expect(200);
    expect(learningPathReplySchema.parse(replanned.body).learningPath.weeklyHours).toBe(5);
    expect(progress.requestsOn(PROGRESS_SUBJECTS.UPDATE_LEARNING_PATH).map(({ data, caller }) => ({ data, caller }))).toEqual([
      { data: { id: path.id, changes: { weeklyHours: 5 } }, caller: { id: userId, role: 'learner' } },
    ]);

    expect((await agent.delete(`/api/learning-paths/${path.id}`).expect(200)).body).toEqual({ deleted: true, id: path.id });
    const gone = await agent.get(`/api/learning-paths/${path.id}`).expect(404);
    expect(gone.body).toEqual({ statusCode: 404, message: 'Learning path not found' });
  });

  it('answers 400 naming the field for a bad body, and asks svc-progress nothing', async () => {
    const { agent } = await signedIn();
    const noSkills = await agent
      .post('/api/learning-paths/generate')
      .send({ jobDescriptionId: JOB_ID, jobTitle: 'Data Analyst', confirmedSkills: [] })
      .expect(400);
    expect(noSkills.body.message).toBe('confirmedSkills: Please select at least one skill');
    const budget = await agent
      .post('/api/learning-paths/generate')
      .send({ jobDescriptionId: JOB_ID, jobTitle: 'Data Analyst', confirmedSkills: [SQL_SKILL], weeklyHours: 'lots' })
      .expect(400);
    expect(budget.body.message).toBe('weeklyHours: Weekly hours must be a number');
    const nothing = await agent.patch(`/api/learning-paths/${JOB_ID}`).send({}).expect(400);
    expect(nothing.body.message).toBe('body: Nothing to change: send weeklyHours, courseOrder, swap or decision');
    await agent.get('/api/learning-paths/not-a-uuid').expect(404);
    expect(progress.received).toEqual([]);
  });

  it("keeps a person's paths their own, and needs a sign-in", async () => {
    const owner = await signedIn();
    const path = learningPathReplySchema.parse(
      (
        await owner.agent
          .post('/api/learning-paths/generate')
          .send({ jobDescriptionId: null, jobTitle: 'Data Analyst', confirmedSkills: [SQL_SKILL] })
          .expect(201)
      ).body,
    ).learningPath;
    // A second learner, added by the admin: every id of the first learner's is a 404 to them.
    const admin = await signedIn('admin', 'admin123');
    const username = `second.learner.${Date.now().toString(36)}`;
    const password = 'a sentence the second learner knows';
    await admin.agent
      .post('/api/admin/users')
      .send({ username, password, firstName: 'Second', lastName: 'Learner', email: `${username}@masar.test`, role: 'learner', preferredLanguage: 'en' })
      .expect(201);
    const stranger = await signedIn(username, password);
    const notFound = { statusCode: 404, message: 'Learning path not found' };
    expect((await stranger.agent.get(`/api/learning-paths/${path.id}`).expect(404)).body).toEqual(notFound);
    expect((await stranger.agent.patch(`/api/learning-paths/${path.id}`).send({ weeklyHours: 9 }).expect(404)).body).toEqual(notFound);
    expect((await stranger.agent.delete(`/api/learning-paths/${path.id}`).expect(404)).body).toEqual(notFound);
    expect(learningPathListSchema.parse((await stranger.agent.get('/api/learning-paths').expect(200)).body).items).toEqual([]);
    expect(progress.paths.get(path.id)).toEqual(path);

    // An admin may read it (the people view), but re-planning stays the learner's own.
    expect(learningPathReplySchema.parse((await admin.agent.get(`/api/learning-paths/${path.id}`).expect(200)).body).learningPath.id).toBe(path.id);
    await admin.agent.patch(`/api/learning-paths/${path.id}`).send({ weeklyHours: 9 }).expect(404);
    expect(progress.paths.get(path.id)).toEqual(path);
    await request(platform.gateway.url).get('/api/learning-paths').expect(401);
  });

  it("answers 503 'progress is unavailable' when svc-progress does not answer", async () => {
    const { agent } = await signedIn();
    await progress.down();
    const response = await agent.get('/api/learning-paths').expect(503);
    expect(response.body.message).toMatch(/unavailable/);
  });
});
