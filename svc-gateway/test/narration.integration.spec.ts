import { AI_SUBJECTS, aiFeatureOffMessage, generateLessonAudioReplySchema, MAX_NARRATION_CHARACTERS, NARRATION_TEXT_TOO_LONG_MESSAGE, NUL_CHARACTER_MESSAGE } from '@masar/contracts';
import request from 'supertest';
import { NARRATION_BAD_NAME_MESSAGE, NARRATION_NOT_FOUND_MESSAGE } from '../src/narration/narration.controller';
import { signedInAgent, startPlatform, Platform } from './support/platform';
import { randomBytes } from 'node:crypto';
import { StandInAi, standInMp3 } from './support/stand-in-services';

/**
 * Lesson narration against the real gateway, svc-identity, Redis and NATS (its object store), with a
 * stand-in for svc-ai that keeps real MP3 bytes in the narration bucket as svc-ai does.
 */
let platform: Platform;
let ai: StandInAi;

const asLearner = async () => (await signedInAgent(platform, 'demo', 'demo123')).agent;

/** Supertest hands binary bodies over as a Buffer with this parser. */
function binary(response: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
}

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

describe('POST /api/lessons/generate-audio', () => {
  it("answers the audio's address and the spoken text, asking svc-ai in the learner's name", async () => {
    const learner = await asLearner();
    const response = await learner.post('/api/lessons/generate-audio').send({ text: '  A left join keeps every row.  ', title: 'Joins' }).expect(200);
    const reply = generateLessonAudioReplySchema.parse(response.body);
    expect(reply).toEqual({ audioUrl: expect.stringMatching(/^\/api\/media\/narration\/[0-9a-f]{64}\.mp3$/), textContent: 'A left join keeps every row.' });
    const asked = ai.received.filter((message) => message.subject === AI_SUBJECTS.GENERATE_NARRATION);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ data: { text: '  A left join keeps every row.  ', title: 'Joins' }, caller: { role: 'learner' } });
  });

  it('refuses blank-looking text with 400 "Text is required" and too much text with 413, without asking svc-ai', async () => {
    const learner = await asLearner();
    for (const body of [{ title: 'x' }, { text: '', title: 'x' }, { text: ' \n\t\u200b\u00a0', title: 'x' }, { text: '*** ---', title: 'x' }, { text: 42 }]) {
      const refused = await learner.post('/api/lessons/generate-audio').send(body).expect(400);
      expect(refused.body.message).toMatch(/Text is required|text: /);
    }
    const long = await learner.post('/api/lessons/generate-audio').send({ text: 'word '.repeat(MAX_NARRATION_CHARACTERS / 5 + 1), title: 'x' }).expect(413);
    expect(long.body).toEqual({ statusCode: 413, message: NARRATION_TEXT_TOO_LONG_MESSAGE });
    expect(ai.received.filter((message) => message.subject === AI_SUBJECTS.GENERATE_NARRATION)).toEqual([]);
  });

  it('is refused while an admin has turned narration off, and for someone not signed in', async () => {
    ai.governance.setFeature('narration', { enabled: false });
    const refused = await (await asLearner()).post('/api/lessons/generate-audio').send({ text: 'Hello', title: '' }).expect(403);
    expect(refused.body).toEqual({ statusCode: 403, message: aiFeatureOffMessage('narration') });
    await request(platform.gateway.url).post('/api/lessons/generate-audio').send({ text: 'Hello', title: '' }).expect(401);
  });
});

describe('GET /api/media/narration/<key>.mp3', () => {
  let learner: Awaited<ReturnType<typeof asLearner>>;
  let audioUrl: string;
  let stored: Buffer;

  beforeAll(async () => {
    // Runs before the top-level beforeEach of its first test: the feature turned off above is on again.
    ai.reset();
    learner = await asLearner();
    audioUrl = generateLessonAudioReplySchema.parse((await learner.post('/api/lessons/generate-audio').send({ text: `Indexes ${Date.now()} make lookups fast.`, title: '' }).expect(200)).body).audioUrl;
    const key = /([0-9a-f]{64})\.mp3$/.exec(audioUrl)![1];
    stored = Buffer.from((await (await ai.narrationBucket()).getBlob(key))!);
  });

  it('streams the whole MP3 as audio/mpeg with ranges offered and long immutable caching', async () => {
    const response = await learner.get(audioUrl).buffer(true).parse(binary).expect(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(Buffer.compare(response.body as Buffer, stored)).toBe(0);
    expect((response.body as Buffer)[0]).toBe(0xff);
  });

  it('answers a range with 206 and exactly those bytes, a suffix and an open range too', async () => {
    const middle = await learner.get(audioUrl).set('Range', 'bytes=100-1099').buffer(true).parse(binary).expect(206);
    expect(middle.headers['content-range']).toBe(`bytes 100-1099/${stored.length}`);
    expect(middle.headers['content-type']).toBe('audio/mpeg');
    expect(Buffer.compare(middle.body as Buffer, stored.subarray(100, 1100))).toBe(0);
    const tail = await learner.get(audioUrl).set('Range', 'bytes=-500').buffer(true).parse(binary).expect(206);
    expect(Buffer.compare(tail.body as Buffer, stored.subarray(stored.length - 500))).toBe(0);
    const open = await learner.get(audioUrl).set('Range', `bytes=${stored.length - 10}-`).buffer(true).parse(binary).expect(206);
    expect(open.headers['content-range']).toBe(`bytes ${stored.length - 10}-${stored.length - 1}/${stored.length}`);
    expect((open.body as Buffer).length).toBe(10);
  });

  it('serves ranges across the chunks of a long narration (the object store keeps 128 KB chunks)', async () => {
    const long = standInMp3(100);
    const key = randomBytes(32).toString('hex');
    await (await ai.narrationBucket()).putBlob({ name: key }, long);
    expect(long.length).toBeGreaterThan(300_000);
    const across = await learner.get(`/api/media/narration/${key}.mp3`).set('Range', 'bytes=131000-265000').buffer(true).parse(binary).expect(206);
    expect(Buffer.compare(across.body as Buffer, long.subarray(131000, 265001))).toBe(0);
    const whole = await learner.get(`/api/media/narration/${key}.mp3`).buffer(true).parse(binary).expect(200);
    expect(whole.headers['content-length']).toBe(String(long.length));
    expect(Buffer.compare(whole.body as Buffer, long)).toBe(0);
  });

  it('answers 416 for a range past the end, naming the size', async () => {
    const past = await learner.get(audioUrl).set('Range', `bytes=${stored.length}-`).expect(416);
    expect(past.headers['content-range']).toBe(`bytes */${stored.length}`);
  });

  it('answers 404 for an unknown key, 400 for a name that is not a hash (no path traversal), 401 signed out', async () => {
    expect((await learner.get(`/api/media/narration/${'0'.repeat(64)}.mp3`).expect(404)).body).toEqual({ statusCode: 404, message: NARRATION_NOT_FOUND_MESSAGE });
    for (const name of ['..%2F..%2Fetc%2Fpasswd.mp3', `${'A'.repeat(64)}.mp3`, `${'0'.repeat(64)}.wav`, `${'0'.repeat(64)}`]) {
      expect((await learner.get(`/api/media/narration/${name}`).expect(400)).body).toEqual({ statusCode: 400, message: NARRATION_BAD_NAME_MESSAGE });
    }
    // A NUL in the address is refused by the gateway before any route reads it.
    expect((await learner.get('/api/media/narration/%00.mp3').expect(400)).body).toEqual({ statusCode: 400, message: NUL_CHARACTER_MESSAGE });
    await request(platform.gateway.url).get(audioUrl).expect(401);
  });
});
