import {
  AI_SUBJECTS,
  type Caller,
  CALLER_HEADER,
  type ComposeLessonsReply,
  composeLessonsRequestSchema,
  decodeCaller,
  EMBEDDINGS_NOT_CONFIGURED_MESSAGE,
  type EmbedSearchTextsReply,
  embedSearchTextsRequestSchema,
  encodeEmbedding,
  type ErrorReply,
  type ExtractSkillsReply,
  extractSkillsRequestSchema,
  type FactCheckLessonsReply,
  factCheckLessonsRequestSchema,
  queueGroupOf,
} from '@masar/contracts';
import { connectToNatsAs } from '@masar/contracts/service-kit/testing';
import { JSONCodec, type Msg, type NatsConnection } from 'nats';
import { standInAnswer, standInExpansion } from './stand-in-search-ai';

/**
 * A stand-in for svc-ai on the real NATS, for the tests that must see what svc-courses sends it
 * (the `x-masar-caller` header) or make it refuse as AI governance does (403/428/429/503). It signs
 * in as svc-ai and answers in the Nest wire format (`{id, data}` in, `{id, response | err,
 * isDisposed}` out), checking each request against its contract. Lessons are written as the offline
 * provider writes them: the first source's text, cited; search queries are expanded from a few
 * taxonomy entries and answered from the passages' sentences (`stand-in-search-ai.ts`). The real svc-ai is held to the same
 * subjects by svc-courses' pact (contracts/pacts/svc-courses-svc-ai.json).
 */

const codec = JSONCodec();

/** The model the stand-in says it is, so a test can tell its labels from the real offline provider's. */
export const STAND_IN_MODEL = 'stand-in-writer-1';

/** The claim the stand-in's fact-check finds wherever a lesson makes it, with its problem. */
export const STAND_IN_FALSE_CLAIM = 'Hard hats are optional on a building site.';
export const STAND_IN_FALSE_CLAIM_PROBLEM = 'Hard hats are required on a building site.';

export interface StandInAiCall {
  subject: string;
  /** Whom svc-courses named in `x-masar-caller`; null when it named nobody. */
  caller: Caller | null;
  /** What was sent. */
  data: unknown;
}

export interface StandInAi {
  readonly calls: StandInAiCall[];
  /** From now on, answer `subject` with this refusal (null: do the work again). */
  refuse(subject: string, refusal: ErrorReply | null): void;
  /**
   * From now on, answer `ai.search.embed` with `vectorOf` each text (as an endpoint would), or with
   * null answer 503 "not configured" as svc-ai without OPENAI_API_KEY does (the default).
   */
  embedWith(vectorOf: ((text: string) => number[]) | null): void;
  stop(): Promise<void>;
}

interface NestRequest {
  id: string;
  data: unknown;
}

export async function startStandInAi(): Promise<StandInAi> {
  const nats: NatsConnection = await connectToNatsAs('ai');
  const calls: StandInAiCall[] = [];
  const refusals = new Map<string, ErrorReply>();
  let vectorOf: ((text: string) => number[]) | null = null;

  const answer = (message: Msg, work: (data: unknown) => unknown) => {
    const { id, data } = codec.decode(message.data) as NestRequest;
    calls.push({ subject: message.subject, caller: decodeCaller(message.headers?.get(CALLER_HEADER)), data });
    const refusal = refusals.get(message.subject);
    if (refusal) {
      message.respond(codec.encode({ id, err: refusal, isDisposed: true }));
      return;
    }
    try {
      message.respond(codec.encode({ id, response: work(data), isDisposed: true }));
    } catch (error) {
      const err: ErrorReply = { statusCode: 400, message: error instanceof Error ? error.message : String(error) };
      message.respond(codec.encode({ id, err, isDisposed: true }));
    }
  };

  const subscriptions = [
    nats.subscribe(AI_SUBJECTS.COMPOSE_LESSONS, {
      queue: queueGroupOf('ai'),
      callback: (_error, message) =>
        answer(message, (data): ComposeLessonsReply => {
          const request = composeLessonsRequestSchema.parse(data);
          return {
            provider: 'offline',
            model: STAND_IN_MODEL,
            lessons: request.lessons.map((lesson) => {
              const [source] = lesson.sources;
              return {
                key: lesson.key,
                content: source ? `${lesson.title}\n\n${source.content}` : `No lesson in the Masar library covers “${lesson.title}” yet.`,
                keyPoints: source?.keyPoints ?? [],
                activities: source?.activities ?? [],
                citations: lesson.sources.map(({ origin, courseId, lessonId, courseTitle, lessonTitle, fileName, section }) => ({
                  origin,
                  ...(courseId ? { courseId } : {}),
                  ...(lessonId ? { lessonId } : {}),
                  ...(courseTitle ? { courseTitle } : {}),
                  ...(lessonTitle ? { lessonTitle } : {}),
                  ...(fileName ? { fileName } : {}),
                  ...(section ? { section } : {}),
                })),
              };
            }),
          };
        }),
    }),
    nats.subscribe(AI_SUBJECTS.FACT_CHECK_LESSONS, {
      queue: queueGroupOf('ai'),
      callback: (_error, message) =>
        answer(message, (data): FactCheckLessonsReply => {
          const request = factCheckLessonsRequestSchema.parse(data);
          return {
            provider: 'openai',
            model: STAND_IN_MODEL,
            findings: request.lessons
              .filter((lesson) => lesson.content.includes(STAND_IN_FALSE_CLAIM))
              .map((lesson) => ({ key: lesson.key, claim: STAND_IN_FALSE_CLAIM, problem: STAND_IN_FALSE_CLAIM_PROBLEM, severity: 'critical' })),
            checkedKeys: request.lessons.map((lesson) => lesson.key),
          };
        }),
    }),
    nats.subscribe(AI_SUBJECTS.EXTRACT_SKILLS, {
      queue: queueGroupOf('ai'),
      callback: (_error, message) =>
        answer(message, (data): ExtractSkillsReply => {
          extractSkillsRequestSchema.parse(data);
          return { skills: [], language: 'en', provider: 'offline', taxonomyVersion: 'stand-in' };
        }),
    }),
    nats.subscribe(AI_SUBJECTS.EXPAND_SEARCH_QUERY, { queue: queueGroupOf('ai'), callback: (_error, message) => answer(message, standInExpansion) }),
    nats.subscribe(AI_SUBJECTS.ANSWER_SEARCH, { queue: queueGroupOf('ai'), callback: (_error, message) => answer(message, standInAnswer) }),
    nats.subscribe(AI_SUBJECTS.EMBED_SEARCH_TEXTS, {
      queue: queueGroupOf('ai'),
      callback: (_error, message) => {
        if (vectorOf === null && !refusals.has(message.subject)) {
          const { id, data } = codec.decode(message.data) as NestRequest;
          calls.push({ subject: message.subject, caller: decodeCaller(message.headers?.get(CALLER_HEADER)), data });
          message.respond(codec.encode({ id, err: { statusCode: 503, message: EMBEDDINGS_NOT_CONFIGURED_MESSAGE }, isDisposed: true }));
          return;
        }
        answer(message, (data): EmbedSearchTextsReply => {
          const { texts } = embedSearchTextsRequestSchema.parse(data);
          return { model: 'stand-in-embedder', vectors: texts.map((text) => encodeEmbedding((vectorOf as (text: string) => number[])(text))) };
        });
      },
    }),
  ];
  await nats.flush();

  return {
    calls,
    refuse(subject, refusal) {
      if (refusal) refusals.set(subject, refusal);
      else refusals.delete(subject);
    },
    embedWith(next) {
      vectorOf = next;
    },
    async stop() {
      for (const subscription of subscriptions) subscription.unsubscribe();
      await nats.drain();
    },
  };
}
