import { AI_SUBJECTS, type Caller, COURSES_SUBJECTS, type CourseSearchResponse, courseSearchResponseSchema, searchPassageSchema } from '@masar/contracts';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats } from '@masar/contracts/service-kit/testing';
import { INestMicroservice } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pino from 'pino';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { CatalogSeeder } from '../src/catalog/catalog-seed';
import { SearchIndexBackfill } from '../src/course-search/search-index-backfill';
import { EMBEDDING_WEIGHT } from '../src/course-search/semantic-reranking';
import { bootstrap } from '../src/main';
import { StandInAi, startStandInAi } from './support/stand-in-ai';

/**
 * Course search's optional embeddings signal on the real service (Postgres, NATS) over a one-course
 * library (test/fixtures/embeddings-library) with a stand-in svc-ai answering `ai.search.embed` as
 * an OpenAI-compatible endpoint would, or as svc-ai does without one (503 not configured).
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const LEARNER: Caller = { id: randomUUID(), role: 'learner' };
const LIBRARY = path.join(__dirname, 'fixtures', 'embeddings-library');
const QUERY = 'reducing staff turnover';
const FORMULA = 'Staff turnover rate formula';
const STAY_INTERVIEWS = 'Stay interviews';

/**
 * Deterministic embeddings that encode two concepts of the library: measuring attrition, and keeping
 * people. "Reducing staff turnover" is about keeping people, which the stay-interviews lesson
 * teaches, though the formula lesson names the words more often (and in its title).
 */
const CONCEPTS = [
  ['formula', 'calculat', 'divide', 'headcount'],
  ['reduc', 'keep', 'stay', 'retain', 'resign', 'lower'],
];
function conceptVector(text: string): number[] {
  const lower = text.toLowerCase();
  return [...CONCEPTS.map((words) => (words.some((word) => lower.includes(word)) ? 1 : 0)), 0.05];
}

describe('course search with embeddings as a second signal', () => {
  let database: FreshDatabase;
  let ai: StandInAi;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let sql: Client;

  beforeAll(async () => {
    database = await createFreshDatabase('courses_search_embeddings');
    ai = await startStandInAi();
    app = await bootstrap({ ...process.env, NATS_URL, DATABASE_URL: database.url, SEED_COURSE_CATALOG: 'false', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' });
    await app.get(SearchIndexBackfill).whenDone();
    const seeded = await new CatalogSeeder(app.get(DataSource), pino({ level: 'silent' })).seedFrom(LIBRARY);
    expect(seeded).toMatchObject({ created: ['keeping-good-people'], invalidFiles: [] });
    nats = await connectToNatsAs('gateway');
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  }, 60_000);

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await app?.close();
    await ai?.stop();
    await database?.drop();
  });

  async function search(q: string): Promise<CourseSearchResponse> {
    const reply = await requestOverNats(nats, COURSES_SUBJECTS.SEARCH, { q }, undefined, LEARNER);
    if (reply.err) throw new Error(JSON.stringify(reply.err));
    return courseSearchResponseSchema.parse(reply.response);
  }
  /** The results' whole texts (the reply carries previews), read as a learner who opens each does. */
  async function wholeTextsOf(result: CourseSearchResponse): Promise<string[]> {
    const replies = await Promise.all(result.chunks.map((chunk) => requestOverNats(nats, COURSES_SUBJECTS.SEARCH_PASSAGE, { id: chunk.id }, undefined, LEARNER)));
    return replies.map((reply) => searchPassageSchema.parse(reply.response).fullText);
  }
  const lessonsOf = (result: CourseSearchResponse) => result.chunks.filter((chunk) => chunk.field === 'lesson').map((chunk) => chunk.lessonTitle);
  const embedCallsSince = (from: number) => ai.calls.slice(from).filter((call) => call.subject === AI_SUBJECTS.EMBED_SEARCH_TEXTS);
  /** Any write to the passages moves the index on, so kept results are not served. */
  const touchIndex = () => sql.query(`UPDATE courses.search_passages SET text = text WHERE field = 'course'`);

  let fullText: CourseSearchResponse;

  it('answers the full-text ranking unchanged when svc-ai’s embeddings endpoint fails', async () => {
    ai.refuse(AI_SUBJECTS.EMBED_SEARCH_TEXTS, { statusCode: 503, message: 'The embeddings model is unavailable: it answered HTTP 500 (1 attempt)' });
    const before = ai.calls.length;
    fullText = await search(QUERY);
    expect(lessonsOf(fullText).slice(0, 2)).toEqual([FORMULA, STAY_INTERVIEWS]);
    expect(fullText.answer).not.toBe('');
    // The query alone is asked first, in the learner's name; it failed, so no candidate was sent.
    const [call] = embedCallsSince(before);
    expect(call.caller).toEqual(LEARNER);
    expect((call.data as { texts: string[] }).texts).toEqual([QUERY]);

    // A failure is not lasting: the same search asks again.
    const again = ai.calls.length;
    expect(lessonsOf(await search(QUERY))).toEqual(lessonsOf(fullText));
    expect(embedCallsSince(again)).toHaveLength(1);
  });

  it('moves the lesson closest to the query in meaning up, blending similarity into a relevance that stays 0-1', async () => {
    ai.refuse(AI_SUBJECTS.EMBED_SEARCH_TEXTS, null);
    ai.embedWith(conceptVector);
    const before = ai.calls.length;
    const result = await search(QUERY);
    expect(lessonsOf(result).slice(0, 2)).toEqual([STAY_INTERVIEWS, FORMULA]);
    // The query alone (may svc-ai embed for this learner now?), then the query and the candidates' full texts.
    const calls = embedCallsSince(before).map((call) => (call.data as { texts: string[] }).texts);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toEqual([QUERY]);
    expect(calls[1][0]).toBe(QUERY);
    expect(calls[1].slice(1)).toEqual(expect.arrayContaining(await wholeTextsOf(result)));
    const scores = result.chunks.map((chunk) => chunk.relevanceScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores.every((score) => score >= 0 && score <= 1)).toBe(true);
    // The formula lesson shares no concept with the query: it keeps only the text's share of its relevance.
    const formula = fullText.chunks.find((chunk) => chunk.lessonTitle === FORMULA);
    const formulaAfter = result.chunks.find((chunk) => chunk.lessonTitle === FORMULA)?.relevanceScore;
    expect(formula).toBeDefined();
    const [formulaText] = formula ? await wholeTextsOf({ ...result, chunks: [formula] }) : [''];
    expect(cosine(conceptVector(QUERY), conceptVector(formulaText))).toBeLessThan(0.01);
    expect(formulaAfter).toBeCloseTo((1 - EMBEDDING_WEIGHT) * (formula?.relevanceScore ?? NaN), 2);
    expect(result.totalResults).toBe(fullText.totalResults);
  });

  it('keeps the re-ranked results: the same search again asks svc-ai only for the query’s (kept) embedding', async () => {
    const first = await search(QUERY);
    const before = ai.calls.length;
    const again = await search(QUERY);
    expect(embedCallsSince(before).map((call) => (call.data as { texts: string[] }).texts)).toEqual([[QUERY]]);
    expect(again.chunks).toEqual(first.chunks);
  });

  it('never serves kept re-ranked results once search’s AI is switched off or set offline, with the index unchanged', async () => {
    const reranked = await search(QUERY);
    expect(lessonsOf(reranked).slice(0, 2)).toEqual([STAY_INTERVIEWS, FORMULA]);

    ai.refuse(AI_SUBJECTS.EMBED_SEARCH_TEXTS, { statusCode: 403, message: 'The search-answer AI feature is turned off by an administrator' });
    const switchedOff = await search(QUERY);
    expect(lessonsOf(switchedOff).slice(0, 2)).toEqual([FORMULA, STAY_INTERVIEWS]);
    expect(switchedOff.chunks.map((chunk) => chunk.relevanceScore)).toEqual(fullText.chunks.map((chunk) => chunk.relevanceScore));

    // Switched back on: the kept re-ranked results serve again, without re-embedding the passages.
    ai.refuse(AI_SUBJECTS.EMBED_SEARCH_TEXTS, null);
    const before = ai.calls.length;
    expect((await search(QUERY)).chunks).toEqual(reranked.chunks);
    expect(embedCallsSince(before)).toHaveLength(1);
  });

  it('ranks by full text when search’s AI is refused for the learner (feature switched off)', async () => {
    await touchIndex();
    ai.refuse(AI_SUBJECTS.EMBED_SEARCH_TEXTS, { statusCode: 403, message: 'The search-answer AI feature is turned off by an administrator' });
    expect(lessonsOf(await search(QUERY)).slice(0, 2)).toEqual([FORMULA, STAY_INTERVIEWS]);
    ai.refuse(AI_SUBJECTS.EMBED_SEARCH_TEXTS, null);
  });

  it('without an embeddings endpoint (svc-ai has no key, or search set offline) ranks by full text and stops asking for a while', async () => {
    // A re-ranked result is kept, and the index does not change: it must not be served either.
    expect(lessonsOf(await search(QUERY)).slice(0, 2)).toEqual([STAY_INTERVIEWS, FORMULA]);
    ai.embedWith(null);
    const before = ai.calls.length;
    expect(lessonsOf(await search(QUERY)).slice(0, 2)).toEqual([FORMULA, STAY_INTERVIEWS]);
    expect(embedCallsSince(before)).toHaveLength(1);

    // Even were an endpoint there now, searches within EMBEDDINGS_RECHECK_MS do not ask.
    ai.embedWith(conceptVector);
    await touchIndex();
    const later = ai.calls.length;
    expect(lessonsOf(await search('staff turnover')).slice(0, 2)).toEqual([FORMULA, STAY_INTERVIEWS]);
    expect(embedCallsSince(later)).toEqual([]);
  });
});

function cosine(a: number[], b: number[]): number {
  const dot = a.reduce((sum, value, index) => sum + value * b[index], 0);
  return dot / Math.sqrt(a.reduce((sum, value) => sum + value * value, 0) * b.reduce((sum, value) => sum + value * value, 0));
}
