import { type Caller, EXERCISE_ATTACHMENTS_BUCKET, exerciseSubmissionSchema, LESSON_PRACTICE_SUBJECTS } from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { createHash, randomUUID } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { bootstrap } from '../src/main';
import { AiProcess, startAi } from './support/ai-process';

/**
 * Exercise feedback on photographed work through the whole chain: svc-courses names the pictures in
 * the attachments bucket, and the real svc-ai (its build, as its own process with its own NATS user,
 * told its model reads images) reads them from the bucket, checks and reduces them, and asks an
 * OpenAI-compatible endpoint on loopback. What reaches the endpoint is recorded.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };
/** A real 1×1 PNG. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f80f00000101000518d84e0000000049454e44ae426082', 'hex');

/** A JPEG of noise (it compresses as badly as a photo): 3000×2000 is a phone photo of about 5 MB. */
async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const pixels = context.createImageData(width, height);
  for (let index = 0; index < pixels.data.length; index += 4) {
    pixels.data[index] = (index * 7919) % 251;
    pixels.data[index + 1] = (index * 104_729) % 241;
    pixels.data[index + 2] = (index * 1_299_709) % 239;
    pixels.data[index + 3] = 255;
  }
  context.putImageData(pixels, 0, 0);
  return canvas.encode('jpeg', 95);
}

type ChatRequest = { messages: Array<{ role: string; content: string | Array<{ type: string; text?: string; image_url?: { url: string } }> }> };

/** An OpenAI-compatible `/v1/chat/completions` that answers with fixed feedback JSON. */
async function startChatEndpoint(): Promise<{ server: Server; baseUrl: string; requests: ChatRequest[] }> {
  const requests: ChatRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (!request.url?.endsWith('/chat/completions')) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not here"}}');
        return;
      }
      requests.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest);
      const content = JSON.stringify({ feedback: 'Your board lists two hazards clearly.', covered: ['Identify common workplace hazards'], missing: [] });
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 0,
          model: 'fake-vision-model',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests };
}

describe('exercise feedback on attached pictures, with the real svc-ai and a model that reads images', () => {
  let database: FreshDatabase;
  let endpoint: Awaited<ReturnType<typeof startChatEndpoint>>;
  let ai: AiProcess;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;
  let lessonId: string;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_feedback_pictures');
    endpoint = await startChatEndpoint();
    ai = await startAi({ NATS_URL, DATABASE_URL: database.url, OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: endpoint.baseUrl, OPENAI_MODEL: 'fake-vision-model', OPENAI_VISION: 'true', OPENAI_MAX_RETRIES: '0' });
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    await sql.query(`INSERT INTO ai.ai_feature_settings (feature, enabled, provider) VALUES ('exercise-feedback', true, 'openai')`);
    app = await bootstrap({ NATS_URL, DATABASE_URL: database.url, SEED_COURSE_CATALOG: 'false', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
    nats = await connectToNatsAs('gateway');
    const course = await sql.query<{ id: string }>(
      `INSERT INTO courses.courses (title, description, duration, format, department_owner, color, abbreviation, prerequisites, status, published_at)
       VALUES ('Safety', 'Safety at work.', '1 week', 'Online', 'L&D', 'green', 'SAF', '{}', 'published', now()) RETURNING id`,
    );
    const module = await sql.query<{ id: string }>(`INSERT INTO courses.modules (course_id, position, title, description) VALUES ($1, 0, 'Hazards', 'Hazards.') RETURNING id`, [course.rows[0].id]);
    const lesson = await sql.query<{ id: string }>(
      `INSERT INTO courses.lessons (module_id, position, title, duration, type, content, key_points, activities)
       VALUES ($1, 0, 'Spot the hazards', '10 min', 'exercise', 'Walk through your workplace and note the hazards on a board.', $2, $3) RETURNING id`,
      [module.rows[0].id, ['Rate a risk by its likelihood'], ['Identify common workplace hazards']],
    );
    lessonId = lesson.rows[0].id;
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await ai?.stop();
    await new Promise((resolve) => endpoint?.server.close(resolve));
    await database?.drop();
  });

  /** Stores bytes in the attachments bucket as the gateway does, and describes them as it would. */
  async function attach(bytes: Buffer, name: string, mediaType: string) {
    const attachmentId = randomUUID();
    const bucket = await nats.jetstream().views.os(EXERCISE_ATTACHMENTS_BUCKET);
    await bucket.putBlob({ name: attachmentId }, bytes);
    return { attachmentId, name, mediaType, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  const submissionsOf = async () => (await sql.query(`SELECT id FROM courses.exercise_submissions WHERE user_id = $1`, [LEARNER.id])).rows;

  it('shows the model a screenshot as attached and phone photos of several megabytes reduced to 1280 pixels, all of them, as data URLs', async () => {
    const board = await attach(PNG, 'board.png', 'image/png');
    const phonePhoto = await noisyJpeg(3000, 2000);
    expect(phonePhoto.length).toBeGreaterThan(4 * 1024 * 1024);
    const photo = await attach(phonePhoto, 'phone-photo.jpg', 'image/jpeg');
    // Over 1 MB as well: together they could never have travelled inside one NATS message.
    const scanBytes = await noisyJpeg(1600, 1200);
    expect(scanBytes.length).toBeGreaterThan(1024 * 1024);
    const scan = await attach(scanBytes, 'scan.jpg', 'image/jpeg');
    const reply = await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.SUBMIT_EXERCISE, { lessonId, work: '', attachments: [board, photo, scan] }, undefined, LEARNER);
    const submission = exerciseSubmissionSchema.parse(reply.response);
    expect(submission.attachments.map((attachment) => attachment.size)).toEqual([PNG.length, phonePhoto.length, scanBytes.length]);
    expect(submission.feedback).toMatchObject({ status: 'given', provider: 'openai', model: 'fake-vision-model', covered: ['Identify common workplace hazards'] });
    expect(submission.feedback.text).toContain('Your board lists two hazards clearly.');
    expect(submission.feedback.text).toContain('This feedback looked at your pictures: board.png, phone-photo.jpg, scan.jpg.');
    expect(submission.feedback.text).not.toContain('did not look at');

    expect(endpoint.requests).toHaveLength(1);
    const user = endpoint.requests[0].messages.find((message) => message.role === 'user');
    expect(Array.isArray(user?.content)).toBe(true);
    const parts = user!.content as Array<{ type: string; text?: string; image_url?: { url: string } }>;
    expect(parts.map((part) => part.type)).toEqual(['text', 'image_url', 'image_url', 'image_url']);
    expect(parts[1].image_url?.url).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    const sizes = [];
    for (const part of parts.slice(2)) {
      const sent = /^data:image\/jpeg;base64,([A-Za-z0-9+/]+=*)$/.exec(part.image_url?.url ?? '');
      expect(sent).not.toBeNull();
      const bytes = Buffer.from(sent![1], 'base64');
      expect(bytes.length).toBeLessThan(1024 * 1024);
      const image = await loadImage(bytes);
      sizes.push({ width: image.width, height: image.height });
    }
    expect(sizes).toEqual([{ width: 1280, height: 853 }, { width: 1280, height: 960 }]);
    expect(JSON.parse(parts[0].text ?? '{}')).toMatchObject({ images: ['board.png', 'phone-photo.jpg', 'scan.jpg'], imagesNotSeen: [] });
    expect(await submissionsOf()).toHaveLength(1);
  });

  it('refuses work whose "picture" holds a PDF, naming the file, and keeps nothing of it', async () => {
    endpoint.requests.length = 0;
    const before = await submissionsOf();
    // The outbox's identity sequence: any event written, even one relayed and removed since, moves it.
    const events = async () => (await sql.query(`SELECT last_value::text, is_called FROM courses.event_outbox_id_seq`)).rows[0] as unknown;
    const eventsBefore = await events();
    const pdf = await attach(Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'), 'whiteboard.png', 'image/png');
    const reply = await requestOverNats(nats, LESSON_PRACTICE_SUBJECTS.SUBMIT_EXERCISE, { lessonId, work: 'Two hazards on the board.', attachments: [pdf] }, undefined, LEARNER);
    expect(reply.err).toEqual({ statusCode: 415, message: '"whiteboard.png" holds a PDF document: attach the file itself, not a renamed one' });
    expect(endpoint.requests).toEqual([]);
    expect(await submissionsOf()).toEqual(before);
    expect(await events()).toEqual(eventsBefore);
  });
});
