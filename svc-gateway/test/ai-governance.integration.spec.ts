import {
  AI_GOVERNANCE_SUBJECTS,
  AI_NOTICE_NOT_ACCEPTED_MESSAGE,
  AI_NOTICE_OUTDATED_MESSAGE,
  AI_SUBJECTS,
  aiBudgetExceededMessage,
  aiBudgetsSchema,
  aiCallPageSchema,
  aiFeatureOffMessage,
  aiFeatureSettingsListSchema,
  aiFeatureSettingsSchema,
  aiNoticeSchema,
  aiUseStatusSchema,
  COURSES_SUBJECTS,
  DEFAULT_AI_NOTICE,
  JOBS_SUBJECTS,
  MAX_AI_CALL_EXPORT_ROWS,
  nextBudgetReset,
} from '@masar/contracts';
import { Client } from 'pg';
import request from 'supertest';
import { AI_CALLS_CSV_HEADER } from '../src/ai-governance/ai-calls-csv';
import { Platform, signedInAgent, startPlatform } from './support/platform';
import { StandInCourses } from './support/stand-in-courses';
import { NO_NOTICE_MESSAGE, OPENAI_NOT_CONFIGURED_MESSAGE } from './support/stand-in-governance';
import { SAMPLE_POSTING, StandInAi, StandInJobs } from './support/stand-in-services';

/**
 * `/api/ai-governance` and the admission of the routes that start AI work, against the real gateway,
 * svc-identity (its build, for people's names), Redis and NATS, with stand-ins answering for svc-ai's
 * governance (stand-in-governance.ts), svc-jobs and svc-courses. The real svc-ai is held to the same
 * subjects by svc-gateway-svc-ai.json.
 */
let platform: Platform;
let ai: StandInAi;
let jobs: StandInJobs;
let courses: StandInCourses;

/** A learner with an Arabic name, written straight into identity's table. */
const LAYLA = { id: '3c9d2e1f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', name: 'ليلى حداد', email: 'layla@masar.test' };
/** Nobody identity knows: a person deleted since their calls. */
const GONE = '00000000-0000-4000-8000-00000000dead';

const asAdmin = () => signedInAgent(platform, 'admin', 'admin123');
const asLearner = () => signedInAgent(platform, 'demo', 'demo123');

beforeAll(async () => {
  platform = await startPlatform();
  ai = new StandInAi();
  jobs = new StandInJobs();
  courses = new StandInCourses();
  const client = new Client({ connectionString: platform.database.url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO identity.users (id, username, password_hash, role, first_name, last_name, email, preferred_language)
       VALUES ($1, 'layla', 'not-a-hash', 'learner', 'ليلى', 'حداد', $2, 'ar')`,
      [LAYLA.id, LAYLA.email],
    );
  } finally {
    await client.end();
  }
});

beforeEach(async () => {
  ai.reset();
  jobs.reset();
  courses.reset();
  await Promise.all([ai.up(), jobs.up(), courses.up()]);
});

afterAll(async () => {
  await Promise.all([ai, jobs, courses].map((standIn) => standIn?.close()));
  await platform?.stop();
});

describe('who may use the governance routes', () => {
  it('refuses a learner (403) and someone not signed in (401) every admin route, asking svc-ai nothing', async () => {
    const { agent: learner } = await asLearner();
    const anonymous = request(platform.gateway.url);
    const calls: [string, string, object?][] = [
      ['get', '/api/ai-governance/calls'],
      ['get', '/api/ai-governance/calls.csv'],
      ['get', '/api/ai-governance/features'],
      ['put', '/api/ai-governance/features/lesson-writing', { enabled: false, provider: 'offline', model: null }],
      ['get', '/api/ai-governance/budgets'],
      ['put', '/api/ai-governance/budgets', { defaultMonthlyTokens: 1, overrides: [] }],
      ['put', '/api/ai-governance/notice', DEFAULT_AI_NOTICE],
    ];
    for (const [method, path, body] of calls) {
      const asLearnerCall = learner[method as 'get'](path);
      const refused = await (body ? asLearnerCall.send(body) : asLearnerCall);
      expect([path, refused.status, refused.body.message]).toEqual([path, 403, 'You do not have permission to do this']);
      const unsigned = anonymous[method as 'get'](path).set('Origin', platform.gateway.url);
      expect((await (body ? unsigned.send(body) : unsigned)).status).toBe(401);
    }
    expect(ai.received).toEqual([]);
  });

  it('lets a learner read their own status and accept the notice', async () => {
    const { agent: learner, userId } = await asLearner();
    const before = aiUseStatusSchema.strict().parse((await learner.get('/api/ai-governance/me').expect(200)).body);
    expect(before).toMatchObject({ notice: null, noticeRequired: false, enabledFeatures: ['skill-extraction', 'lesson-writing', 'image-description', 'quality-review', 'search-answer', 'learning-helpers', 'narration', 'illustration', 'exercise-feedback'] });
    expect((await learner.post('/api/ai-governance/notice/accept').send({ version: 1 }).expect(404)).body.message).toBe(NO_NOTICE_MESSAGE);

    const { agent: admin } = await asAdmin();
    const notice = aiNoticeSchema.parse((await admin.put('/api/ai-governance/notice').send(DEFAULT_AI_NOTICE).expect(200)).body);
    expect(notice).toMatchObject({ version: 1, textAr: DEFAULT_AI_NOTICE.textAr });
    expect(aiUseStatusSchema.parse((await learner.get('/api/ai-governance/me').expect(200)).body).noticeRequired).toBe(true);

    const outdated = await learner.post('/api/ai-governance/notice/accept').send({ version: 2 }).expect(409);
    expect(outdated.body).toEqual({ statusCode: 409, message: AI_NOTICE_OUTDATED_MESSAGE });
    const accepted = aiUseStatusSchema.parse((await learner.post('/api/ai-governance/notice/accept').send({ version: 1 }).expect(200)).body);
    expect(accepted).toMatchObject({ noticeRequired: false, acceptedVersion: 1 });
    // svc-ai was told who accepted: the signed-in learner, from the session, never from the body.
    expect(ai.requestsOn(AI_GOVERNANCE_SUBJECTS.ACCEPT_NOTICE).map((received) => received.caller?.id)).toEqual([userId, userId, userId]);
  });
});

describe('bad input: a 400 naming the field, nothing forwarded', () => {
  it.each([
    ['/api/ai-governance/calls?from=2026-13-01', 'from: Give a date as YYYY-MM-DD'],
    ['/api/ai-governance/calls?from=2026-05-10&to=2026-05-01', 'to: The end date is before the start date'],
    ['/api/ai-governance/calls?feature=mind-reading', /^feature: /],
    ['/api/ai-governance/calls?outcome=maybe', /^outcome: /],
    ['/api/ai-governance/calls?userId=someone', 'userId: Not a user id'],
    ['/api/ai-governance/calls?pageSize=500', /^pageSize: /],
    ['/api/ai-governance/calls.csv?to=yesterday', 'to: Give a date as YYYY-MM-DD'],
  ])('GET %s', async (path, message) => {
    const { agent } = await asAdmin();
    const response = await agent.get(path).expect(400);
    expect(response.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(ai.received).toEqual([]);
  });

  it.each([
    [{ defaultMonthlyTokens: -1, overrides: [] }, 'defaultMonthlyTokens: A budget cannot be negative'],
    [{ defaultMonthlyTokens: 2.5, overrides: [] }, 'defaultMonthlyTokens: Give a whole number of tokens'],
    [
      { defaultMonthlyTokens: null, overrides: [{ userId: LAYLA.id, monthlyTokens: 10 }, { userId: LAYLA.id, monthlyTokens: 20 }] },
      'overrides: A person appears twice in the budgets',
    ],
    [{ defaultMonthlyTokens: null, overrides: [{ userId: LAYLA.id, monthlyTokens: -5 }] }, 'overrides.0.monthlyTokens: A budget cannot be negative'],
  ])('PUT /budgets %j', async (body, message) => {
    const { agent } = await asAdmin();
    expect((await agent.put('/api/ai-governance/budgets').send(body).expect(400)).body).toEqual({ statusCode: 400, message });
    expect(ai.received).toEqual([]);
  });

  it('refuses a notice blank to the eye in either language', async () => {
    const { agent } = await asAdmin();
    const blankArabic = await agent.put('/api/ai-governance/notice').send({ textEn: 'Use AI with care.', textAr: ' \u200F\u200B\n' }).expect(400);
    expect(blankArabic.body.message).toBe('textAr: Give the notice in Arabic');
    const blankEnglish = await agent.put('/api/ai-governance/notice').send({ textEn: '\u2066 \u2069', textAr: DEFAULT_AI_NOTICE.textAr }).expect(400);
    expect(blankEnglish.body.message).toBe('textEn: Give the notice in English');
    expect(ai.received).toEqual([]);
  });

  it('answers 404 for a feature that does not exist, and 400 for a bad setting', async () => {
    const { agent } = await asAdmin();
    const unknown = await agent.put('/api/ai-governance/features/mind-reading').send({ enabled: true, provider: 'offline', model: null }).expect(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: 'Unknown AI feature' });
    const badProvider = await agent.put('/api/ai-governance/features/lesson-writing').send({ enabled: true, provider: 'oracle', model: null }).expect(400);
    expect(badProvider.body.message).toMatch(/^provider: /);
    const badModel = await agent.put('/api/ai-governance/features/lesson-writing').send({ enabled: true, provider: 'offline', model: 'gpt 4o; rm -rf' }).expect(400);
    expect(badModel.body.message).toBe('model: A model name has letters, digits and . _ : / @ + - only');
    expect((await agent.post('/api/ai-governance/notice/accept').send({ version: 'one' }).expect(400)).body.message).toMatch(/^version: /);
    expect(ai.received).toEqual([]);
  });
});

describe('features', () => {
  it('lists them and changes one, passing on svc-ai’s 400 when openai is not configured', async () => {
    const { agent, userId } = await asAdmin();
    const list = aiFeatureSettingsListSchema.strict().parse((await agent.get('/api/ai-governance/features').expect(200)).body);
    expect(list.items.map((item) => [item.feature, item.enabled, item.provider])).toEqual([
      ['skill-extraction', true, 'offline'],
      ['lesson-writing', true, 'offline'],
      ['image-description', true, 'offline'],
      ['quality-review', true, 'offline'],
      ['search-answer', true, 'offline'],
      ['learning-helpers', true, 'offline'],
      ['narration', true, 'offline'],
      ['illustration', true, 'offline'],
      ['exercise-feedback', true, 'offline'],
    ]);
    const off = aiFeatureSettingsSchema.parse(
      (await agent.put('/api/ai-governance/features/lesson-writing').send({ enabled: false, provider: 'offline', model: '' }).expect(200)).body,
    );
    expect(off).toMatchObject({ feature: 'lesson-writing', enabled: false, model: null, updatedBy: userId });
    expect(ai.requestsOn(AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE)[0].data).toEqual({ feature: 'lesson-writing', enabled: false, provider: 'offline', model: null });

    const openai = await agent.put('/api/ai-governance/features/image-description').send({ enabled: true, provider: 'openai', model: 'gpt-4o' }).expect(400);
    expect(openai.body).toEqual({ statusCode: 400, message: OPENAI_NOT_CONFIGURED_MESSAGE });
  });
});

describe('the call log', () => {
  it('answers a page with people named from svc-identity (unknown: null), asking once per person', async () => {
    const { agent, userId: adminId } = await asAdmin();
    ai.governance.seedCalls(
      { userId: LAYLA.id, userRole: 'learner', at: '2026-05-03T10:00:00.000Z', feature: 'lesson-writing', provider: 'openai', model: 'gpt-4o-mini', inputTokens: 300, outputTokens: 200 },
      { userId: LAYLA.id, userRole: 'learner', at: '2026-05-02T10:00:00.000Z' },
      { userId: GONE, userRole: 'learner', at: '2026-05-01T10:00:00.000Z', outcome: 'refused', statusCode: 403, error: aiFeatureOffMessage('skill-extraction') },
      { userId: adminId, userRole: 'admin', at: '2026-04-30T10:00:00.000Z' },
      { userId: null, at: '2026-04-29T10:00:00.000Z' },
    );
    const page = aiCallPageSchema.strict().parse((await agent.get('/api/ai-governance/calls?from=2026-04-30&pageSize=3').expect(200)).body);
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 3, totals: { calls: 4, inputTokens: 300, outputTokens: 200, failed: 0, refused: 1 } });
    expect(page.items.map((call) => [call.userName, call.userEmail])).toEqual([
      [LAYLA.name, LAYLA.email],
      [LAYLA.name, LAYLA.email],
      [null, null],
    ]);
    expect(ai.requestsOn(AI_GOVERNANCE_SUBJECTS.LIST_CALLS)[0].data).toEqual({ from: '2026-04-30', page: 1, pageSize: 3 });

    const second = aiCallPageSchema.parse((await agent.get('/api/ai-governance/calls?from=2026-04-30&pageSize=3&page=2').expect(200)).body);
    expect(second.items.map((call) => [call.userId, call.userName])).toEqual([[adminId, 'Amal Haddad']]);
    const own = aiCallPageSchema.parse((await agent.get('/api/ai-governance/calls?to=2026-04-29').expect(200)).body);
    expect(own.items.map((call) => [call.userId, call.userName, call.userEmail])).toEqual([[null, null, null]]);
  });
});

describe('the CSV export', () => {
  const parseCsv = (text: string) => {
    // Enough of RFC 4180 for the test: quoted cells may hold commas, doubled quotes and line breaks.
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = '';
    let quoted = false;
    for (let index = 0; index < text.length; index += 1) {
      const char = text[index];
      if (quoted) {
        if (char === '"' && text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else if (char === '"') quoted = false;
        else cell += char;
      } else if (char === '"') quoted = true;
      else if (char === ',') {
        row.push(cell);
        cell = '';
      } else if (char === '\r' && text[index + 1] === '\n') {
        row.push(cell);
        rows.push(row);
        row = [];
        cell = '';
        index += 1;
      } else cell += char;
    }
    return rows;
  };

  it('downloads every matching call: BOM, header row, quoting, formulas neutralised, Arabic intact', async () => {
    const { agent } = await asAdmin();
    ai.governance.seedCalls(
      {
        userId: LAYLA.id,
        userRole: 'learner',
        at: '2026-05-03T10:00:00.000Z',
        feature: 'lesson-writing',
        provider: 'openai',
        model: '=HYPERLINK("http://evil.test","click")',
        promptTemplate: 'lesson-composition',
        promptVersion: 2,
        inputTokens: 1200,
        outputTokens: 800,
        outcome: 'failed',
        statusCode: 502,
        error: 'The model said: "no", then\nstopped, twice',
        requestId: '@request-1',
      },
      { userId: GONE, userRole: 'learner', at: '2026-05-02T09:30:00.000Z', outcome: 'refused', statusCode: 429, error: '-1 tokens left' },
      { userId: null, at: '2026-05-01T08:00:00.000Z', requestId: null },
      { userId: LAYLA.id, userRole: 'learner', at: '2026-04-01T08:00:00.000Z' },
    );
    const response = await agent.get('/api/ai-governance/calls.csv?from=2026-05-01&page=3&pageSize=1').buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="masar-ai-calls-${new Date().toISOString().slice(0, 10)}.csv"`);
    const bytes = response.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([...AI_CALLS_CSV_HEADER]);
    expect(rows.slice(1)).toEqual([
      [
        '2026-05-03 10:00:00', LAYLA.name, LAYLA.email, 'learner', 'Lesson writing', 'openai', `'=HYPERLINK("http://evil.test","click")`,
        'lesson-composition', '2', '1200', '800', '100', '50', '10', 'failed', '502', 'The model said: "no", then\nstopped, twice', "'@request-1",
      ],
      ['2026-05-02 09:30:00', GONE, '', 'learner', 'Skill extraction', 'offline', 'built-in', '', '', '0', '0', '100', '50', '10', 'refused', '429', "'-1 tokens left", expect.any(String)],
      ['2026-05-01 08:00:00', 'Masar', '', '', 'Skill extraction', 'offline', 'built-in', '', '', '0', '0', '100', '50', '10', 'succeeded', '', '', ''],
    ]);
    // The filters were kept, the page of the screen was not: the export read svc-ai's log 100 at a time.
    expect(ai.requestsOn(AI_GOVERNANCE_SUBJECTS.LIST_CALLS).map((received) => received.data)).toEqual([{ from: '2026-05-01', page: 1, pageSize: 100 }]);
  });

  it('reads the log page after page, each call once', async () => {
    const { agent } = await asAdmin();
    const start = Date.parse('2026-03-01T00:00:00.000Z');
    ai.governance.seedCalls(...Array.from({ length: 250 }, (_, index) => ({ at: new Date(start + index * 60_000).toISOString() })));
    const text = (await agent.get('/api/ai-governance/calls.csv').expect(200)).text;
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(251);
    expect(ai.requestsOn(AI_GOVERNANCE_SUBJECTS.LIST_CALLS).map((received) => (received.data as { page: number }).page)).toEqual([1, 2, 3]);
  });

  it('refuses more than 50,000 matching calls with a 400 saying to narrow the filters', async () => {
    const { agent } = await asAdmin();
    const at = new Date().toISOString();
    ai.governance.seedCalls(...Array.from({ length: MAX_AI_CALL_EXPORT_ROWS + 1 }, () => ({ at })));
    const response = await agent.get('/api/ai-governance/calls.csv').expect(400);
    expect(response.body).toEqual({ statusCode: 400, message: 'More than 50,000 calls match: narrow the dates or filters' });
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(ai.requestsOn(AI_GOVERNANCE_SUBJECTS.LIST_CALLS)).toHaveLength(1);
  });
});

describe('budgets', () => {
  it('reads and sets them, with people named', async () => {
    const { agent } = await asAdmin();
    ai.governance.seedCalls({ userId: LAYLA.id, userRole: 'learner', provider: 'openai', model: 'gpt-4o-mini', inputTokens: 700, outputTokens: 300 });
    const before = aiBudgetsSchema.strict().parse((await agent.get('/api/ai-governance/budgets').expect(200)).body);
    expect(before).toMatchObject({ defaultMonthlyTokens: null, overrides: [], usage: [{ userId: LAYLA.id, usedTokens: 1000, userName: LAYLA.name, userEmail: LAYLA.email }] });
    const saved = aiBudgetsSchema.parse(
      (await agent.put('/api/ai-governance/budgets').send({ defaultMonthlyTokens: 50_000, overrides: [{ userId: LAYLA.id, monthlyTokens: 800 }, { userId: GONE, monthlyTokens: 10 }] }).expect(200)).body,
    );
    expect(saved.overrides).toEqual([
      { userId: LAYLA.id, monthlyTokens: 800, userName: LAYLA.name, userEmail: LAYLA.email },
      { userId: GONE, monthlyTokens: 10, userName: null, userEmail: null },
    ]);
    expect(saved.usage[0]).toMatchObject({ userId: LAYLA.id, monthlyTokens: 800 });
  });
});

describe('admission of the routes that start AI work', () => {
  it('answers 403 while lesson writing is off: Ready AI, course from documents, enhancements; nothing reaches svc-courses', async () => {
    ai.governance.setFeature('lesson-writing', { enabled: false });
    const { agent } = await asAdmin();
    const refusal = { statusCode: 403, message: aiFeatureOffMessage('lesson-writing') };
    const readyAi = await agent.post('/api/courses/create-from-categories').send({ courses: [{ id: '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b' }] });
    expect([readyAi.status, readyAi.body]).toEqual([403, refusal]);
    const documents = await agent
      .post('/api/courses/ai-generate-with-files')
      .field('courseData', JSON.stringify({ title: 'Safety', description: 'Warehouse safety' }))
      .attach('files', Buffer.from('Chapter 1. Lifting safely.'), { filename: 'safety.txt', contentType: 'text/plain' });
    expect([documents.status, documents.body]).toEqual([403, refusal]);
    const enhancement = await agent.post('/api/ai-agents/enhancements').send({ fromQuality: true });
    expect([enhancement.status, enhancement.body]).toEqual([403, refusal]);
    expect(courses.received).toEqual([]);
    // Skill extraction is still on.
    await (await asLearner()).agent.post('/api/skills/extract').send({ text: SAMPLE_POSTING }).expect(200);
    expect(ai.requestsOn(AI_GOVERNANCE_SUBJECTS.ADMIT).map((received) => received.data)).toEqual([
      { feature: 'lesson-writing' },
      { feature: 'lesson-writing' },
      { feature: 'lesson-writing' },
      { feature: 'skill-extraction' },
    ]);
  });

  it('answers 428 to a learner who has not accepted the notice, then lets them through once they have', async () => {
    ai.governance.publishNotice(DEFAULT_AI_NOTICE);
    const { agent } = await asLearner();
    // Every put in the uploads bucket while the learner is refused (the stand-in deletes what it reads, so a listing would not tell).
    const bucket = await jobs.objectStore();
    const watcher = await bucket.watch({ ignoreDeletes: false, includeHistory: false });
    const puts: string[] = [];
    const watched = (async () => {
      for await (const info of watcher) if (info && !info.deleted) puts.push(info.name);
    })();
    const refusal = { statusCode: 428, message: AI_NOTICE_NOT_ACCEPTED_MESSAGE };
    const text = await agent.post('/api/job-descriptions/text').send({ title: 'Backend', content: SAMPLE_POSTING });
    expect([text.status, text.body]).toEqual([428, refusal]);
    const upload = await agent.post('/api/job-descriptions/upload').attach('file', Buffer.from(SAMPLE_POSTING), { filename: 'posting.txt', contentType: 'text/plain' });
    expect([upload.status, upload.body]).toEqual([428, refusal]);
    const extract = await agent.post('/api/skills/extract').send({ text: SAMPLE_POSTING });
    expect([extract.status, extract.body]).toEqual([428, refusal]);
    expect(jobs.received).toEqual([]);
    expect(ai.requestsOn(AI_SUBJECTS.EXTRACT_SKILLS)).toEqual([]);
    await jobs.flush();
    watcher.stop();
    await watched;
    expect(puts).toEqual([]);

    await agent.post('/api/ai-governance/notice/accept').send({ version: 1 }).expect(200);
    await agent.post('/api/job-descriptions/text').send({ title: 'Backend', content: SAMPLE_POSTING }).expect(201);
    expect(jobs.requestsOn(JOBS_SUBJECTS.CREATE_FROM_TEXT)).toHaveLength(1);
    // Admins are never asked to accept.
    const { agent: admin } = await asAdmin();
    await admin.post('/api/skills/extract').send({ text: SAMPLE_POSTING }).expect(200);
  });

  it('answers 429 with the reset date once the monthly budget is used up', async () => {
    const { agent, userId } = await asLearner();
    ai.governance.setBudgets(1000);
    ai.governance.seedCalls({ userId, userRole: 'learner', provider: 'openai', model: 'gpt-4o-mini', inputTokens: 600, outputTokens: 400 });
    const response = await agent.post('/api/skills/extract').send({ text: SAMPLE_POSTING }).expect(429);
    expect(response.body).toEqual({ statusCode: 429, message: aiBudgetExceededMessage(1000, nextBudgetReset(new Date())) });
    expect(response.body.message).toMatch(/^You have used your monthly AI budget of 1,000 tokens\. It resets on 1 \w+ \d{4}\.$/);
    expect(ai.requestsOn(AI_SUBJECTS.EXTRACT_SKILLS)).toEqual([]);
  });

  it('answers 503 for image description set to openai while none is configured, describing nothing', async () => {
    ai.governance.setFeature('image-description', { provider: 'openai' });
    const { agent } = await asAdmin();
    const response = await agent.post('/api/courses/analyze-image').send({ image: 'iVBORw0KGgo=' }).expect(503);
    expect(response.body.message).toBe('Image description is set to use an OpenAI-compatible model, but none is configured (OPENAI_API_KEY)');
    expect(ai.requestsOn(AI_SUBJECTS.DESCRIBE_IMAGE)).toEqual([]);
  });

  it('leaves routes that start no AI work alone', async () => {
    ai.governance.setFeature('lesson-writing', { enabled: false });
    const { agent } = await asAdmin();
    await agent.get('/api/courses').expect(200);
    await agent.post('/api/courses/create-defaults').expect(201);
    expect(courses.requestsOn(COURSES_SUBJECTS.CREATE_DEFAULTS)).toHaveLength(1);
    expect(ai.requestsOn(AI_GOVERNANCE_SUBJECTS.ADMIT)).toEqual([]);
  });

  it('is listed in the OpenAPI document', async () => {
    const document = (await request(platform.gateway.url).get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/ai-governance/calls',
        '/api/ai-governance/calls.csv',
        '/api/ai-governance/features',
        '/api/ai-governance/features/{feature}',
        '/api/ai-governance/budgets',
        '/api/ai-governance/notice',
        '/api/ai-governance/me',
        '/api/ai-governance/notice/accept',
      ]),
    );
    expect(Object.keys(document.paths['/api/courses/create-from-categories'].post.responses)).toEqual(expect.arrayContaining(['403', '428', '429']));
  });
});
