import {
  AI_GOVERNANCE_SUBJECTS,
  AI_SUBJECTS,
  aiCallPageSchema,
  Caller,
  decodeEmbedding,
  EMBEDDINGS_NOT_CONFIGURED_MESSAGE,
  embedSearchTextsReplySchema,
} from '@masar/contracts';
import { bootstrap } from '../src/main';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, NestReply, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { SearchEmbeddingsPruner } from '../src/search-embeddings/search-embeddings-pruner';
import { sha256Of } from '../src/search-embeddings/search-embeddings.service';
import { conceptVector, embeddingsAnswer, FakeOpenAiServer } from './support/fake-openai-server';
import { startAiWithFakeModel, stopAiWithFakeModel } from './support/ai-with-fake-model';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };
const PIVOT = 'A pivot table summarises thousands of rows into totals by region.';
const HELMETS = 'Wear a helmet wherever a hazard sign is posted.';
/** The reply's vectors as numbers (float32, as they travel). */
const vectorsOf = (response: unknown) => embedSearchTextsReplySchema.parse(response).vectors.map(decodeEmbedding);
const float32 = (vector: number[]) => vector.map(Math.fround);
const inputsOf = (model: FakeOpenAiServer) => model.requests.map((request) => (request.body as { input: string[] }).input);

/** `ai.search.embed` against a fake OpenAI-compatible `/v1/embeddings` (real Postgres and NATS), asked as svc-courses asks. */
describe('svc-ai search embeddings with an OpenAI-compatible endpoint', () => {
  const model = new FakeOpenAiServer();
  let database: FreshDatabase;
  let app: INestMicroservice;
  let gateway: NatsConnection;
  let courses: NatsConnection;

  beforeAll(async () => {
    ({ database, app, nats: gateway } = await startAiWithFakeModel(model, 'ai_search_embeddings', { OPENAI_EMBEDDING_MODEL: 'fake-embedder' }));
    courses = await connectToNatsAs('courses');
  });

  afterAll(async () => {
    await courses?.drain();
    await stopAiWithFakeModel({ database, app, nats: gateway }, model);
  });

  beforeEach(async () => {
    model.reset();
    model.answerWith((request) => embeddingsAnswer(request));
    await app.get(DataSource).query('TRUNCATE ai.ai_calls, ai.ai_feature_settings, ai.search_embeddings');
  });

  const embed = (texts: string[], caller: Caller = ADMIN): Promise<NestReply> => requestOverNats(courses, AI_SUBJECTS.EMBED_SEARCH_TEXTS, { texts }, undefined, caller);

  it('answers one vector per text from the endpoint, in order, and logs the call under search', async () => {
    const reply = await embed(['pivot tables', PIVOT, HELMETS]);
    expect(reply.err).toBeUndefined();
    expect(embedSearchTextsReplySchema.parse(reply.response).model).toBe('fake-embedder');
    expect(vectorsOf(reply.response)).toEqual([conceptVector('pivot tables'), conceptVector(PIVOT), conceptVector(HELMETS)].map(float32));
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0].path).toBe('/v1/embeddings');
    expect(model.requests[0].body).toMatchObject({ model: 'fake-embedder', input: ['pivot tables', PIVOT, HELMETS] });
    const [call] = aiCallPageSchema.parse((await requestOverNats(gateway, AI_GOVERNANCE_SUBJECTS.LIST_CALLS, { pageSize: 5 }, undefined, ADMIN)).response).items;
    expect(call).toMatchObject({ userId: ADMIN.id, feature: 'search-answer', provider: 'openai', model: 'fake-embedder', outcome: 'succeeded' });
    expect(call.inputTokens).toBeGreaterThan(0);
  });

  it('asks the endpoint only for texts it has not embedded before: a repeated search sends only its new query', async () => {
    await embed(['pivot tables', PIVOT, HELMETS]);
    model.reset();
    const again = await embed(['pivot tables', PIVOT, HELMETS]);
    expect(again.err).toBeUndefined();
    expect(model.requests).toHaveLength(0);
    expect(vectorsOf(again.response)).toEqual([conceptVector('pivot tables'), conceptVector(PIVOT), conceptVector(HELMETS)].map(float32));

    const other = await embed(['summarising sales', PIVOT, HELMETS]);
    expect(inputsOf(model)).toEqual([['summarising sales']]);
    expect(vectorsOf(other.response)[0]).toEqual(float32(conceptVector('summarising sales')));

    // A changed passage is a new text: it is embedded anew.
    await embed(['summarising sales', `${PIVOT} Refresh it after new rows arrive.`]);
    expect(inputsOf(model)).toEqual([['summarising sales'], [`${PIVOT} Refresh it after new rows arrive.`]]);
  });

  it('answers 503 when the endpoint fails or does not answer in time, and logs the failure', async () => {
    model.answerWith(() => ({ status: 500, body: { error: { message: 'down' } } }));
    const failed = await embed(['pivot tables', PIVOT]);
    expect(failed.err).toMatchObject({ statusCode: 503, message: expect.stringContaining('embeddings model is unavailable') });

    model.answerWith(() => 'hang');
    const slow = await embed(['pivot tables', PIVOT]);
    expect(slow.err).toMatchObject({ statusCode: 503, message: expect.stringContaining('did not answer within 1.5 s') });
    const calls = aiCallPageSchema.parse((await requestOverNats(gateway, AI_GOVERNANCE_SUBJECTS.LIST_CALLS, { pageSize: 5 }, undefined, ADMIN)).response).items;
    expect(calls.map((call) => [call.outcome, call.model])).toEqual([
      ['failed', 'fake-embedder'],
      ['failed', 'fake-embedder'],
    ]);
    expect(await app.get(DataSource).query('SELECT 1 FROM ai.search_embeddings')).toEqual([]);
  });

  it('refuses when an admin has switched search’s AI off, even for cached vectors, without calling the endpoint', async () => {
    await embed(['pivot tables']);
    model.reset();
    await requestOverNats(gateway, AI_GOVERNANCE_SUBJECTS.UPDATE_FEATURE, { feature: 'search-answer', enabled: false, provider: 'openai', model: null }, undefined, ADMIN).then((reply) =>
      expect(reply.err).toBeUndefined(),
    );
    const refused = await embed(['pivot tables']);
    expect(refused.err).toMatchObject({ statusCode: 403 });
    expect(model.requests).toHaveLength(0);
  });

  it('prunes vectors no search has read for SEARCH_EMBEDDINGS_RETENTION_DAYS (30), keeping the ones searches still read', async () => {
    const sql = app.get(DataSource);
    const STALE = 'A passage that was rewritten since: nobody asks for its old text again.';
    await embed(['pivot tables', PIVOT, STALE]);
    const keyOf = (text: string) => sha256Of(text);
    const age = (text: string, days: number) =>
      sql.query(`UPDATE ai.search_embeddings SET used_at = now() - make_interval(days => $2::int) WHERE text_sha256 = $1`, [keyOf(text), days]);
    await age(STALE, 31);
    await age(PIVOT, 31);
    await age('pivot tables', 2);
    // A search reads PIVOT again before the pruner runs: it is marked used and stays.
    model.reset();
    expect((await embed(['pivot tables', PIVOT])).err).toBeUndefined();
    expect(model.requests).toHaveLength(0);

    expect(await app.get(SearchEmbeddingsPruner).prune()).toBe(1);
    const kept = await sql.query<Array<{ key: string }>>(`SELECT text_sha256 AS key FROM ai.search_embeddings`);
    expect(kept.map((row) => row.key).sort()).toEqual([keyOf('pivot tables'), keyOf(PIVOT)].sort());
    // Read within the hour after being marked: no write at every read.
    const [{ recent }] = await sql.query(`SELECT bool_and(used_at > now() - interval '1 hour') AS recent FROM ai.search_embeddings WHERE text_sha256 = $1`, [keyOf(PIVOT)]);
    expect(recent).toBe(true);
    expect(await app.get(SearchEmbeddingsPruner).prune()).toBe(0);

    // The pruned text is embedded anew the next time a search needs it.
    await embed([STALE]);
    expect(inputsOf(model)).toEqual([[STALE]]);
  });

  it('refuses a request outside the contract with a 400 and calls nothing', async () => {
    const reply = await embed(['pivot', '   ']);
    expect(reply.err).toMatchObject({ statusCode: 400 });
    expect(model.requests).toHaveLength(0);
  });
});

describe('svc-ai search embeddings without OPENAI_API_KEY', () => {
  const model = new FakeOpenAiServer();
  let database: FreshDatabase;
  let app: INestMicroservice;
  let courses: NatsConnection;

  beforeAll(async () => {
    await model.start();
    database = await createFreshDatabase('ai_search_embeddings_offline');
    // The endpoint's address is configured, its key is not: nothing may call it.
    app = await bootstrap({ DATABASE_URL: database.url, NATS_URL, LOG_LEVEL: 'silent', OPENAI_BASE_URL: model.baseUrl });
    courses = await connectToNatsAs('courses');
  });

  afterAll(async () => {
    await courses?.drain();
    await app?.close();
    await database?.drop();
    await model.stop();
  });

  it('answers 503 saying embeddings are not configured, and never calls the endpoint', async () => {
    const reply = await requestOverNats(courses, AI_SUBJECTS.EMBED_SEARCH_TEXTS, { texts: ['pivot tables', PIVOT] }, undefined, ADMIN);
    expect(reply.err).toEqual({ statusCode: 503, message: EMBEDDINGS_NOT_CONFIGURED_MESSAGE });
    expect(model.requests).toHaveLength(0);
    expect(await app.get(DataSource).query('SELECT 1 FROM ai.ai_calls')).toEqual([]);
  });
});
