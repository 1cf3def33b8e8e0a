import { aiFeatureOffMessage, DEFAULT_AI_NOTICE, errorReplySchema, EVENT_SUBJECTS, EXERCISE_ATTACHMENTS_BUCKET, LESSON_VIDEOS_BUCKET, PROGRESS_SUBJECTS } from '@masar/contracts';
import { Verifier, VerifierOptions } from '@pact-foundation/pact';
import type { NextFunction, Request, Response } from 'express';
import { NatsConnection } from 'nats';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { readEventsSince } from '@masar/contracts/events-stream';
import { JOB_PROVIDER_STATES, SERVICE_DOWN_STATES, UPLOAD_REFUSED_STATE } from './support/job-provider-states';
import { startPlatform, Platform } from './support/platform';
import { SeededJobDescription, STAND_IN_PNG, StandInAi, StandInJobs } from './support/stand-in-services';
import { COURSE_PROVIDER_STATES, type PracticeLessonsStateParams } from './support/course-provider-states';
import { PROGRESS_PROVIDER_STATES } from './support/progress-provider-states';
import { StandInProgress } from './support/stand-in-progress';
import type { ReviewedCourseStateParams } from './support/stand-in-quality';
import { CourseStateRow, CourseWithLessonsStateParams, CreationTaskStateParams, StandInCourses } from './support/stand-in-courses';
import { connectToNatsAs, recordPactVerification } from '@masar/contracts/service-kit/testing';
import type { AgentTaskStateParams } from './support/stand-in-agent-tasks';

const PACT_DIR = path.resolve(__dirname, '../../contracts/pacts');

/**
 * Every pact in which svc-gateway is the provider, read when the test runs: the shell's, mf-jobroles's
 * (`masar-mf-jobroles-svc-gateway.json`) and any later consumer's are verified as soon as they exist.
 */
function gatewayPactFiles(kind: 'http' | 'events' = 'http'): string[] {
  return readdirSync(PACT_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.join(PACT_DIR, file))
    .filter((file) => {
      const pact = JSON.parse(readFileSync(file, 'utf8')) as { provider?: { name?: string }; interactions?: { type?: string }[] };
      // The events the gateway publishes are asynchronous messages; the browsers' calls are HTTP.
      const events = (pact.interactions ?? []).some((interaction) => interaction.type === 'Asynchronous/Messages');
      return pact.provider?.name === 'svc-gateway' && events === (kind === 'events');
    });
}

interface PactFile {
  interactions: { providerStates?: { name: string }[]; providerState?: string }[];
}

type StateHandler =
  | ((params?: unknown) => Promise<undefined>)
  | { setup: (params?: unknown) => Promise<undefined>; teardown: () => Promise<undefined> };

interface SignInParams {
  username?: string;
  password?: string;
}

/**
 * Verifies the consumers' HTTP pacts against the real gateway on a free port, with the real
 * svc-identity behind it (its build, on a fresh database), the real Redis and the real NATS.
 * For "signed in" states the handler signs in through the gateway itself and the request
 * filter puts that real session cookie on the interaction's request.
 *
 * svc-jobs and svc-ai are stand-ins on the same NATS (test/support/stand-in-services.ts) that answer
 * every jobs and ai subject with contract-checked replies from data the provider states seed, and
 * read uploads from the real JetStream object store. The gateway is the provider under test here:
 * what it forwards and how it answers are real, while the real svc-jobs and svc-ai are held to the
 * same subjects by the pacts the gateway writes for them (svc-gateway-svc-jobs.json, -svc-ai.json).
 * Spawning their builds instead would make this test depend on two more databases, the extractor's
 * taxonomy and their start-up, and a posting's skills would no longer be what the state says.
 */
describe('svc-gateway honours its consumers’ pacts', () => {
  let platform: Platform;
  /** Reads the lesson reports on the events stream as svc-progress, their consumer, does. */
  let eventsReader: NatsConnection;
  let jobs: StandInJobs;
  let ai: StandInAi;
  let courses: StandInCourses;
  let progress: StandInProgress;
  let sessionCookie: string | undefined;

  beforeAll(async () => {
    // Every "signed in" state signs in from this one address: more interactions than the default per-address limit.
    platform = await startPlatform({
      LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000',
      // One LMS registered, so the shell's LTI registration page (masar-shell-lti) has something to show.
      LTI_PLATFORMS: JSON.stringify([
        {
          name: 'Pact LMS',
          issuer: 'https://lms.pact.example',
          clientId: 'masar-tool',
          deploymentIds: ['1'],
          authLoginUrl: 'https://lms.pact.example/auth',
          tokenUrl: 'https://lms.pact.example/token',
          jwksUrl: 'https://lms.pact.example/jwks',
        },
      ]),
      LTI_TOOL_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    eventsReader = await connectToNatsAs('progress');
    jobs = new StandInJobs();
    ai = new StandInAi();
    courses = new StandInCourses();
    progress = new StandInProgress();
    await jobs.up();
    await ai.up();
    await courses.up();
    await progress.up();
  });

  afterAll(async () => {
    await eventsReader?.drain();
    await Promise.all([jobs, ai, courses, progress].map((standIn) => standIn?.close()));
    await platform?.stop();
  });

  async function signIn(credentials: SignInParams, fallback: Required<SignInParams>): Promise<undefined> {
    const response = await request(platform.gateway.url)
      .post('/api/auth/login')
      .send({ username: credentials.username ?? fallback.username, password: credentials.password ?? fallback.password })
      .expect(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    sessionCookie = cookies.map((cookie) => cookie.split(';')[0]).find((cookie) => cookie.startsWith('masar.sid='));
    return undefined;
  }

  const signedOut = async () => {
    sessionCookie = undefined;
    return undefined;
  };

  const demoLearnerExists = async () => {
    sessionCookie = undefined;
    const client = new Client({ connectionString: platform.database.url });
    await client.connect();
    try {
      const { rowCount } = await client.query(`SELECT 1 FROM identity.users WHERE username = 'demo' AND role = 'learner'`);
      if (rowCount !== 1) throw new Error('svc-identity did not seed the demo learner');
    } finally {
      await client.end();
    }
    return undefined;
  };

  /** The id svc-identity gave a seeded account (the demo learner, the admin). */
  const userIdOf = async (username: string): Promise<string> => {
    const client = new Client({ connectionString: platform.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(`SELECT id FROM identity.users WHERE username = $1`, [username]);
      if (rows.length !== 1) throw new Error(`svc-identity did not seed ${username}`);
      return rows[0].id;
    } finally {
      await client.end();
    }
  };

  /** Seeds postings one second apart, so "newest first" has one answer. */
  const seedPostings = (postings: SeededJobDescription[]) => {
    const startedAt = Date.now() - postings.length * 1000;
    postings.forEach((posting, index) =>
      jobs.seed({ createdAt: new Date(startedAt + index * 1000).toISOString(), ...posting }),
    );
  };

  const serviceDown = (service: () => StandInJobs | StandInAi): StateHandler => ({
    setup: async () => {
      await service().down();
      return undefined;
    },
    teardown: async () => {
      await service().up();
      return undefined;
    },
  });

  const stateHandlers: Record<string, StateHandler> = {
    'the demo learner exists': demoLearnerExists,
    'a learner is signed in': {
      setup: (params?: unknown) => signIn((params ?? {}) as SignInParams, { username: 'demo', password: 'demo123' }),
      teardown: signedOut,
    },
    'an admin is signed in': {
      setup: (params?: unknown) => signIn((params ?? {}) as SignInParams, { username: 'admin', password: 'admin123' }),
      teardown: signedOut,
    },
    'nobody is signed in': signedOut,
    // The admin people area (masar-shell-admin): a learner the admin acts on, written straight into identity's table.
    'a learner exists with a known id': async (params?: unknown) => {
      const { id } = params as { id: string };
      const client = new Client({ connectionString: platform.database.url });
      await client.connect();
      try {
        await client.query(`DELETE FROM identity.users WHERE id = $1 OR username = 'pact.person'`, [id]);
        await client.query(
          `INSERT INTO identity.users (id, username, password_hash, role, first_name, last_name, email, preferred_language)
           VALUES ($1, 'pact.person', 'not-a-hash', 'learner', 'Nour', 'Saleh', 'nour@masar.test', 'ar')`,
          [id],
        );
      } finally {
        await client.end();
      }
      return undefined;
    },
    [JOB_PROVIDER_STATES.JOB_DESCRIPTION_EXISTS]: async (params?: unknown) => {
      seedPostings([(params ?? {}) as SeededJobDescription]);
      return undefined;
    },
    [JOB_PROVIDER_STATES.JOB_DESCRIPTIONS_EXIST]: async (params?: unknown) => {
      const { titles = ['Senior Backend Engineer', 'Data Analyst'] } = (params ?? {}) as { titles?: string[] };
      seedPostings(titles.map((title) => ({ title })));
      return undefined;
    },
    [JOB_PROVIDER_STATES.NO_JOB_DESCRIPTIONS_EXIST]: async () => {
      jobs.postings.clear();
      return undefined;
    },
    [JOB_PROVIDER_STATES.NO_JOB_DESCRIPTION_HAS_THE_ID]: async (params?: unknown) => {
      const { id } = (params ?? {}) as { id?: string };
      if (id) jobs.postings.delete(id);
      return undefined;
    },
    [UPLOAD_REFUSED_STATE]: async (params?: unknown) => {
      jobs.uploadRefusal = errorReplySchema.parse(params);
      return undefined;
    },
    [SERVICE_DOWN_STATES.JOBS_UNAVAILABLE]: serviceDown(() => jobs),
    [SERVICE_DOWN_STATES.AI_UNAVAILABLE]: serviceDown(() => ai),
    // The browser's course pacts (masar-mf-courses-svc-gateway.json), answered by the svc-courses stand-in.
    [COURSE_PROVIDER_STATES.COURSE_EXISTS]: async (params?: unknown) => {
      courses.seedCourseWithLessons(params as CourseWithLessonsStateParams);
      return undefined;
    },
    [COURSE_PROVIDER_STATES.SEARCH_PASSAGE_EXISTS]: async (params?: unknown) => {
      const { passageId, ...course } = params as CourseWithLessonsStateParams & { passageId: string };
      courses.seedCourseWithLessons(course);
      courses.passageIds.set(course.id, passageId);
      return undefined;
    },
    [COURSE_PROVIDER_STATES.COURSES_EXIST]: async (params?: unknown) => {
      courses.replaceWith(((params ?? {}) as { courses?: CourseStateRow[] }).courses ?? []);
      return undefined;
    },
    [COURSE_PROVIDER_STATES.NO_COURSE_HAS_THE_ID]: async (params?: unknown) => {
      const { id } = (params ?? {}) as { id?: string };
      if (id) courses.courses.delete(id);
      return undefined;
    },
    [COURSE_PROVIDER_STATES.COURSE_REVIEWED]: async (params?: unknown) => {
      const { id, title, failedMessage } = params as ReviewedCourseStateParams;
      courses.quality.seedReview(courses.seedCourseWithLessons({ id, title, modules: 1, lessonsPerModule: 2 }), failedMessage);
      return undefined;
    },
    // The stand-in answers a started task queued, as svc-courses does with its workers held.
    [COURSE_PROVIDER_STATES.AGENT_TASKS_WAIT]: async () => undefined,
    [COURSE_PROVIDER_STATES.CREATION_TASK_EXISTS]: async (params?: unknown) => {
      courses.seedTask(params as CreationTaskStateParams);
      return undefined;
    },
    [COURSE_PROVIDER_STATES.PRACTICE_LESSONS_EXIST]: async (params?: unknown) => {
      courses.seedPracticeLessons(params as PracticeLessonsStateParams);
      return undefined;
    },
    // mf-courses' exercise review: the demo learner's work on the practice course's exercise.
    'the demo learner has submitted work on the exercise': async (params?: unknown) => {
      const { exerciseLessonId, work } = params as { exerciseLessonId: string; work: string };
      courses.practice.seedSubmission({ userId: await userIdOf('demo'), lessonId: exerciseLessonId, work });
      return undefined;
    },
    // mf-courses' download of a learner's file: a PDF in the attachments bucket, named by the demo learner's submission.
    'the demo learner has submitted a PDF on the exercise': async (params?: unknown) => {
      const { exerciseLessonId, submissionId, attachmentId } = params as { exerciseLessonId: string; submissionId: string; attachmentId: string };
      const bytes = readFileSync(path.resolve(__dirname, '../../e2e/fixtures/retrospective-notes.pdf'));
      await courses.storeObject(EXERCISE_ATTACHMENTS_BUCKET, attachmentId, bytes);
      courses.practice.seedSubmission({
        userId: await userIdOf('demo'),
        lessonId: exerciseLessonId,
        work: '',
        submissionId,
        attachments: [{ attachmentId, name: 'retrospective-notes.pdf', mediaType: 'application/pdf', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }],
      });
      return undefined;
    },
    // mf-courses' video player: the fixture MP4 in the lesson-videos bucket under the sha256 the consumer names.
    'an uploaded lesson video is stored': async (params?: unknown) => {
      const { key } = params as { key: string };
      const bytes = readFileSync(path.resolve(__dirname, '../../e2e/fixtures/lesson-video.mp4'));
      if (createHash('sha256').update(bytes).digest('hex') !== key) throw new Error(`The fixture video is not the one the consumer named (${key})`);
      await courses.storeObject(LESSON_VIDEOS_BUCKET, key, bytes);
      return undefined;
    },
    [COURSE_PROVIDER_STATES.AGENT_TASK_EXISTS]: async (params?: unknown) => {
      courses.agentTasks.seed(params as AgentTaskStateParams);
      return undefined;
    },
    // Progress for whoever is signed in (the consumer cannot know their id).
    [PROGRESS_PROVIDER_STATES.HAS_PROGRESS]: async (params?: unknown) => {
      progress.seed(params as { courseId: string; completedLessonIds?: string[]; startedLessonIds?: string[] });
      return undefined;
    },
    [PROGRESS_PROVIDER_STATES.NO_PROGRESS]: async (params?: unknown) => {
      progress.seed({ courseId: (params as { courseId: string }).courseId });
      return undefined;
    },
    // The svc-ai stand-in answers ai.images.describe as the offline provider does: 501.
    'image analysis is offline': async () => undefined,
    // AI governance (masar-mf-agents' screens, the shell's AI-use notice), answered by the svc-ai stand-in
    // (stand-in-governance.ts), which every interaction starts as svc-ai first starts: the default settings.
    'AI governance has logged calls': async () => {
      const learner = await userIdOf('demo');
      const now = Date.now();
      ai.governance.seedCalls(
        {
          userId: learner,
          userRole: 'learner',
          at: new Date(now - 60_000).toISOString(),
          feature: 'lesson-writing',
          provider: 'openai',
          model: 'gpt-4o-mini',
          promptTemplate: 'lesson-composition',
          promptVersion: 1,
          inputTokens: 1200,
          outputTokens: 800,
          inputCharacters: 5200,
          outputCharacters: 3100,
          latencyMs: 2400,
        },
        {
          userId: learner,
          userRole: 'learner',
          at: new Date(now - 120_000).toISOString(),
          feature: 'skill-extraction',
          outcome: 'refused',
          statusCode: 403,
          error: aiFeatureOffMessage('skill-extraction'),
          inputCharacters: 0,
          outputCharacters: 0,
          latencyMs: 1,
        },
      );
      return undefined;
    },
    'AI governance has its default settings': async () => {
      ai.governance.reset();
      return undefined;
    },
    'an AI-use notice is published': async () => {
      ai.governance.publishNotice(DEFAULT_AI_NOTICE, await userIdOf('admin'));
      return undefined;
    },
    'lesson writing is turned off': async () => {
      ai.governance.setFeature('lesson-writing', { enabled: false });
      ai.governance.features.set('lesson-writing', {
        ...ai.governance.features.get('lesson-writing')!,
        updatedBy: await userIdOf('admin'),
        updatedAt: new Date().toISOString(),
      });
      return undefined;
    },
    // mf-courses' lesson illustrations: a PNG svc-ai keeps under the consumer's key, and the feature turned off.
    'a lesson illustration is stored under a known key': async (params?: unknown) => {
      const { key } = params as { key: string };
      ai.illustrations.set(key, STAND_IN_PNG);
      return undefined;
    },
    'lesson illustrations are turned off': async () => {
      ai.governance.setFeature('illustration', { enabled: false });
      return undefined;
    },
    // mf-courses' pact: the learning helpers on a search result, turned off by an admin.
    'learning helpers are turned off': async () => {
      ai.governance.setFeature('learning-helpers', { enabled: false });
      return undefined;
    },
    // The prompt template editor's pact (masar-mf-agents): svc-ai's built-in template under a known id.
    'a built-in prompt template exists with a known id': async (params?: unknown) => {
      const { id, name } = params as { id: string; name: string };
      ai.prompts.seed(id, name);
      return undefined;
    },
  };

  it('has a handler for every provider state its consumers use', () => {
    const states = gatewayPactFiles().flatMap((file) =>
      (JSON.parse(readFileSync(file, 'utf8')) as PactFile).interactions.flatMap((interaction) => [
        ...(interaction.providerStates ?? []).map((state) => state.name),
        ...(interaction.providerState ? [interaction.providerState] : []),
      ]),
    );
    expect(states.filter((state) => !(state in stateHandlers))).toEqual([]);
  });

  it('finds a pact to verify', () => {
    expect(gatewayPactFiles()).not.toEqual([]);
  });

  it('answers every interaction as its consumer expects', async () => {
    const pactUrls = gatewayPactFiles();
    expect(pactUrls).not.toEqual([]);
    await new Verifier({
      provider: 'svc-gateway',
      providerBaseUrl: platform.gateway.url,
      pactUrls,
      // Each interaction starts from no postings, with both stand-ins answering.
      beforeEach: async () => {
        jobs.reset();
        ai.reset();
        courses.reset();
        progress.reset();
        await jobs.up();
        await ai.up();
        await courses.up();
        await progress.up();
      },
      // pact-js types HTTP and message state handlers as one intersection; setup/teardown pairs are HTTP's.
      stateHandlers: stateHandlers as unknown as VerifierOptions['stateHandlers'],
      requestFilter: (req: Request, _res: Response, next: NextFunction) => {
        if (sessionCookie && !req.path.startsWith('/_pact')) {
          req.headers.cookie = sessionCookie;
        }
        next();
      },
      logLevel: 'warn',
    }).verifyProvider();
    // Passed: this version of the gateway honours these pacts (what can-i-deploy reads).
    recordPactVerification({ provider: 'svc-gateway', pactFiles: pactUrls });
  });
  it('publishes the lesson reports svc-progress expects, as a learner completing a lesson makes them', async () => {
    const pactUrls = gatewayPactFiles('events');
    expect(pactUrls.map((file) => path.basename(file))).toEqual(['svc-progress-svc-gateway.json']);
    const descriptions = pactUrls.flatMap((file) =>
      (JSON.parse(readFileSync(file, 'utf8')) as { interactions: { description: string }[] }).interactions.map((interaction) => interaction.description),
    );
    const messageProviders = Object.fromEntries(
      descriptions.map((description) => {
        if (!description.startsWith(EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED)) throw new Error(`no producer for "${description}"`);
        return [description, reportedLesson];
      }),
    );
    await new Verifier({ provider: 'svc-gateway', pactUrls, messageProviders, logLevel: 'warn' }).verifyProvider();
    recordPactVerification({ provider: 'svc-gateway', pactFiles: pactUrls });
  });

  /** A learner completes a lesson through the real gateway; the answer is the report it stored on the stream. */
  async function reportedLesson(): Promise<unknown> {
    courses.reset();
    progress.reset();
    await courses.up();
    await progress.up();
    const course = courses.seed({ title: 'SQL Basics' }, 1, 2);
    const lessonId = course.modules[0].lessons[0].id;
    const agent = request.agent(platform.gateway.url);
    await agent.post('/api/auth/login').send({ username: 'demo', password: 'demo123' }).expect(200);
    await agent.post(`/api/progress/lessons/${lessonId}`).send({ courseId: course.id, status: 'completed', secondsSpent: 300 }).expect(200);
    const [recorded] = progress.requestsOn(PROGRESS_SUBJECTS.RECORD_LESSON_PROGRESS).map((received) => received.data as { reportId: string; occurredAt: string });
    const stored = await readEventsSince(eventsReader, EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, recorded.occurredAt);
    const report = stored.find((event) => event.reportId === recorded.reportId);
    if (!report) throw new Error('the gateway stored no lesson report on the stream');
    return report;
  }
});
