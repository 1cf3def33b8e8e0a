import { AI_SUBJECTS, aiHealthReplySchema, extractSkillsReplySchema, healthSubjectOf } from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { connect, NatsConnection } from 'nats';
import { bootstrap } from '../src/main';
import { TAXONOMY_VERSION } from '../src/skills/taxonomy/taxonomy';
import { chatCompletion, FakeOpenAiServer } from './support/fake-openai-server';
import { LogCapture } from './support/log-capture';
import { requestOverNats } from './support/nats-requester';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

const ENGLISH_POSTING = [
  'Backend Engineer',
  'Requirements:',
  '- 4+ years of Python and PostgreSQL.',
  '- Experience with Kubernetes (K8s) and Docker.',
  '- No Java experience required.',
].join('\n');
const ARABIC_POSTING = 'المتطلبات:\n- خبرة في بايثون وقواعد البيانات.\n- معرفة بكوبرنيتيس.';

describe('svc-ai on real NATS, offline provider', () => {
  const logs = new LogCapture();
  let app: INestMicroservice;
  let nats: NatsConnection;

  beforeAll(async () => {
    app = await bootstrap({ NATS_URL, LOG_LEVEL: 'info' }, logs);
    nats = await connect({ servers: NATS_URL });
  });

  afterAll(async () => {
    await nats?.drain();
    await app?.close();
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
});

describe('svc-ai on real NATS, OpenAI provider against a loopback server', () => {
  const model = new FakeOpenAiServer();
  let app: INestMicroservice;
  let nats: NatsConnection;

  beforeAll(async () => {
    await model.start();
    app = await bootstrap({
      NATS_URL,
      LOG_LEVEL: 'silent',
      OPENAI_API_KEY: 'sk-fake',
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_MODEL: 'fake-model',
      OPENAI_TIMEOUT_MS: '300',
      OPENAI_MAX_RETRIES: '1',
    });
    nats = await connect({ servers: NATS_URL });
  });

  afterAll(async () => {
    await nats?.drain();
    await app?.close();
    await model.stop();
  });

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
});
