import { learningPathListSchema, learningPathReplySchema, PROGRESS_SUBJECTS } from '@masar/contracts';
import { connect, NatsConnection } from 'nats';
import request from 'supertest';
import { Platform, startPlatform } from './support/platform';
import { StandInProgress } from './support/stand-in-progress';

/**
 * The learning-path routes against the real gateway, svc-identity (its build), Redis and NATS, with a
 * stand-in answering for svc-progress (whose planning has its own tests on the real services).
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const JOB_ID = '3a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const SQL_SKILL = { name: 'SQL', category: 'technical', confidence: 0.92, importance: 'required', evidence: [] };

let platform: Platform;
let nats: NatsConnection;
let progress: StandInProgress;

async function signedIn(username = 'demo', password = 'demo123') {
  const agent = request.agent(platform.gateway.url);
  await agent.post('/api/auth/login').send({ username, password }).expect(200);
  const me = (await agent.get('/api/auth/user').expect(200)).body as { id: string };
  return { agent, userId: me.id };
}

beforeAll(async () => {
  platform = await startPlatform();
  nats = await connect({ servers: NATS_URL });
  progress = new StandInProgress(nats);
});

beforeEach(async () => {
  progress.reset();
  await progress.up();
});

afterAll(async () => {
  await nats?.drain();
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
    // The weekly budget defaults to 3 hours, and the person is the one signed in, never the body's.
    expect(progress.requestsOn(PROGRESS_SUBJECTS.GENERATE_LEARNING_PATH).map((received) => received.data)).toEqual([
      { jobDescriptionId: JOB_ID, jobTitle: 'Data Analyst', confirmedSkills: [SQL_SKILL], weeklyHours: 3, userId },
    ]);

    const listed = learningPathListSchema.parse((await agent.get('/api/learning-paths').expect(200)).body);
    expect(listed.items.map((item) => item.id)).toEqual([path.id]);
    expect(learningPathReplySchema.parse((await agent.get(`/api/learning-paths/${path.id}`).expect(200)).body).learningPath.id).toBe(path.id);

    const replanned = await agent.patch(`/api/learning-paths/${path.id}`).send({ weeklyHours: 5 }).expect(200);
    expect(learningPathReplySchema.parse(replanned.body).learningPath.weeklyHours).toBe(5);
    expect(progress.requestsOn(PROGRESS_SUBJECTS.UPDATE_LEARNING_PATH).map((received) => received.data)).toEqual([
      { id: path.id, userId, changes: { weeklyHours: 5 } },
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
    expect(nothing.body.message).toBe('body: Nothing to change: send weeklyHours, courseOrder or swap');
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
    const admin = await signedIn('admin', 'admin123');
    await admin.agent.get(`/api/learning-paths/${path.id}`).expect(404);
    await admin.agent.delete(`/api/learning-paths/${path.id}`).expect(404);
    expect(learningPathListSchema.parse((await admin.agent.get('/api/learning-paths').expect(200)).body).items).toEqual([]);
    await request(platform.gateway.url).get('/api/learning-paths').expect(401);
  });

  it("answers 503 'progress is unavailable' when svc-progress does not answer", async () => {
    const { agent } = await signedIn();
    await progress.down();
    const response = await agent.get('/api/learning-paths').expect(503);
    expect(response.body.message).toMatch(/unavailable/);
  });
});
