import {
  extractSkillsReplySchema,
  generateDemoJobReplySchema,
  jobDescriptionReplySchema,
  JOBS_SUBJECTS,
  AI_SUBJECTS,
  deleteJobDescriptionReplySchema,
  jobDescriptionListSchema,
} from '@masar/contracts';
import { createHash, randomUUID } from 'node:crypto';
import request from 'supertest';
import { startPlatform, Platform } from './support/platform';
import { SAMPLE_POSTING, StandInAi, StandInJobs } from './support/stand-in-services';

/**
 * The job description and skill routes against the real gateway, svc-identity (its build), Redis,
 * NATS and JetStream, with stand-ins answering for svc-jobs and svc-ai (see stand-in-services.ts).
 */
const MEGABYTE = 1024 * 1024;
const UPLOAD_LIMIT = 4 * MEGABYTE;

let platform: Platform;
let jobs: StandInJobs;
let ai: StandInAi;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function signedIn(username: string, password: string) {
  const agent = request.agent(platform.gateway.url);
  const login = await agent.post('/api/auth/login').send({ username, password }).expect(200);
  return { agent, user: login.body.user as { id: string; role: string } };
}

/** A plain-text posting of about `bytes` bytes that the stand-in extractor finds skills in. */
function postingOfSize(bytes: number): Buffer {
  const line = `${SAMPLE_POSTING}\n`;
  return Buffer.from(line.repeat(Math.ceil(bytes / Buffer.byteLength(line)))).subarray(0, bytes);
}

/** Every put and delete in the uploads bucket from now until `stop()`. */
async function watchBucket() {
  const bucket = await jobs.objectStore();
  const watcher = await bucket.watch({ ignoreDeletes: false, includeHistory: false });
  const events: { name: string; deleted: boolean }[] = [];
  const collected = (async () => {
    for await (const info of watcher) {
      if (info) events.push({ name: info.name, deleted: Boolean(info.deleted) });
    }
  })();
  return {
    events,
    async stop() {
      await jobs.flush();
      watcher.stop();
      await collected;
      return events;
    },
  };
}

async function objectNamesInBucket(): Promise<string[]> {
  const bucket = await jobs.objectStore();
  return (await bucket.list()).map((info) => info.name);
}

beforeAll(async () => {
  platform = await startPlatform({ MAX_UPLOAD_BYTES: String(UPLOAD_LIMIT) });
  jobs = new StandInJobs();
  ai = new StandInAi();
});

beforeEach(async () => {
  jobs.reset();
  ai.reset();
  await jobs.up();
  await ai.up();
});

afterAll(async () => {
  await jobs?.close();
  await ai?.close();
  await platform?.stop();
});

describe('POST /api/job-descriptions/upload', () => {
  it('hands a multi-megabyte file to svc-jobs through the object store; the NATS request stays small', async () => {
    const { agent, user } = await signedIn('demo', 'demo123');
    const file = postingOfSize(3 * MEGABYTE);

    const response = await agent
      .post('/api/job-descriptions/upload')
      .field('title', '  Backend Engineer  ')
      .attach('file', file, { filename: 'backend-engineer.txt', contentType: 'text/plain' })
      .expect(201);

    const { jobDescription } = jobDescriptionReplySchema.strict().parse(response.body);
    expect(jobDescription).toMatchObject({ title: 'Backend Engineer', source: { kind: 'file', fileName: 'backend-engineer.txt' } });
    expect(jobDescription.extractedSkills.map((skill) => skill.name)).toContain('TypeScript');

    const [forwarded] = jobs.requestsOn(JOBS_SUBJECTS.CREATE_FROM_FILE);
    expect(forwarded.data).toEqual({
      objectName: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fileName: 'backend-engineer.txt',
      declaredMediaType: 'text/plain',
      size: file.length,
      title: 'Backend Engineer',
    });
    // Whose posting it is travels in the caller header, never in the payload.
    expect(forwarded.caller).toEqual({ id: user.id, role: 'learner' });
    expect(forwarded.payloadBytes).toBeLessThan(1024);
    const objectName = (forwarded.data as { objectName: string }).objectName;
    const received = jobs.uploads.get(objectName);
    expect(received?.length).toBe(file.length);
    expect(sha256(received!)).toBe(sha256(file));
    expect(await objectNamesInBucket()).not.toContain(objectName);
  });

  it('reads an Arabic file name as UTF-8 and leaves an absent title to svc-jobs', async () => {
    const { agent } = await signedIn('demo', 'demo123');
    await agent
      .post('/api/job-descriptions/upload')
      .attach('file', Buffer.from('مهندس برمجيات: خبرة في TypeScript والتواصل'), {
        filename: 'مهندس برمجيات.txt',
        contentType: 'text/plain',
      })
      .expect(201);
    const [forwarded] = jobs.requestsOn(JOBS_SUBJECTS.CREATE_FROM_FILE);
    expect(forwarded.data).toMatchObject({ fileName: 'مهندس برمجيات.txt' });
    expect(forwarded.data).not.toHaveProperty('title');
  });

  it('answers 413 with the configured limit in MB for a larger file, and forwards and stores nothing', async () => {
    const { agent } = await signedIn('demo', 'demo123');
    const bucket = await watchBucket();
    const response = await agent
      .post('/api/job-descriptions/upload')
      .field('title', 'Too big')
      .attach('file', postingOfSize(UPLOAD_LIMIT + 1), { filename: 'huge.txt', contentType: 'text/plain' })
      .expect(413);
    expect(response.body).toEqual({ statusCode: 413, message: 'File is too large (max 4 MB)' });
    expect(jobs.received).toEqual([]);
    expect(await bucket.stop()).toEqual([]);
  });

  it('accepts a file of exactly the limit', async () => {
    const { agent } = await signedIn('demo', 'demo123');
    await agent
      .post('/api/job-descriptions/upload')
      .attach('file', postingOfSize(UPLOAD_LIMIT), { filename: 'limit.txt', contentType: 'text/plain' })
      .expect(201);
    expect(jobs.requestsOn(JOBS_SUBJECTS.CREATE_FROM_FILE)[0].data).toMatchObject({ size: UPLOAD_LIMIT });
  });

  it('answers 400 "Please select a file to upload" without a file', async () => {
    const { agent } = await signedIn('demo', 'demo123');
    const multipart = await agent.post('/api/job-descriptions/upload').field('title', 'No file').expect(400);
    expect(multipart.body).toEqual({ statusCode: 400, message: 'Please select a file to upload' });
    const json = await agent.post('/api/job-descriptions/upload').send({ title: 'No file' }).expect(400);
    expect(json.body.message).toBe('Please select a file to upload');
    expect(jobs.received).toEqual([]);
  });

  it('refuses a file in another field, two files, and an over-long title with a 400 naming the problem', async () => {
    const { agent } = await signedIn('demo', 'demo123');
    const otherField = await agent
      .post('/api/job-descriptions/upload')
      .attach('document', Buffer.from('text'), { filename: 'a.txt', contentType: 'text/plain' })
      .expect(400);
    expect(otherField.body.message).toBe('Send the file in the "file" field');

    const twoFiles = await agent
      .post('/api/job-descriptions/upload')
      .attach('file', Buffer.from('one'), { filename: 'a.txt', contentType: 'text/plain' })
      .attach('file', Buffer.from('two'), { filename: 'b.txt', contentType: 'text/plain' })
      .expect(400);
    expect(twoFiles.body.message).toBe('Please upload one file at a time');

    const longTitle = await agent
      .post('/api/job-descriptions/upload')
      .field('title', 'x'.repeat(201))
      .attach('file', Buffer.from(SAMPLE_POSTING), { filename: 'a.txt', contentType: 'text/plain' })
      .expect(400);
    expect(longTitle.body).toEqual({ statusCode: 400, message: 'title: Too long' });
    expect(jobs.received).toEqual([]);
  });

  it("passes svc-jobs's refusal through and leaves no object behind", async () => {
    const { agent } = await signedIn('demo', 'demo123');
    const response = await agent
      .post('/api/job-descriptions/upload')
      .attach('file', Buffer.from('   \n  '), { filename: 'blank.txt', contentType: 'text/plain' })
      .expect(422);
    expect(response.body).toEqual({ statusCode: 422, message: 'The file contains no text' });
    const objectName = (jobs.requestsOn(JOBS_SUBJECTS.CREATE_FROM_FILE)[0].data as { objectName: string }).objectName;
    expect(await objectNamesInBucket()).not.toContain(objectName);
  });

  it('answers 503 "jobs is unavailable" when svc-jobs is away, and deletes the unread object', async () => {
    const { agent } = await signedIn('demo', 'demo123');
    await jobs.down();
    const bucket = await watchBucket();
    const response = await agent
      .post('/api/job-descriptions/upload')
      .attach('file', postingOfSize(2 * MEGABYTE), { filename: 'orphan.txt', contentType: 'text/plain' })
      .expect(503);
    expect(response.body).toEqual({ statusCode: 503, message: 'jobs is unavailable' });
    // Stored, then deleted by the gateway since nobody will read it.
    const [stored, deleted, ...others] = await bucket.stop();
    expect(stored).toEqual({ name: expect.stringMatching(/^[0-9a-f-]{36}$/), deleted: false });
    expect(deleted).toEqual({ name: stored.name, deleted: true });
    expect(others).toEqual([]);
    expect(await objectNamesInBucket()).not.toContain(stored.name);
  });

  it('needs a session, and reads nothing from a signed-out browser', async () => {
    const response = await request(platform.gateway.url)
      .post('/api/job-descriptions/upload')
      .attach('file', Buffer.from(SAMPLE_POSTING), { filename: 'a.txt', contentType: 'text/plain' })
      .expect(401);
    expect(response.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
    expect(jobs.received).toEqual([]);
  });
});

describe('POST /api/job-descriptions/text', () => {
  it('creates a posting from pasted text, as the signed-in user', async () => {
    const { agent, user } = await signedIn('demo', 'demo123');
    const response = await agent
      .post('/api/job-descriptions/text')
      .send({ title: 'Platform Engineer', content: SAMPLE_POSTING })
      .expect(201);
    const { jobDescription } = jobDescriptionReplySchema.strict().parse(response.body);
    expect(jobDescription).toMatchObject({ title: 'Platform Engineer', content: SAMPLE_POSTING, source: { kind: 'text' } });
    const [forwarded] = jobs.requestsOn(JOBS_SUBJECTS.CREATE_FROM_TEXT);
    expect(forwarded.data).toEqual({ title: 'Platform Engineer', content: SAMPLE_POSTING });
    expect(forwarded.caller).toEqual({ id: user.id, role: 'learner' });
    expect(jobDescription.createdBy).toBe(user.id);
  });

  it('takes a long Arabic posting, well past the default 100 KB JSON limit', async () => {
    const { agent } = await signedIn('demo', 'demo123');
    const content = 'نبحث عن مهندس برمجيات يجيد TypeScript ويتمتع بمهارات التواصل. '.repeat(2_500).slice(0, 150_000);
    const response = await agent.post('/api/job-descriptions/text').send({ title: 'مهندس برمجيات', content }).expect(201);
    expect(response.body.jobDescription.detectedLanguage).toBe('ar');
  });

  it('answers 413 in words to a JSON body over 1 MB', async () => {
    const { agent } = await signedIn('demo', 'demo123');
    const response = await agent
      .post('/api/job-descriptions/text')
      .send({ title: 'x', content: 'a'.repeat(1_100_000) })
      .expect(413);
    expect(response.body).toEqual({ statusCode: 413, message: 'Request body is too large (max 1 MB)' });
    expect(jobs.received).toEqual([]);
  });

  it('refuses empty content with the spec\'s words, forwarding nothing', async () => {
    const { agent } = await signedIn('demo', 'demo123');
    const blank = await agent.post('/api/job-descriptions/text').send({ title: 'x', content: '   ' }).expect(400);
    expect(blank.body).toEqual({ statusCode: 400, message: 'content: Please enter job description content' });
    const missing = await agent.post('/api/job-descriptions/text').send({ title: 'x' }).expect(400);
    expect(missing.body.message).toBe('content: Please enter job description content');
    expect(jobs.received).toEqual([]);
  });
});

describe('reading, reviewing and deleting a posting', () => {
  it('lists postings and gets one by id', async () => {
    const { agent } = await signedIn('demo', 'demo123');
    const posting = jobs.seed({ title: 'Data Engineer' });
    const list = jobDescriptionListSchema.parse((await agent.get('/api/job-descriptions?q=data').expect(200)).body);
    expect(list.items.map((item) => item.id)).toEqual([posting.id]);

    const one = await agent.get(`/api/job-descriptions/${posting.id}`).expect(200);
    expect(jobDescriptionReplySchema.strict().parse(one.body).jobDescription).toEqual(posting);
  });

  it('answers 404 "Job description not found" for a malformed id (without asking svc-jobs) and for an unknown one', async () => {
    const { agent } = await signedIn('demo', 'demo123');
    const malformed = await agent.get('/api/job-descriptions/not-an-id').expect(404);
    expect(malformed.body).toEqual({ statusCode: 404, message: 'Job description not found' });
    expect(jobs.received).toEqual([]);

    const unknown = await agent.get(`/api/job-descriptions/${randomUUID()}`).expect(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: 'Job description not found' });
  });

  it('saves the reviewed skill set as reviewed by the signed-in user', async () => {
    const { agent, user } = await signedIn('demo', 'demo123');
    const posting = jobs.seed({ createdBy: user.id });
    const response = await agent
      .put(`/api/job-descriptions/${posting.id}/skills`)
      .send({
        approvedSkills: ['TypeScript', 'Node.js'],
        removedSkills: ['Docker'],
        customSkills: [{ name: '  Mentoring  ' }],
      })
      .expect(200);
    const reviewed = jobDescriptionReplySchema.strict().parse(response.body).jobDescription.reviewedSkills;
    expect(reviewed?.approved.map((skill) => skill.name)).toEqual(['TypeScript', 'Node.js']);
    expect(reviewed?.custom).toEqual([{ name: 'Mentoring', category: 'functional', confidence: 1, evidence: [] }]);
    expect(jobs.requestsOn(JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS)[0].data).toEqual({
      id: posting.id,
      review: {
        approvedSkills: ['TypeScript', 'Node.js'],
        removedSkills: ['Docker'],
        customSkills: [{ name: 'Mentoring', category: 'functional' }],
        // The body as validated: the lists left out are sent empty.
        skillLevels: [],
      },
    });
    expect(jobs.requestsOn(JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS)[0].caller).toEqual({ id: user.id, role: 'learner' });
    expect(reviewed?.reviewedBy).toBe(user.id);
  });

  it('refuses a review with nothing approved, in the spec\'s words, or a level off the scale', async () => {
    const { agent } = await signedIn('demo', 'demo123');
    const posting = jobs.seed();
    const response = await agent
      .put(`/api/job-descriptions/${posting.id}/skills`)
      .send({ approvedSkills: [], customSkills: [] })
      .expect(400);
    expect(response.body.message).toContain('Please approve at least one skill to continue');
    const blankCustom = await agent
      .put(`/api/job-descriptions/${posting.id}/skills`)
      .send({ approvedSkills: ['TypeScript'], customSkills: [{ name: '   ' }] })
      .expect(400);
    expect(blankCustom.body.message).toBe('customSkills.0.name: Please enter a skill name');
    const offScale = await agent
      .put(`/api/job-descriptions/${posting.id}/skills`)
      .send({ approvedSkills: ['TypeScript'], skillLevels: [{ name: 'TypeScript', level: 'guru' }] })
      .expect(400);
    expect(offScale.body.message).toBe('skillLevels.0.level: level must be basic, working, strong or expert');
    expect(jobs.received).toEqual([]);
  });

  it("leaves deleting to svc-jobs: a learner's delete of somebody else's posting is its 404; an admin deletes it", async () => {
    jobs.ownersOnly = true;
    const posting = jobs.seed({ createdBy: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' });
    const learner = await signedIn('demo', 'demo123');
    const refused = await learner.agent.delete(`/api/job-descriptions/${posting.id}`).expect(404);
    expect(refused.body).toEqual({ statusCode: 404, message: 'Job description not found' });
    expect(jobs.requestsOn(JOBS_SUBJECTS.DELETE_JOB_DESCRIPTION).map((request) => request.caller)).toEqual([
      { id: learner.user.id, role: 'learner' },
    ]);
    expect(jobs.postings.has(posting.id)).toBe(true);

    const admin = await signedIn('admin', 'admin123');
    const deleted = await admin.agent.delete(`/api/job-descriptions/${posting.id}`).expect(200);
    expect(deleteJobDescriptionReplySchema.parse(deleted.body)).toEqual({ deleted: true, id: posting.id });
    await admin.agent.get(`/api/job-descriptions/${posting.id}`).expect(404);
  });
});

describe('POST /api/demo-job-generation', () => {
  it("returns a predefined role's title and extracted skills, asked for by the signed-in user", async () => {
    const { agent, user } = await signedIn('demo', 'demo123');
    const response = await agent.post('/api/demo-job-generation').send({ jobRole: 'Data Scientist' }).expect(200);
    const reply = generateDemoJobReplySchema.strict().parse(response.body);
    expect(reply.title).toBe('Data Scientist');
    expect(reply.extractedSkills.length).toBeGreaterThan(0);
    const [forwarded] = jobs.requestsOn(JOBS_SUBJECTS.GENERATE_DEMO_JOB);
    expect(forwarded.data).toEqual({ jobRole: 'Data Scientist' });
    expect(forwarded.caller).toEqual({ id: user.id, role: 'learner' });
    expect(reply.jobDescription.createdBy).toBe(user.id);
  });

  it('refuses a role that is not one of the 15', async () => {
    const { agent } = await signedIn('demo', 'demo123');
    const response = await agent.post('/api/demo-job-generation').send({ jobRole: 'Astronaut' }).expect(400);
    expect(response.body).toEqual({ statusCode: 400, message: 'jobRole: No Job Role Selected' });
  });
});

describe('POST /api/skills/extract', () => {
  it('asks svc-ai and returns {skills} with their evidence; nothing reaches svc-jobs', async () => {
    const { agent } = await signedIn('demo', 'demo123');
    const response = await agent.post('/api/skills/extract').send({ text: SAMPLE_POSTING, language: 'en' }).expect(200);
    const reply = extractSkillsReplySchema.strict().parse(response.body);
    const typescript = reply.skills.find((skill) => skill.name === 'TypeScript');
    expect(typescript?.evidence[0]).toEqual({
      text: 'TypeScript',
      start: SAMPLE_POSTING.indexOf('TypeScript'),
      end: SAMPLE_POSTING.indexOf('TypeScript') + 'TypeScript'.length,
    });
    expect(ai.requestsOn(AI_SUBJECTS.EXTRACT_SKILLS)[0].data).toEqual({ text: SAMPLE_POSTING, language: 'en' });
    expect(jobs.received).toEqual([]);
  });

  it('refuses empty text and an unknown language with a 400 naming the field', async () => {
    const { agent } = await signedIn('demo', 'demo123');
    const empty = await agent.post('/api/skills/extract').send({ text: ' ' }).expect(400);
    expect(empty.body).toEqual({ statusCode: 400, message: 'text: Please enter job description content' });
    const language = await agent.post('/api/skills/extract').send({ text: SAMPLE_POSTING, language: 'fr' }).expect(400);
    expect(language.body.message).toMatch(/^language: /);
    // The admission is asked before the body is read; nothing is extracted.
    expect(ai.requestsOn(AI_SUBJECTS.EXTRACT_SKILLS)).toEqual([]);
  });

  it('needs a session, and is a 503 "ai is unavailable" when svc-ai is away', async () => {
    await request(platform.gateway.url).post('/api/skills/extract').send({ text: SAMPLE_POSTING }).expect(401);
    const { agent } = await signedIn('demo', 'demo123');
    await ai.down();
    const response = await agent.post('/api/skills/extract').send({ text: SAMPLE_POSTING }).expect(503);
    expect(response.body).toEqual({ statusCode: 503, message: 'ai is unavailable' });
  });
});

describe('the OpenAPI document', () => {
  it('describes every new route', async () => {
    const document = (await request(platform.gateway.url).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths['/api/job-descriptions/{id}']).sort()).toEqual(['delete', 'get']);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/job-descriptions/upload',
        '/api/job-descriptions/text',
        '/api/job-descriptions/{id}/skills',
        '/api/demo-job-generation',
        '/api/skills/extract',
      ]),
    );
    const upload = document.paths['/api/job-descriptions/upload'].post as { requestBody: { content: Record<string, unknown> } };
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
  });
});
