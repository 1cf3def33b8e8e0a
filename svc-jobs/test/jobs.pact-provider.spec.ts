import {
  type Caller,
  callerSchema,
  EVENT_SUBJECTS,
  JOB_UPLOADS_BUCKET,
  jobDescriptionReplySchema,
  JOBS_SUBJECTS,
  type ExtractedSkill,
} from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { MessageDescriptor, Verifier } from '@pact-foundation/pact';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NatsConnection, ObjectStore } from 'nats';
import { DataSource } from 'typeorm';
import { bootstrap } from '../src/main';
import { detectLanguage } from '../src/job-descriptions/detect-language';
import { readEventsSince } from '@masar/contracts/events-stream';
import {
  CALLER_PROVIDER_STATE,
  callerNamedIn,
  connectToNatsAs,
  createFreshDatabase,
  FreshDatabase,
  requestOverNats,
  recordPactVerification,
} from '@masar/contracts/service-kit/testing';
import { SkillExtractorStandIn } from './support/skill-extractor-stand-in';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const PACT_DIR = path.resolve(__dirname, '../../contracts/pacts');

interface PactFile {
  provider?: { name?: string };
  interactions: { description: string; providerStates?: { name: string }[] }[];
}

/** Every pact in contracts/pacts whose provider is svc-jobs (the gateway's, and any later consumer's). */
function svcJobsPactFiles(): string[] {
  return readdirSync(PACT_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.join(PACT_DIR, file))
    .filter((file) => (JSON.parse(readFileSync(file, 'utf8')) as PactFile).provider?.name === 'svc-jobs');
}

/** Subjects svc-jobs answers on, and the event it publishes (an asynchronous message in svc-progress' pact). */
const KNOWN_SUBJECTS: readonly string[] = [...Object.values(JOBS_SUBJECTS), EVENT_SUBJECTS.JOB_SKILLS_REVIEWED];
const REVIEWER: Caller = { id: '3f2b6c1e-8d4a-4f7b-9c2e-5a1d7e9b0c44', role: 'learner' };

/** Each description starts with the subject it is sent on, e.g. "jobs.job-descriptions.get for an unknown id". */
function subjectOf(description: string): string {
  const subject = description.split(' ')[0];
  if (!KNOWN_SUBJECTS.includes(subject)) {
    throw new Error(`"${description}" does not start with a jobs subject`);
  }
  return subject;
}

/** The smallest PNG there is: a real image, so the type check has something real to refuse. */
const PNG_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Skills named by a provider state, each with its first occurrence in `content` as evidence. */
function skillsFoundIn(content: string, names: readonly string[]): ExtractedSkill[] {
  return names.map((name) => {
    const start = content.toLowerCase().indexOf(name.toLowerCase());
    if (start === -1) {
      throw new Error(`provider state names "${name}", which its content does not contain`);
    }
    return {
      name,
      category: /communication|teamwork|leadership/i.test(name) ? 'behavioral' : 'technical',
      confidence: 0.9,
      evidence: [{ text: content.slice(start, start + name.length), start, end: start + name.length }],
    };
  });
}

/**
 * Verifies every consumer's expectations of svc-jobs: each message in the pacts is sent to the real
 * service (booted on a fresh database, answering on the real NATS, reading uploads from the real
 * JetStream object store) and its real reply packet is compared with the recorded one. svc-ai, a
 * peer service held to its own pact (svc-jobs-svc-ai.json), is a stand-in on the same NATS.
 */
describe('svc-jobs honours its consumers’ pacts', () => {
  const pactFiles = svcJobsPactFiles();
  let database: FreshDatabase;
  let service: INestMicroservice;
  /** The gateway: the consumer of svc-jobs' replies, and the writer of its uploads. */
  let nats: NatsConnection;
  /** svc-progress: the consumer of the skills-reviewed event, reading it with its own rights. */
  let progress: NatsConnection;
  let uploads: ObjectStore;
  let skillExtractor: SkillExtractorStandIn;

  beforeAll(async () => {
    database = await createFreshDatabase('jobs_pact');
    skillExtractor = await SkillExtractorStandIn.start();
    service = await bootstrap({ DATABASE_URL: database.url, NATS_URL, LOG_LEVEL: 'silent', SEED_PREDEFINED_ROLES: 'false' });
    nats = await connectToNatsAs('gateway');
    progress = await connectToNatsAs('progress');
    uploads = await nats.jetstream().views.os(JOB_UPLOADS_BUCKET);
  });

  afterAll(async () => {
    await nats?.drain();
    await progress?.drain();
    await skillExtractor?.stop();
    await service?.close();
    await database?.drop();
  });

  function sql(query: string, parameters: unknown[] = []): Promise<unknown> {
    return service.get(DataSource).query(query, parameters);
  }

  async function insertPasted(row: { id?: string; title: string; content: string; skills: ExtractedSkill[]; createdBy: string | null }) {
    await sql(
      `INSERT INTO jobs.job_descriptions (id, title, content, source, detected_language, extracted_skills, created_by)
       VALUES (COALESCE($1::uuid, gen_random_uuid()), $2, $3, '{"kind":"text"}', $4, $5, $6)`,
      [row.id ?? null, row.title, row.content, detectLanguage(row.content), JSON.stringify(row.skills), row.createdBy],
    );
  }

  /** Analyses a posting, saves its review with one custom skill, and answers the event stored. */
  async function skillsReviewedEvent(): Promise<unknown> {
    const since = new Date().toISOString();
    const created = await requestOverNats(
      nats,
      JOBS_SUBJECTS.CREATE_FROM_TEXT,
      { title: 'Data Analyst', content: 'Data Analyst. Requirements: SQL and stakeholder communication.' },
      undefined,
      REVIEWER,
    );
    const { jobDescription } = jobDescriptionReplySchema.parse(created.response);
    await requestOverNats(
      nats,
      JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS,
      {
        id: jobDescription.id,
        review: { approvedSkills: [], removedSkills: jobDescription.extractedSkills.map((skill) => skill.name), customSkills: [{ name: 'SQL' }] },
      },
      undefined,
      REVIEWER,
    );
    const events = await readEventsSince(progress, EVENT_SUBJECTS.JOB_SKILLS_REVIEWED, since);
    return events.find((event) => event.jobDescriptionId === jobDescription.id);
  }

  const stateHandlers: Record<string, (params?: unknown) => Promise<undefined>> = {
    'a job description exists': async (params) => {
      const { id, title, content, extractedSkillNames, createdBy } = params as {
        id: string;
        title: string;
        content: string;
        extractedSkillNames?: string[];
        createdBy?: string;
      };
      await sql('DELETE FROM jobs.job_descriptions WHERE id = $1', [id]);
      await insertPasted({ id, title, content, skills: skillsFoundIn(content, extractedSkillNames ?? []), createdBy: createdBy ?? null });
      return undefined;
    },
    'job descriptions with these titles exist': async (params) => {
      const { titles, createdBy } = params as { titles: string[]; createdBy?: string };
      const owner = createdBy ?? REVIEWER.id;
      await sql('DELETE FROM jobs.job_descriptions WHERE created_by = $1', [owner]);
      for (const title of titles) {
        const content = `The ${title} works with SQL every day.`;
        await insertPasted({ title, content, skills: skillsFoundIn(content, ['SQL']), createdBy: owner });
      }
      return undefined;
    },
    [CALLER_PROVIDER_STATE]: async (params) => {
      // Sent as the caller header by the message provider below; here it only has to be a caller.
      callerSchema.parse(params);
      return undefined;
    },
    'no job descriptions exist': async () => {
      await sql('DELETE FROM jobs.job_descriptions');
      return undefined;
    },
    'no job description has the given id': async (params) => {
      const { id } = params as { id: string };
      await sql('DELETE FROM jobs.job_descriptions WHERE id = $1', [id]);
      return undefined;
    },
    'a text file is in the job uploads bucket': async (params) => {
      const { objectName, text } = params as { objectName: string; text: string };
      await uploads.putBlob({ name: objectName }, Buffer.from(text, 'utf8'));
      return undefined;
    },
    'an image file is in the job uploads bucket': async (params) => {
      const { objectName } = params as { objectName: string };
      await uploads.putBlob({ name: objectName }, PNG_IMAGE);
      return undefined;
    },
  };

  it('finds at least one pact with svc-jobs as the provider', () => {
    expect(pactFiles.map((file) => path.basename(file))).toContain('svc-gateway-svc-jobs.json');
  });

  it('has a handler for every provider state the consumers use, and knows every subject', () => {
    const interactions = pactFiles.flatMap((file) => (JSON.parse(readFileSync(file, 'utf8')) as PactFile).interactions);
    const states = interactions.flatMap((interaction) => interaction.providerStates ?? []).map((state) => state.name);
    expect(states.filter((state) => !(state in stateHandlers))).toEqual([]);
    for (const { description } of interactions) {
      expect(() => subjectOf(description)).not.toThrow();
    }
  });

  it('answers every recorded message as the consumers expect', async () => {
    const descriptions = pactFiles.flatMap((file) =>
      (JSON.parse(readFileSync(file, 'utf8')) as PactFile).interactions.map((interaction) => interaction.description),
    );
    const messageProviders = Object.fromEntries(
      descriptions.map((description) => [
        description,
        async (message: MessageDescriptor) => {
          // The event is produced by doing the real thing and reading back what was stored on the stream.
          if (subjectOf(description) === EVENT_SUBJECTS.JOB_SKILLS_REVIEWED) return skillsReviewedEvent();
          const reply = await requestOverNats(nats, subjectOf(description), message.content, undefined, callerNamedIn(message.providerStates));
          return reply.err !== undefined ? { err: reply.err } : { response: reply.response };
        },
      ]),
    );
    await new Verifier({
      provider: 'svc-jobs',
      pactUrls: pactFiles,
      messageProviders,
      stateHandlers,
      logLevel: 'warn',
    }).verifyProvider();
    // Passed: this version of svc-jobs honours these pacts (what can-i-deploy reads).
    recordPactVerification({ provider: 'svc-jobs', pactFiles: pactFiles });
  });
});
