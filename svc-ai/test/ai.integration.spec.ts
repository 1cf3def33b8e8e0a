import {
  AI_SUBJECTS,
  aiHealthReplySchema,
  composeLessonsReplySchema,
  describeImageReplySchema,
  extractSkillsReplySchema,
  healthSubjectOf,
  IMAGE_ANALYSIS_OFFLINE_MESSAGE,
  OFFLINE_MODEL_NAME,
} from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { bootstrap } from '../src/main';
import { citationOf } from '../src/providers/lesson-composer';
import { TAXONOMY_VERSION } from '../src/skills/taxonomy/taxonomy';
import { aggregationSource, catalogSource, composeRequest, courseOutline, JOINS_TEXT, plannedLesson } from './support/compose-request.factory';
import { chatCompletion, FakeOpenAiServer } from './support/fake-openai-server';
import { startAiWithFakeModel, stopAiWithFakeModel } from './support/ai-with-fake-model';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, LogCapture, requestOverNats } from '@masar/contracts/service-kit/testing';
import { ONE_PIXEL_PNG, PDF_AS_BASE64 } from './support/sample-images';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

const ENGLISH_POSTING = [
  'Backend Engineer',
  'Requirements:',
  '- 4+ years of Python and PostgreSQL.',
  '- Experience with Kubernetes (K8s) and Docker.',
  '- No Java experience required.',
].join('\n');
const ARABIC_POSTING = 'المتطلبات:\n- خبرة في بايثون وقواعد البيانات.\n- معرفة بكوبرنيتيس.';

/** A module as svc-courses asks for it: a lesson with catalog sources, a quiz on them, and a lesson nothing covers. */
const MODULE_REQUEST = {
  course: { title: 'Data Foundations', description: 'Query business data with SQL.', objective: 'Write correct SQL queries' },
  lessons: [
    plannedLesson({ key: 'joins', sources: [catalogSource(), aggregationSource()] }),
    plannedLesson({ key: 'quiz', title: 'Check your understanding', type: 'quiz' }),
    plannedLesson({ key: 'graphs', title: 'Graph databases', sources: [] }),
  ],
};
const PNG_REQUEST = { image: ONE_PIXEL_PNG, mediaType: 'image/png', title: 'Warehouse Safety' };

describe('svc-ai on real NATS, offline provider', () => {
  const logs = new LogCapture();
  let app: INestMicroservice;
  let database: FreshDatabase;
  let nats: NatsConnection;

  beforeAll(async () => {
    database = await createFreshDatabase('ai');
    app = await bootstrap({ DATABASE_URL: database.url, NATS_URL, LOG_LEVEL: 'info' }, logs);
    nats = await connectToNatsAs('gateway');
  });

  afterAll(async () => {
    await nats?.drain();
    await app?.close();
    await database?.drop();
  });

  it('answers its health subject, reporting the configured provider', async () => {
    const reply = await requestOverNats(nats, healthSubjectOf('ai'), {}, 'it-ai-health');
    const health = aiHealthReplySchema.parse(reply.response);
    expect(health).toMatchObject({ service: 'ai', status: 'up', checks: { provider: 'up' }, provider: 'offline' });
  });

  it('logs one structured line per handled message, carrying the request id from the headers', () => {
    expect(logs.lines.filter((line) => line.requestId === 'it-ai-health')).toEqual([
      expect.objectContaining({ service: 'svc-ai', subject: 'ai.health', outcome: 'ok', durationMs: expect.any(Number) }),
    ]);
  });

  it('extracts skills with evidence from an English posting', async () => {
    const reply = await requestOverNats(nats, AI_SUBJECTS.EXTRACT_SKILLS, { text: ENGLISH_POSTING });
    const result = extractSkillsReplySchema.parse(reply.response);
    expect(result).toMatchObject({ language: 'en', provider: 'offline', taxonomyVersion: TAXONOMY_VERSION });
    const names = result.skills.map((skill) => skill.name);
    expect(names).toEqual(expect.arrayContaining(['Python', 'PostgreSQL', 'Kubernetes', 'Docker']));
    expect(names).not.toContain('Java');
    for (const skill of result.skills) {
      for (const evidence of skill.evidence) expect(ENGLISH_POSTING.slice(evidence.start, evidence.end)).toBe(evidence.text);
    }
  });

  it('detects an Arabic posting and keeps its evidence offsets exact', async () => {
    const reply = await requestOverNats(nats, AI_SUBJECTS.EXTRACT_SKILLS, { text: ARABIC_POSTING });
    const result = extractSkillsReplySchema.parse(reply.response);
    expect(result.language).toBe('ar');
    expect(result.skills.map((skill) => skill.name)).toEqual(expect.arrayContaining(['Python', 'Kubernetes']));
    for (const skill of result.skills) {
      for (const evidence of skill.evidence) expect(ARABIC_POSTING.slice(evidence.start, evidence.end)).toBe(evidence.text);
    }
  });

  it.each([
    [{ text: '   ' }, 'text: Please enter job description content'],
    [{}, 'text: This field is required'],
    [{ text: 'Python', language: 'fr' }, 'language: Invalid option: expected one of "en"|"ar"'],
  ])('refuses a bad request (%j) with a 400 naming the field', async (payload, message) => {
    const reply = await requestOverNats(nats, AI_SUBJECTS.EXTRACT_SKILLS, payload);
    expect(reply.err).toEqual({ statusCode: 400, message });
  });

  it('composes a module’s lessons from their sources, in order, each citing what it used', async () => {
    const reply = await requestOverNats(nats, AI_SUBJECTS.COMPOSE_LESSONS, MODULE_REQUEST, 'it-ai-compose');
    const result = composeLessonsReplySchema.parse(reply.response);
    expect(result.provider).toBe('offline');
    expect(result.model).toBe(OFFLINE_MODEL_NAME);
    const [joins, quiz, graphs] = result.lessons;
    expect(result.lessons.map((lesson) => lesson.key)).toEqual(['joins', 'quiz', 'graphs']);
    expect(joins.content.startsWith(JOINS_TEXT)).toBe(true);
    expect(joins.citations).toEqual([citationOf(catalogSource()), citationOf(aggregationSource())]);
    expect(quiz.content).toMatch(/^1\. .+\nAnswer: .+\nExplanation: .+/);
    expect(graphs).toMatchObject({ keyPoints: [], activities: [], citations: [] });
    expect(graphs.content).toMatch(/^No lesson in the Masar library covers “Graph databases” yet\./);
    expect(logs.lines.filter((line) => line.requestId === 'it-ai-compose')).toEqual([
      expect.objectContaining({ subject: AI_SUBJECTS.COMPOSE_LESSONS, outcome: 'ok' }),
    ]);
  });

  it('refuses a compose request without lessons with a 400 naming the field', async () => {
    const reply = await requestOverNats(nats, AI_SUBJECTS.COMPOSE_LESSONS, { course: courseOutline(), lessons: [] });
    expect(reply.err).toEqual({ statusCode: 400, message: expect.stringMatching(/^lessons: /) });
  });

  it('answers 501 to an image description offline, saying what to configure', async () => {
    const reply = await requestOverNats(nats, AI_SUBJECTS.DESCRIBE_IMAGE, PNG_REQUEST);
    expect(reply.err).toEqual({ statusCode: 501, message: IMAGE_ANALYSIS_OFFLINE_MESSAGE });
  });

  it('refuses bytes that are not the declared image with a 400', async () => {
    const reply = await requestOverNats(nats, AI_SUBJECTS.DESCRIBE_IMAGE, { ...PNG_REQUEST, image: PDF_AS_BASE64 });
    expect(reply.err).toEqual({ statusCode: 400, message: 'The file is not a PNG, JPEG, GIF or WebP image' });
  });
});

describe('svc-ai on real NATS, OpenAI provider against a loopback server', () => {
  const model = new FakeOpenAiServer();
  let app: INestMicroservice;
  let database: FreshDatabase;
  let nats: NatsConnection;

  beforeAll(async () => {
    ({ database, app, nats } = await startAiWithFakeModel(model, 'ai', { OPENAI_TIMEOUT_MS: '300', OPENAI_MAX_RETRIES: '1' }));
  });

  afterAll(() => stopAiWithFakeModel({ database, app, nats }, model));

  beforeEach(() => model.reset());

  it('is chosen because an API key is configured, and says so in its health and replies', async () => {
    const health = aiHealthReplySchema.parse((await requestOverNats(nats, healthSubjectOf('ai'), {})).response);
    expect(health.provider).toBe('openai');

    model.answerWith(() => chatCompletion(JSON.stringify({ skills: [{ name: 'Kubernetes', evidence: ['Kubernetes (K8s)'] }] })));
    const reply = await requestOverNats(nats, AI_SUBJECTS.EXTRACT_SKILLS, { text: ENGLISH_POSTING });
    const result = extractSkillsReplySchema.parse(reply.response);
    expect(result.provider).toBe('openai');
    expect(result.skills.map((skill) => [skill.name, skill.evidence[0].text])).toEqual([['Kubernetes', 'Kubernetes (K8s)']]);
  });

  it('answers 503 with the reason when the model does not answer, after a bounded number of attempts', async () => {
    model.answerWith(() => 'hang');
    const reply = await requestOverNats(nats, AI_SUBJECTS.EXTRACT_SKILLS, { text: ENGLISH_POSTING });
    expect(reply.err).toEqual({
      statusCode: 503,
      message: 'The AI model is unavailable: it did not answer within 0.3 s (2 attempts)',
    });
    expect(model.requests).toHaveLength(2);
  });

  it('composes lessons with the model, citing only the sources it used that exist', async () => {
    model.answerWith(() =>
      chatCompletion(JSON.stringify({ content: 'Joins combine tables.', keyPoints: ['Joins combine tables.'], activities: [], usedSources: [2, 9] })),
    );
    const reply = await requestOverNats(nats, AI_SUBJECTS.COMPOSE_LESSONS, composeRequest([plannedLesson()]));
    const result = composeLessonsReplySchema.parse(reply.response);
    expect(result).toEqual({
      provider: 'openai',
      model: 'fake-model',
      lessons: [{ key: 'm1-l1', content: 'Joins combine tables.', keyPoints: ['Joins combine tables.'], activities: [], citations: [citationOf(aggregationSource())] }],
    });
  });

  it('describes an image with the model', async () => {
    model.answerWith(() => chatCompletion('A practical course on warehouse safety. Learners practise safe routines on the floor.'));
    const reply = await requestOverNats(nats, AI_SUBJECTS.DESCRIBE_IMAGE, PNG_REQUEST);
    expect(describeImageReplySchema.parse(reply.response)).toEqual({
      description: 'A practical course on warehouse safety. Learners practise safe routines on the floor.',
      provider: 'openai',
    });
  });

  it('answers 503 with the reason when the model does not answer a compose request', async () => {
    model.answerWith(() => 'hang');
    const reply = await requestOverNats(nats, AI_SUBJECTS.COMPOSE_LESSONS, composeRequest([plannedLesson()]));
    expect(reply.err).toEqual({ statusCode: 503, message: 'The AI model is unavailable: it did not answer within 0.3 s (2 attempts)' });
  });
});
