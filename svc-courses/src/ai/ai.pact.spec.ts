import {
  AI_SUBJECTS,
  composeLessonsReplySchema,
  type ComposeLessonsRequest,
  CALLER_HEADER,
  type Caller,
  decodeCaller,
  extractSkillsReplySchema,
  FACT_CHECK_OFFLINE_MESSAGE,
  type FactCheckLessonsRequest,
  factCheckLessonsReplySchema,
  answerSearchReplySchema,
  type AnswerSearchRequest,
  expandSearchQueryReplySchema,
  EMBEDDINGS_NOT_CONFIGURED_MESSAGE,
  decodeEmbedding,
  embedSearchTextsReplySchema,
  type EmbedSearchTextsRequest,
  encodeEmbedding,
  type LessonSource,
  aiFeatureOffMessage,
  learningHelperReplySchema,
  generateNarrationReplySchema,
  type RunLearningHelperRequest,
  OFFLINE_MODEL_NAME,
  REQUEST_ID_HEADER,
  SKILL_CATEGORIES,
  EXERCISE_ATTACHMENT_MESSAGES,
  exerciseFeedbackReplySchema,
  type ExerciseFeedbackRequest,
} from '@masar/contracts';
import { ClientProxy, NatsRecord, ReadPacket, RpcException, WritePacket } from '@nestjs/microservices';
import { Matchers, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { CourseSkillsClient } from './course-skills.client';
import { ExerciseFeedbackClient } from './exercise-feedback.client';
import { FactCheckClient } from './fact-check.client';
import { LearningHelperClient } from './learning-helper.client';
import { LessonComposerClient } from './lesson-composer.client';
import { NarrationClient } from './narration.client';
import { SearchAnswerClient } from './search-answer.client';
import { SearchEmbeddingsClient } from './search-embeddings.client';
import { SearchExpansionClient } from './search-expansion.client';
import { SvcAiRefusal, SvcAiRequester } from './svc-ai.requester';

/**
 * What svc-courses relies on from svc-ai when it creates a course, as V4 synchronous messages: the
 * request is the NATS payload svc-courses sends, the response the reply packet svc-ai's Nest
 * microservice answers with (`{response}` on success, `{err}` with an ErrorReply on failure).
 * svc-ai verifies this file against its real offline provider.
 */
const PACT_DIR = path.resolve(__dirname, '../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'svc-courses-svc-ai.json');

/** params: none. svc-ai answers with its built-in offline provider. */
const OFFLINE_PROVIDER = 'the offline provider is configured';
/**
 * params: none. The quality review's feature is set to an OpenAI-compatible model, which finds the
 * claim FALSE_CLAIM wrong wherever a lesson makes it (svc-ai's verification runs a fake model).
 */
const MODEL_REVIEWS_QUALITY = 'an OpenAI-compatible model reviews lessons for the quality review';
const FALSE_CLAIM = 'Hard hats are optional on a building site.';

/** Two lessons of a course under review, keyed by their ids. */
const LESSONS_TO_FACT_CHECK: FactCheckLessonsRequest = {
  course: { title: 'Building Site Safety', language: 'en' },
  lessons: [
    { key: '6b1e2d3c-4a5f-4b6e-8d7c-9a0b1c2d3e4f', title: 'Protective Equipment', content: `Boots with steel toe caps protect your feet. ${FALSE_CLAIM} Gloves protect your hands.` },
    { key: '0c9b8a7d-6e5f-4a3b-9c2d-1e0f2a3b4c5d', title: 'Ladders', content: 'Keep three points of contact when you climb a ladder.' },
  ],
};

/** Whom svc-courses asks for: the admin creating the course. */
const AUTHOR: Caller = { id: '5f0c1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b', role: 'admin' };

const SQL_COURSE_ID = '3d6f0a4e-8b2c-4f1a-9e7d-5c4b3a2f1e0d';

/** Two catalog lessons, as the catalog search hands them to the composer. */
const JOINS_SOURCE: LessonSource = {
  origin: 'catalog',
  courseId: SQL_COURSE_ID,
  lessonId: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  courseTitle: 'SQL and Relational Databases',
  lessonTitle: 'SELECT, Filters and Joins',
  content: [
    'A relational database stores data in tables of rows and columns, and SQL describes which rows you want rather than how to find them.',
    'Joins combine tables through keys. An INNER JOIN keeps only rows with a match on both sides. A LEFT JOIN keeps every row from the left table and fills the right side with NULL where there is no match.',
    'A frequent mistake is joining to a table with several matching rows per key and then summing an order-level amount. Check row counts before and after each join.',
  ].join('\n\n'),
  keyPoints: ['INNER JOIN keeps matches; LEFT JOIN keeps all left rows.', 'Joins to one-to-many tables can multiply rows and inflate sums.'],
  activities: ['Write a query listing customers who have never paid, using a LEFT JOIN.'],
};
const AGGREGATION_SOURCE: LessonSource = {
  origin: 'catalog',
  courseId: SQL_COURSE_ID,
  lessonId: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
  courseTitle: 'SQL and Relational Databases',
  lessonTitle: 'Aggregation and Window Functions',
  content: [
    'Aggregation turns many rows into summaries. Every selected column must either be in GROUP BY or wrapped in an aggregate function.',
    'Filter rows before grouping with WHERE, and filter groups after grouping with HAVING, for example keeping only cities with more than one hundred orders.',
  ].join('\n\n'),
  keyPoints: ['WHERE filters rows before grouping; HAVING filters groups after.'],
  activities: ['Calculate a seven-day moving average of daily revenue.'],
};

const COURSE = {
  title: 'Data Foundations for Analysts',
  description: 'Query business data with SQL and summarise it correctly for reports.',
  objective: 'Write correct SQL queries that join and aggregate business data',
  language: 'en' as const,
};

const MODULE_WITH_SOURCES: ComposeLessonsRequest = {
  course: COURSE,
  lessons: [
    { key: 'm1-l1', moduleTitle: 'Querying Data', title: 'Joining Tables', type: 'reading', sources: [JOINS_SOURCE, AGGREGATION_SOURCE] },
    { key: 'm1-l2', moduleTitle: 'Querying Data', title: 'Module 1 Quiz', type: 'quiz', sources: [JOINS_SOURCE, AGGREGATION_SOURCE] },
  ],
};

const MODULE_WITHOUT_SOURCES: ComposeLessonsRequest = {
  course: COURSE,
  lessons: [{ key: 'm2-l1', moduleTitle: 'Beyond Relational', title: 'Graph Databases', type: 'reading', sources: [] }],
};

const COURSE_DESCRIPTION =
  'Learners write SQL queries in PostgreSQL, join and aggregate tables, and present the results in Excel dashboards for stakeholders.';

const CATEGORY = new RegExp(`^(${SKILL_CATEGORIES.join('|')})$`);

/** A citation as svc-courses stores one on the lesson: where the text came from. */
const catalogCitationLike = Matchers.eachLike({
  origin: 'catalog',
  courseId: Matchers.uuid(SQL_COURSE_ID),
  lessonId: Matchers.uuid(JOINS_SOURCE.lessonId),
  courseTitle: Matchers.string(JOINS_SOURCE.courseTitle),
  lessonTitle: Matchers.string(JOINS_SOURCE.lessonTitle),
});

/**
 * Stands in for the NATS transport underneath Nest's ClientProxy: it keeps what svc-courses sent and
 * hands back the recorded reply packet, so everything above the wire (the ClientProxy's reply
 * handling, SvcAiRequester's error mapping and contract check) runs for real.
 */
class RecordedReplyTransport extends ClientProxy {
  readonly sent: ReadPacket[] = [];

  constructor(private readonly replyPacket: WritePacket) {
    super();
  }

  async connect(): Promise<void> {}
  async close(): Promise<void> {}
  unwrap<T>(): T {
    throw new Error('RecordedReplyTransport has no connection underneath');
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    this.sent.push(packet);
    callback({ ...this.replyPacket, isDisposed: true });
    return () => undefined;
  }

  protected async dispatchEvent(): Promise<never> {
    throw new Error('svc-courses sends svc-ai no events');
  }
}

interface SynchronousMessage {
  Request: { content: unknown };
  Response: { content: unknown }[];
}

function jsonOf(content: unknown): unknown {
  return JSON.parse(Buffer.isBuffer(content) ? content.toString('utf8') : String(content));
}

interface SvcAiClients {
  composer: LessonComposerClient;
  skills: CourseSkillsClient;
  factChecker: FactCheckClient;
  helpers: LearningHelperClient;
  expansion: SearchExpansionClient;
  answers: SearchAnswerClient;
  narration: NarrationClient;
  feedback: ExerciseFeedbackClient;
  embeddings: SearchEmbeddingsClient;
}

/** The best passages of a search for "pivot tables", as course search grounds its answer in them. */
/**
 * params: none. svc-ai has an OpenAI-compatible endpoint for search's embeddings (its verification
 * runs a fake one answering deterministic vectors).
 */
const ENDPOINT_EMBEDS_SEARCH = 'an OpenAI-compatible endpoint embeds search texts';

/** A search query and two of its candidate passages, as course search sends them to be embedded. */
const SEARCH_TEXTS: EmbedSearchTextsRequest = {
  texts: [
    'summarise sales by region',
    'A pivot table summarises thousands of rows in seconds without writing formulas. Drag Region to Rows and Sales to Values to total the sales of each region.',
    'Choose the chart that fits the question: a column chart compares regions, a line chart follows sales across months.',
  ],
};

const PIVOT_PASSAGES: AnswerSearchRequest = {
  query: 'pivot tables',
  language: 'en',
  passages: [
    {
      n: 1,
      courseTitle: 'Excel Essentials for Everyday Work',
      moduleTitle: 'Summarising and Presenting Data',
      lessonTitle: 'Pivot tables step by step',
      text: 'A pivot table summarises thousands of rows in seconds without writing formulas. Drag Region to Rows and Sales to Values to total the sales of each region.',
      language: 'en',
    },
    {
      n: 2,
      courseTitle: 'تقارير المبيعات في إكسل',
      moduleTitle: 'تلخيص بيانات المبيعات',
      lessonTitle: 'الجداول المحورية خطوة بخطوة',
      text: 'يلخص الجدول المحوري آلاف الصفوف في ثوانٍ دون كتابة صيغ. وإذا تغيرت البيانات الأصلية فاضغط تحديث.',
      language: 'ar',
    },
  ],
};


/** Runs one client call against the recorded reply and checks what svc-courses sent, request id and caller included. */
async function replayAgainstSvcCourses<T>(
  message: SynchronousMessage,
  subject: string,
  call: (clients: SvcAiClients) => Promise<T>,
  caller: Caller = AUTHOR,
): Promise<{ result?: T; error?: unknown }> {
  const transport = new RecordedReplyTransport(jsonOf(message.Response[0].content) as WritePacket);
  const requester = new SvcAiRequester(transport, { aiRequestTimeoutMs: 1000 }, pino({ level: 'silent' }));
  let outcome: { result?: T; error?: unknown };
  try {
    outcome = {
      result: await call({
        composer: new LessonComposerClient(requester),
        skills: new CourseSkillsClient(requester),
        factChecker: new FactCheckClient(requester),
        expansion: new SearchExpansionClient(requester),
        answers: new SearchAnswerClient(requester),
        embeddings: new SearchEmbeddingsClient(requester),
        helpers: new LearningHelperClient(requester),
        narration: new NarrationClient(requester),
        feedback: new ExerciseFeedbackClient(requester),
      }),
    };
  } catch (error) {
    outcome = { error };
  }
  expect(transport.sent).toHaveLength(1);
  expect(transport.sent[0].pattern).toBe(subject);
  const record = transport.sent[0].data as NatsRecord;
  expect(record.data).toEqual(jsonOf(message.Request.content));
  expect(record.headers.get(REQUEST_ID_HEADER)).toBe('pact-request-1');
  // The person the work is for, as svc-ai's governance reads them (not part of the pact file).
  expect(decodeCaller(record.headers.get(CALLER_HEADER))).toEqual(caller);
  return outcome;
}

/** params: none. An admin turned exercise feedback off (svc-ai's governance refuses with 403). */
const EXERCISE_FEEDBACK_OFF = 'exercise feedback is turned off';

/** What svc-courses sends when a learner submits work on the retrospective exercise with a document, a scan and two pictures attached. */
const RETROSPECTIVE_WORK: ExerciseFeedbackRequest = {
  language: 'en',
  exercise: {
    title: 'Run a retrospective',
    instructions: 'Run a retrospective with your team and write down what you agreed.',
    checklist: ['Run the retrospective with the whole team', 'Limit the outcomes to two actions'],
    keyPoints: ['Limit the outcomes to two actions', 'Give every action an owner'],
  },
  work: 'We ran our retrospective with the whole team and limited outcomes to two actions.',
  attachmentTexts: [{ name: 'notes.docx', text: 'Every action got an owner.' }],
  unreadAttachments: ['scan.pdf'],
  // A photographed board and a 5 MB phone photo, by their place in the attachments bucket: never their bytes.
  attachmentImages: [
    { name: 'board.png', key: '0d1e2f3a-4b5c-4d6e-9f7a-8b9c0d1e2f3a', mediaType: 'image/png', size: 68 },
    { name: 'phone-photo.jpg', key: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', mediaType: 'image/jpeg', size: 5_242_880 },
  ],
  checkedItems: ['Limit the outcomes to two actions'],
};

/**
 * params: `key`, `content`. Exercise feedback is set to an OpenAI-compatible model that reads images
 * (OPENAI_VISION), and the exercise attachments bucket holds `content` (text) under `key`.
 */
const VISION_MODEL_AND_STORED_FILE = 'a model that reads images gives exercise feedback, and the attachments bucket holds a file under a known key';
/** A PDF's first bytes stored where the learner's "board.png" should be. */
const NOT_A_PICTURE = { key: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e', content: '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n' };
const WORK_WITH_A_PDF_AS_PICTURE: ExerciseFeedbackRequest = {
  ...RETROSPECTIVE_WORK,
  attachmentTexts: [],
  unreadAttachments: [],
  attachmentImages: [{ name: 'board.png', key: NOT_A_PICTURE.key, mediaType: 'image/png', size: Buffer.byteLength(NOT_A_PICTURE.content) }],
};

/** params: none. An admin turned the learning helpers off (svc-ai's governance refuses with 403). */
const LEARNING_HELPERS_OFF = 'learning helpers are turned off';

/** The learner who opened a helper on a search result: svc-ai meters the call as theirs. */
const LEARNER: Caller = { id: '2e4c6a8b-0d1f-4e3a-9b5c-7d9e1f3a5b7c', role: 'learner' };

/** A quiz on the pivot-table lesson, with what svc-courses gathered around it from the library. */
const PIVOT_QUIZ: RunLearningHelperRequest = {
  action: 'generate_quiz',
  query: 'pivot tables',
  language: 'en',
  passage: {
    courseTitle: 'Excel Essentials for Everyday Work',
    moduleTitle: 'Summarising and Presenting Data',
    lessonTitle: 'Pivot tables step by step',
    text: [
      'A pivot table summarises thousands of rows in seconds without writing formulas. Select any cell in your table and choose Insert > PivotTable, then place it on a new sheet.',
      'The field list has four areas. Rows lists the categories down the side, such as Region. Columns spreads categories across the top, such as Product. Values holds the numbers to summarise, such as Revenue, usually as a sum.',
      'Remember to refresh: pivot tables do not update automatically when source data changes. Double-click any value to see the rows behind it.',
    ].join('\n\n'),
    keyPoints: ['Pivot tables summarise data with Rows, Columns, Values and Filters', 'Refresh pivots after data changes and double-click values to see underlying rows'],
    activities: ['Build a pivot of revenue by region and month from tblSales'],
    skills: ['Microsoft Excel', 'Pivot Tables', 'Data Analysis'],
    level: 'beginner',
  },
  relatedLessons: [
    {
      courseTitle: 'KPI Dashboards for Managers',
      lessonTitle: 'Choosing charts for KPIs',
      keyPoints: ['Line charts show trends over time', 'Bar charts compare categories side by side', 'Sparklines fit a trend into one cell'],
    },
    {
      courseTitle: 'Financial Modelling in Excel',
      lessonTitle: 'Scenario analysis',
      keyPoints: ['Data tables recalculate a model for many inputs', 'Goal Seek finds the input that gives a target'],
    },
  ],
  deeperCourses: [{ title: 'Financial Modelling in Excel', level: 'advanced', skills: ['Microsoft Excel', 'Financial Modelling'] }],
  jobRole: 'Sales Analyst',
};

describe('svc-courses (consumer) and svc-ai (provider) over NATS', () => {
  const pact = new PactV4({ consumer: 'svc-courses', provider: 'svc-ai', dir: PACT_DIR, logLevel: 'warn' });
  const asPact = { requestId: 'pact-request-1', caller: AUTHOR };

  beforeAll(() => {
    // Each run writes the file afresh, so an interaction removed here leaves the contract too.
    rmSync(PACT_FILE, { force: true });
  });

  it('has the lessons of a module written from their catalog sources, each citing what it used, in order', async () => {
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.COMPOSE_LESSONS} for lessons with catalog sources`)
      .given(OFFLINE_PROVIDER)
      .withRequest((request) => request.withJSONContent(MODULE_WITH_SOURCES))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            provider: Matchers.regex(/^(offline|openai)$/, 'offline'),
            // What the lessons' AI label names (`built-in` offline).
            model: Matchers.string(OFFLINE_MODEL_NAME),
            lessons: [
              {
                key: 'm1-l1',
                content: Matchers.string(JOINS_SOURCE.content),
                keyPoints: Matchers.eachLike(Matchers.string(JOINS_SOURCE.keyPoints[0])),
                activities: Matchers.eachLike(Matchers.string(JOINS_SOURCE.activities[0])),
                citations: catalogCitationLike,
              },
              {
                key: 'm1-l2',
                content: Matchers.string('1. Fill in the blank: INNER _____ keeps matches.\nAnswer: JOIN\nExplanation: An INNER JOIN keeps only rows with a match.'),
                keyPoints: Matchers.eachLike(Matchers.string(JOINS_SOURCE.keyPoints[0])),
                activities: Matchers.eachLike(Matchers.string(JOINS_SOURCE.activities[0])),
                citations: catalogCitationLike,
              },
            ],
          },
        }),
      )
      .executeTest(async (message) => {
        const { result, error } = await replayAgainstSvcCourses(message, AI_SUBJECTS.COMPOSE_LESSONS, ({ composer }) =>
          composer.compose(MODULE_WITH_SOURCES, asPact),
        );
        expect(error).toBeUndefined();
        const reply = composeLessonsReplySchema.parse(result);
        expect(reply.model).toBe(OFFLINE_MODEL_NAME);
        expect(reply.lessons.map((lesson) => lesson.key)).toEqual(['m1-l1', 'm1-l2']);
        expect(reply.lessons[0].citations[0]).toMatchObject({ origin: 'catalog', courseId: SQL_COURSE_ID });
      });
  });

  it('has a lesson nothing in the library covers answered with text and no citations', async () => {
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.COMPOSE_LESSONS} for a lesson without sources`)
      .given(OFFLINE_PROVIDER)
      .withRequest((request) => request.withJSONContent(MODULE_WITHOUT_SOURCES))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            provider: Matchers.regex(/^(offline|openai)$/, 'offline'),
            // What the lessons' AI label names (`built-in` offline).
            model: Matchers.string(OFFLINE_MODEL_NAME),
            lessons: [
              {
                key: 'm2-l1',
                content: Matchers.string('No lesson in the Masar library covers “Graph Databases” yet.'),
                keyPoints: [],
                activities: [],
                citations: [],
              },
            ],
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstSvcCourses(message, AI_SUBJECTS.COMPOSE_LESSONS, ({ composer }) =>
          composer.compose(MODULE_WITHOUT_SOURCES, asPact),
        );
        const [lesson] = composeLessonsReplySchema.parse(result).lessons;
        expect(lesson.citations).toEqual([]);
        expect(lesson.content.length).toBeGreaterThan(0);
      });
  });

  it('passes svc-ai’s refusal of a module without lessons through with its status', async () => {
    const empty = { course: COURSE, lessons: [] };
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.COMPOSE_LESSONS} for a module without lessons`)
      .given(OFFLINE_PROVIDER)
      .withRequest((request) => request.withJSONContent(empty))
      .withResponse((response) =>
        response.withJSONContent({ err: { statusCode: 400, message: Matchers.string('lessons: Too small: expected array to have >=1 items') } }),
      )
      .executeTest(async (message) => {
        const { error } = await replayAgainstSvcCourses(message, AI_SUBJECTS.COMPOSE_LESSONS, ({ composer }) => composer.compose(empty, asPact));
        expect(error).toBeInstanceOf(RpcException);
        expect((error as RpcException).getError()).toMatchObject({ statusCode: 400 });
      });
  });

  it('has the skills a course teaches extracted from its description', async () => {
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.EXTRACT_SKILLS} for a course description`)
      .given(OFFLINE_PROVIDER)
      .withRequest((request) => request.withJSONContent({ text: COURSE_DESCRIPTION, language: 'en' }))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            skills: Matchers.eachLike({
              name: Matchers.string('SQL'),
              category: Matchers.regex(CATEGORY, 'technical'),
              confidence: Matchers.number(0.8),
              evidence: Matchers.eachLike({
                text: Matchers.string('SQL'),
                start: Matchers.integer(COURSE_DESCRIPTION.indexOf('SQL')),
                end: Matchers.integer(COURSE_DESCRIPTION.indexOf('SQL') + 3),
              }),
            }),
            language: 'en',
            provider: Matchers.regex(/^(offline|openai)$/, 'offline'),
            taxonomyVersion: Matchers.string('2026.11.1'),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstSvcCourses(message, AI_SUBJECTS.EXTRACT_SKILLS, ({ skills }) =>
          skills.extract(COURSE_DESCRIPTION, 'en', asPact),
        );
        const reply = extractSkillsReplySchema.parse(result);
        expect(reply.skills.length).toBeGreaterThan(0);
        expect(reply.language).toBe('en');
      });
  });

  it('has a course’s lessons fact-checked, each finding quoting its lesson and naming the lesson’s key', async () => {
    const [wrong, right] = LESSONS_TO_FACT_CHECK.lessons;
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.FACT_CHECK_LESSONS} for two lessons, one with a wrong claim`)
      .given(MODEL_REVIEWS_QUALITY)
      .withRequest((request) => request.withJSONContent(LESSONS_TO_FACT_CHECK))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            provider: 'openai',
            model: Matchers.string('gpt-4o-mini'),
            findings: [
              {
                key: wrong.key,
                claim: FALSE_CLAIM,
                problem: Matchers.string('Hard hats are required on a building site.'),
                severity: Matchers.regex(/^(critical|major|minor)$/, 'critical'),
              },
            ],
            checkedKeys: [wrong.key, right.key],
          },
        }),
      )
      .executeTest(async (message) => {
        const { result, error } = await replayAgainstSvcCourses(message, AI_SUBJECTS.FACT_CHECK_LESSONS, ({ factChecker }) =>
          factChecker.check(LESSONS_TO_FACT_CHECK, asPact),
        );
        expect(error).toBeUndefined();
        const reply = factCheckLessonsReplySchema.parse(result);
        expect(reply.findings.map((finding) => [finding.key, finding.claim])).toEqual([[wrong.key, FALSE_CLAIM]]);
        expect(reply.checkedKeys).toEqual([wrong.key, right.key]);
      });
  });

  it('has a fact-check refused with 501 when svc-ai has no language model, saying what to configure', async () => {
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.FACT_CHECK_LESSONS} while offline`)
      .given(OFFLINE_PROVIDER)
      .withRequest((request) => request.withJSONContent(LESSONS_TO_FACT_CHECK))
      .withResponse((response) => response.withJSONContent({ err: { statusCode: 501, message: Matchers.string(FACT_CHECK_OFFLINE_MESSAGE) } }))
      .executeTest(async (message) => {
        const { error } = await replayAgainstSvcCourses(message, AI_SUBJECTS.FACT_CHECK_LESSONS, ({ factChecker }) =>
          factChecker.check(LESSONS_TO_FACT_CHECK, asPact),
        );
        expect(error).toBeInstanceOf(RpcException);
        expect((error as RpcException).getError()).toEqual({ statusCode: 501, message: FACT_CHECK_OFFLINE_MESSAGE });
      });
  });

  it('has a search query read through the skill taxonomy: "k8s" names Kubernetes, with every spelling in both languages', async () => {
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.EXPAND_SEARCH_QUERY} for an abbreviation of a skill`)
      .given(OFFLINE_PROVIDER)
      .withRequest((request) => request.withJSONContent({ query: 'k8s' }))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            language: 'en',
            skills: Matchers.eachLike({
              id: Matchers.string('technical.kubernetes'),
              name: 'Kubernetes',
              nameAr: Matchers.string('كوبرنيتيس'),
              terms: Matchers.eachLike(Matchers.string('k8s')),
            }),
            relatedSkills: Matchers.eachLike({ name: Matchers.string('Container Orchestration'), nameAr: Matchers.string('تنسيق الحاويات') }, 0),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result, error } = await replayAgainstSvcCourses(message, AI_SUBJECTS.EXPAND_SEARCH_QUERY, ({ expansion }) => expansion.expand('k8s', asPact));
        expect(error).toBeUndefined();
        const reply = expandSearchQueryReplySchema.parse(result);
        expect(reply.skills[0].name).toBe('Kubernetes');
        expect(reply.skills[0].terms.length).toBeGreaterThan(0);
      });
  });

  it('has a search answered from the passages found, citing them by number', async () => {
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.ANSWER_SEARCH} for passages that cover the query`)
      .given(OFFLINE_PROVIDER)
      .withRequest((request) => request.withJSONContent(PIVOT_PASSAGES))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            answer: Matchers.regex(/[\s\S]*\[[12]\][\s\S]*/, 'A pivot table summarises thousands of rows in seconds without writing formulas [1].'),
            keyInsights: Matchers.eachLike(Matchers.string('A pivot table summarises thousands of rows in seconds without writing formulas.'), 0),
            citations: Matchers.eachLike(Matchers.integer(1)),
            covered: true,
            provider: Matchers.regex(/^(offline|openai)$/, 'offline'),
            model: Matchers.string(OFFLINE_MODEL_NAME),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result, error } = await replayAgainstSvcCourses(message, AI_SUBJECTS.ANSWER_SEARCH, ({ answers }) => answers.answer(PIVOT_PASSAGES, asPact));
        expect(error).toBeUndefined();
        const reply = answerSearchReplySchema.parse(result);
        expect(reply.covered).toBe(true);
        expect(reply.citations.every((n) => n >= 1 && n <= PIVOT_PASSAGES.passages.length)).toBe(true);
      });
  });

  it('has a search query and its candidate passages embedded, one vector per text in order', async () => {
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.EMBED_SEARCH_TEXTS} for a query and its candidate passages`)
      .given(ENDPOINT_EMBEDS_SEARCH)
      .withRequest((request) => request.withJSONContent(SEARCH_TEXTS))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            model: Matchers.string('text-embedding-3-small'),
            // Little-endian float32 values in base64 (encodeEmbedding): here 1, 0, 0, 0.05.
            vectors: Matchers.eachLike(Matchers.regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, encodeEmbedding([1, 0, 0, 0.05])), SEARCH_TEXTS.texts.length),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result, error } = await replayAgainstSvcCourses(message, AI_SUBJECTS.EMBED_SEARCH_TEXTS, ({ embeddings }) => embeddings.embed(SEARCH_TEXTS.texts, asPact));
        expect(error).toBeUndefined();
        const reply = embedSearchTextsReplySchema.parse(result);
        expect(reply.vectors).toHaveLength(SEARCH_TEXTS.texts.length);
        expect(reply.vectors.map(decodeEmbedding).every((vector) => vector !== null && vector.length > 0)).toBe(true);
      });
  });

  it('has search embeddings refused with a 503 when svc-ai has no endpoint for them (search ranks by full text)', async () => {
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.EMBED_SEARCH_TEXTS} without an embeddings endpoint`)
      .given(OFFLINE_PROVIDER)
      .withRequest((request) => request.withJSONContent(SEARCH_TEXTS))
      .withResponse((response) => response.withJSONContent({ err: { statusCode: 503, message: EMBEDDINGS_NOT_CONFIGURED_MESSAGE } }))
      .executeTest(async (message) => {
        const { error } = await replayAgainstSvcCourses(message, AI_SUBJECTS.EMBED_SEARCH_TEXTS, ({ embeddings }) => embeddings.embed(SEARCH_TEXTS.texts, asPact));
        expect(error).toBeInstanceOf(RpcException);
        expect((error as RpcException).getError()).toEqual({ statusCode: 503, message: EMBEDDINGS_NOT_CONFIGURED_MESSAGE });
      });
  });

  it('has a learning helper run on a passage with its library context, in the learner’s name, answering markdown', async () => {
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.RUN_LEARNING_HELPER} for a quiz on a lesson with related lessons`)
      .given(OFFLINE_PROVIDER)
      .withRequest((request) => request.withJSONContent(PIVOT_QUIZ))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            response: Matchers.regex(/^## [\s\S]+$/, '## Knowledge quiz: Pivot tables step by step\n\n**1.** A pivot table summarises thousands of _____ in seconds without writing formulas.'),
            provider: Matchers.regex(/^(offline|openai)$/, 'offline'),
            model: Matchers.string(OFFLINE_MODEL_NAME),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result, error } = await replayAgainstSvcCourses(message, AI_SUBJECTS.RUN_LEARNING_HELPER, ({ helpers }) => helpers.run(PIVOT_QUIZ, { caller: LEARNER, requestId: 'pact-request-1' }), LEARNER);
        expect(error).toBeUndefined();
        expect(learningHelperReplySchema.parse(result).response.length).toBeGreaterThan(0);
      });
  });

  it('passes svc-ai’s refusal of a learning helper that an admin turned off through with its status and message', async () => {
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.RUN_LEARNING_HELPER} while learning helpers are turned off`)
      .given(LEARNING_HELPERS_OFF)
      .withRequest((request) => request.withJSONContent(PIVOT_QUIZ))
      .withResponse((response) => response.withJSONContent({ err: { statusCode: 403, message: aiFeatureOffMessage('learning-helpers') } }))
      .executeTest(async (message) => {
        const { error } = await replayAgainstSvcCourses(message, AI_SUBJECTS.RUN_LEARNING_HELPER, ({ helpers }) => helpers.run(PIVOT_QUIZ, { caller: LEARNER, requestId: 'pact-request-1' }), LEARNER);
        expect(error).toBeInstanceOf(SvcAiRefusal);
        expect((error as SvcAiRefusal).getError()).toEqual({ statusCode: 403, message: aiFeatureOffMessage('learning-helpers') });
      });
  });
  it('has feedback written on a learner’s exercise work in their name: what it covers and what seems missing', async () => {
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.EXERCISE_FEEDBACK} on written work, an attached document and photos`)
      .given(OFFLINE_PROVIDER)
      .withRequest((request) => request.withJSONContent(RETROSPECTIVE_WORK))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            // Whatever else it says, the feedback names the pictures it did not look at.
            text: Matchers.regex(
              // The provider matches the whole text: anything may come before and after.
              /^[\s\S]*did not look at board\.png, phone-photo\.jpg: it cannot read images[\s\S]*$/,
              'This is an automatic check of coverage, not a grade.\n\nThis feedback did not look at board.png, phone-photo.jpg: it cannot read images, so anything shown only in them was not taken into account. An administrator reviewing your submission still sees them.',
            ),
            covered: Matchers.eachLike(Matchers.string('Limit the outcomes to two actions')),
            missing: Matchers.atLeastLike(Matchers.string('Give every action an owner'), 0),
            provider: Matchers.regex(/^(offline|openai)$/, 'offline'),
            model: Matchers.string(OFFLINE_MODEL_NAME),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result, error } = await replayAgainstSvcCourses(message, AI_SUBJECTS.EXERCISE_FEEDBACK, ({ feedback }) => feedback.write(RETROSPECTIVE_WORK, { caller: LEARNER, requestId: 'pact-request-1' }), LEARNER);
        expect(error).toBeUndefined();
        expect(exerciseFeedbackReplySchema.parse(result).covered.length).toBeGreaterThan(0);
      });
  });

  it('passes svc-ai’s refusal of exercise feedback that an admin turned off through with its status and message', async () => {
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.EXERCISE_FEEDBACK} while exercise feedback is turned off`)
      .given(EXERCISE_FEEDBACK_OFF)
      .withRequest((request) => request.withJSONContent(RETROSPECTIVE_WORK))
      .withResponse((response) => response.withJSONContent({ err: { statusCode: 403, message: aiFeatureOffMessage('exercise-feedback') } }))
      .executeTest(async (message) => {
        const { error } = await replayAgainstSvcCourses(message, AI_SUBJECTS.EXERCISE_FEEDBACK, ({ feedback }) => feedback.write(RETROSPECTIVE_WORK, { caller: LEARNER, requestId: 'pact-request-1' }), LEARNER);
        expect(error).toBeInstanceOf(SvcAiRefusal);
        expect((error as SvcAiRefusal).getError()).toEqual({ statusCode: 403, message: aiFeatureOffMessage('exercise-feedback') });
      });
  });

  it('passes svc-ai’s refusal of a picture whose bytes are no picture through with its status and the file’s name', async () => {
    const message = EXERCISE_ATTACHMENT_MESSAGES.MISMATCH('board.png', 'holds a PDF document');
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.EXERCISE_FEEDBACK} with a model that reads images, on a picture whose bytes are a PDF`)
      .given(VISION_MODEL_AND_STORED_FILE, NOT_A_PICTURE)
      .withRequest((request) => request.withJSONContent(WORK_WITH_A_PDF_AS_PICTURE))
      .withResponse((response) => response.withJSONContent({ err: { statusCode: 415, message } }))
      .executeTest(async (message_) => {
        const { error } = await replayAgainstSvcCourses(message_, AI_SUBJECTS.EXERCISE_FEEDBACK, ({ feedback }) => feedback.write(WORK_WITH_A_PDF_AS_PICTURE, { caller: LEARNER, requestId: 'pact-request-1' }), LEARNER);
        expect(error).toBeInstanceOf(RpcException);
        expect((error as RpcException).getError()).toEqual({ statusCode: 415, message });
      });
  });

  it('has a lesson of a course narrated in the name of the admin who started the task, in the voice of its language', async () => {
    // Exactly what the lesson's play button sends: its title and its text.
    const lesson = { text: 'A pivot table summarises thousands of rows in seconds.', title: 'Pivot tables step by step' };
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.GENERATE_NARRATION} for one lesson of a course`)
      .given(OFFLINE_PROVIDER)
      .withRequest((request) => request.withJSONContent(lesson))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            audioKey: Matchers.regex(/^[0-9a-f]{64}$/, 'a'.repeat(64)),
            textContent: 'Pivot tables step by step.\n\nA pivot table summarises thousands of rows in seconds.',
            language: 'en',
            bytes: Matchers.integer(20000),
            durationSeconds: Matchers.decimal(4.5),
            reused: Matchers.boolean(false),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result, error } = await replayAgainstSvcCourses(message, AI_SUBJECTS.GENERATE_NARRATION, ({ narration }) => narration.narrate(lesson, asPact));
        expect(error).toBeUndefined();
        expect(generateNarrationReplySchema.parse(result)).toMatchObject({ language: 'en', reused: false });
      });
  });
});
