import { type Caller, COURSES_SUBJECTS, type CourseSearchResponse, courseSearchResponseSchema, searchPassageSchema } from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pino from 'pino';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { CatalogSeeder } from '../src/catalog/catalog-seed';
import { SearchIndexBackfill } from '../src/course-search/search-index-backfill';
import { bootstrap } from '../src/main';
import { AiProcess, startAi } from './support/ai-process';

/**
 * The whole chain of search's embeddings signal: svc-courses, the real svc-ai (its build, as its own
 * process, with search's AI set to an OpenAI-compatible endpoint) and, on loopback, an endpoint
 * answering `/v1/embeddings` with vectors that encode concepts. What reaches the endpoint is recorded.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const ADMIN: Caller = { id: randomUUID(), role: 'admin' };
const LIBRARY = path.join(__dirname, 'fixtures', 'embeddings-library');

/** Measuring attrition, and keeping people (see course-search-embeddings.integration.spec.ts). */
const CONCEPTS = [
  ['formula', 'calculat', 'divide', 'headcount'],
  ['reduc', 'keep', 'stay', 'retain', 'resign', 'lower'],
];
const conceptVector = (text: string) => [...CONCEPTS.map((words) => (words.some((word) => text.toLowerCase().includes(word)) ? 1 : 0)), 0.05];

/** An OpenAI-compatible `/v1/embeddings`; any other path (the search answer's chat) is a 404. */
async function startEmbeddingsEndpoint(): Promise<{ server: Server; baseUrl: string; inputs: string[][] }> {
  const inputs: string[][] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (!request.url?.endsWith('/embeddings')) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not here"}}');
        return;
      }
      const { input, model } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { input: string[]; model: string };
      inputs.push(input);
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ object: 'list', model, data: input.map((text, index) => ({ object: 'embedding', index, embedding: conceptVector(text) })), usage: { prompt_tokens: input.length, total_tokens: input.length } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, inputs };
}

describe('course search with the real svc-ai and an embeddings endpoint', () => {
  let database: FreshDatabase;
  let endpoint: Awaited<ReturnType<typeof startEmbeddingsEndpoint>>;
  let ai: AiProcess;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_search_embeddings_ai');
    endpoint = await startEmbeddingsEndpoint();
    ai = await startAi({ NATS_URL, DATABASE_URL: database.url, OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: endpoint.baseUrl, OPENAI_MAX_RETRIES: '0' });
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    // Every feature stays offline but search's AI, which an admin set to the endpoint.
    await sql.query(`INSERT INTO ai.ai_feature_settings (feature, enabled, provider) VALUES ('search-answer', true, 'openai')`);
    app = await bootstrap({ ...process.env, NATS_URL, DATABASE_URL: database.url, SEED_COURSE_CATALOG: 'false', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
    await app.get(SearchIndexBackfill).whenDone();
    await new CatalogSeeder(app.get(DataSource), pino({ level: 'silent' })).seedFrom(LIBRARY);
    nats = await connectToNatsAs('gateway');
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await ai?.stop();
    await new Promise((resolve) => endpoint?.server.close(resolve));
    await database?.drop();
  });

  async function search(q: string): Promise<CourseSearchResponse> {
    const reply = await requestOverNats(nats, COURSES_SUBJECTS.SEARCH, { q }, undefined, ADMIN);
    if (reply.err) throw new Error(JSON.stringify(reply.err));
    return courseSearchResponseSchema.parse(reply.response);
  }
  /** The results' whole texts (the reply carries previews), read as a learner who opens each does. */
  async function wholeTextsOf(result: CourseSearchResponse): Promise<string[]> {
    const replies = await Promise.all(result.chunks.map((chunk) => requestOverNats(nats, COURSES_SUBJECTS.SEARCH_PASSAGE, { id: chunk.id }, undefined, ADMIN)));
    return replies.map((reply) => searchPassageSchema.parse(reply.response).fullText);
  }
  const lessonsOf = (result: CourseSearchResponse) => result.chunks.filter((chunk) => chunk.field === 'lesson').map((chunk) => chunk.lessonTitle);

  it('re-ranks by meaning through svc-ai, logs the call, and asks the endpoint only for what it has not embedded', async () => {
    const result = await search('reducing staff turnover');
    expect(lessonsOf(result).slice(0, 2)).toEqual(['Stay interviews', 'Staff turnover rate formula']);
    // The query first (may search rank by meaning for this caller now?), then only the passages: the query's vector is kept.
    expect(endpoint.inputs).toHaveLength(2);
    expect(endpoint.inputs[0]).toEqual(['reducing staff turnover']);
    expect(endpoint.inputs[1]).toEqual(expect.arrayContaining(await wholeTextsOf(result)));
    expect(endpoint.inputs[1]).not.toContain('reducing staff turnover');
    const logged = await sql.query(`SELECT feature, outcome, model, user_id FROM ai.ai_calls WHERE model = 'text-embedding-3-small'`);
    const call = { feature: 'search-answer', outcome: 'succeeded', model: 'text-embedding-3-small', user_id: ADMIN.id };
    expect(logged.rows).toEqual([call, call]);

    // Another query over the same passages: only the query goes to the endpoint.
    await search('lowering staff turnover');
    expect(endpoint.inputs.slice(2)).toEqual([['lowering staff turnover']]);
  });
});
