import { AI_SUBJECTS, aiFeatureOffMessage, LESSON_ILLUSTRATION_MESSAGES } from '@masar/contracts';
import request from 'supertest';
import { signedInAgent, startPlatform, Platform } from './support/platform';
import { StandInAi } from './support/stand-in-services';

/**
 * Lesson illustrations through the real gateway, svc-identity (its build), Redis and NATS, with a
 * stand-in svc-ai (held to the same subjects by the gateway's svc-ai pact).
 */
let platform: Platform;
let ai: StandInAi;

const LESSON = {
  title: 'Pivot tables step by step',
  content: 'A pivot table summarises thousands of rows by region and month. Drag a field to Rows and another to Values.',
  lessonSummary: 'A pivot table summarises thousands of rows by region and month.',
};

beforeAll(async () => {
  platform = await startPlatform();
  ai = new StandInAi();
});
beforeEach(async () => {
  ai.reset();
  await ai.up();
});
afterAll(async () => {
  await ai?.close();
  await platform?.stop();
});

const asLearner = async () => signedInAgent(platform, 'demo', 'demo123');

describe('POST /api/lessons/generate-image and GET /api/lesson-illustrations/:file', () => {
  it('illustrates a lesson in the learner’s name and serves the PNG under an address that never changes', async () => {
    const { agent, userId } = await asLearner();
    const made = await agent.post('/api/lessons/generate-image').send(LESSON).expect(200);
    expect(made.body).toEqual({ imageUrl: expect.stringMatching(/^\/api\/lesson-illustrations\/[0-9a-f]{64}\.png$/) });
    const asked = ai.received.filter((received) => received.subject === AI_SUBJECTS.GENERATE_ILLUSTRATION);
    expect(asked).toHaveLength(1);
    expect(asked[0].caller).toEqual({ id: userId, role: 'learner' });
    expect(asked[0].data).toMatchObject({ ...LESSON, keyPoints: [] });

    const png = await agent.get(made.body.imageUrl).buffer(true).expect(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((png.body as Buffer).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('refuses bad input with a message, without asking svc-ai', async () => {
    const { agent } = await asLearner();
    const blank = await agent.post('/api/lessons/generate-image').send({ ...LESSON, content: '\u200b \u00a0\u200f' }).expect(400);
    expect(blank.body.message).toContain(LESSON_ILLUSTRATION_MESSAGES.contentBlank);
    const long = await agent.post('/api/lessons/generate-image').send({ ...LESSON, content: 'x'.repeat(20_001) }).expect(400);
    expect(long.body.message).toContain(LESSON_ILLUSTRATION_MESSAGES.contentTooLong);
    const untitled = await agent.post('/api/lessons/generate-image').send({ ...LESSON, title: '' }).expect(400);
    expect(untitled.body.message).toContain(LESSON_ILLUSTRATION_MESSAGES.titleBlank);
    expect(ai.received.filter((received) => received.subject === AI_SUBJECTS.GENERATE_ILLUSTRATION)).toEqual([]);

    for (const file of ['..%2F..%2Fetc%2Fpasswd', 'abc.png', `${'a'.repeat(64)}.svg`]) {
      const refused = await agent.get(`/api/lesson-illustrations/${file}`).expect(400);
      expect(refused.body).toEqual({ statusCode: 400, message: LESSON_ILLUSTRATION_MESSAGES.badKey });
    }
    const unknown = await agent.get(`/api/lesson-illustrations/${'b'.repeat(64)}.png`).expect(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: LESSON_ILLUSTRATION_MESSAGES.notFound });
  });

  it('answers 401 signed out and 403 while an admin has switched illustrations off', async () => {
    await request(platform.gateway.url).post('/api/lessons/generate-image').send(LESSON).expect(401);
    await request(platform.gateway.url).get(`/api/lesson-illustrations/${'b'.repeat(64)}.png`).expect(401);
    ai.governance.setFeature('illustration', { enabled: false });
    const { agent } = await asLearner();
    const off = await agent.post('/api/lessons/generate-image').send(LESSON).expect(403);
    expect(off.body).toEqual({ statusCode: 403, message: aiFeatureOffMessage('illustration') });
  });
});
