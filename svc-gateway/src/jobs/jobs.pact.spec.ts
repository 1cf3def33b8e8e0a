import {
  type Caller,
  CreateJobDescriptionFromFileRequest,
  deleteJobDescriptionReplySchema,
  generateDemoJobReplySchema,
  jobDescriptionListSchema,
  jobDescriptionSchema,
  JOBS_SUBJECTS,
  SKILL_CATEGORIES,
} from '@masar/contracts';
import { HttpException } from '@nestjs/common';
import { Matchers, PactV4 } from '@pact-foundation/pact';
import type { JsonMap } from '@pact-foundation/pact/src/common/jsonTypes';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { JOB_PROVIDER_STATES } from '../../test/support/job-provider-states';
import { callerState, replayAgainstGateway, SynchronousMessage } from '../../test/support/recorded-reply-transport';
import { JobsClient } from './jobs.client';

/**
 * What the gateway asks svc-jobs and relies on in the answers, as V4 synchronous messages: the
 * request is the NATS payload the gateway sends on a subject, the response the reply packet svc-jobs's
 * Nest microservice answers with (`{response}` on success, `{err}` with an ErrorReply on failure).
 * svc-jobs verifies this file in its own tests; the provider states and their params are listed in
 * test/support/job-provider-states.ts. Every message is sent for a signed-in person: the caller
 * header it carries is named by the `callerState` provider state (see recorded-reply-transport.ts),
 * and no payload says whose data it is.
 */
const PACT_DIR = path.resolve(__dirname, '../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'svc-gateway-svc-jobs.json');

const JOB_ID = '8c2d4f6a-1b3e-4c5d-9e7f-0a1b2c3d4e5f';
const MISSING_JOB_ID = '00000000-0000-4000-8000-0000000000aa';
const LEARNER_ID = '3f2b6c1e-8d4a-4f7b-9c2e-5a1d7e9b0c44';
const ADMIN_ID = '5a1d7e9b-0c44-4f7b-9c2e-3f2b6c1e8d4a';
const OTHER_LEARNER_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const AS_LEARNER: Caller = { id: LEARNER_ID, role: 'learner' };
const AS_ADMIN: Caller = { id: ADMIN_ID, role: 'admin' };
const OBJECT_NAME = '6e0b9a52-4d7c-4f1e-8a3b-2c9d1e7f5a60';

const POSTING =
  'Senior Backend Engineer. Requirements: five years of TypeScript and Node.js, PostgreSQL and Docker. ' +
  'Clear communication and teamwork.';

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const CATEGORY = new RegExp(`^(${SKILL_CATEGORIES.join('|')})$`);

/** A skill the extractor found: the gateway and the browser rely on the evidence spans being there. */
function extractedSkillLike(name = 'TypeScript', category = 'technical') {
  return {
    name: Matchers.string(name),
    category: Matchers.regex(CATEGORY, category),
    confidence: Matchers.number(0.92),
    evidence: Matchers.eachLike({
      text: Matchers.string(name),
      start: Matchers.integer(33),
      end: Matchers.integer(43),
    }),
  };
}

function jobDescriptionLike(fields: {
  id?: unknown;
  title?: unknown;
  content?: unknown;
  source: unknown;
  createdBy: unknown;
  reviewedSkills?: unknown;
}) {
  return {
    id: fields.id ?? Matchers.uuid(JOB_ID),
    title: fields.title ?? Matchers.string('Senior Backend Engineer'),
    content: fields.content ?? Matchers.string(POSTING),
    source: fields.source,
    detectedLanguage: Matchers.regex(/^(en|ar)$/, 'en'),
    extractedSkills: Matchers.eachLike(extractedSkillLike()),
    reviewedSkills: fields.reviewedSkills ?? null,
    createdBy: fields.createdBy,
    createdAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-22T08:30:00.000Z'),
  };
}

/** A list item: the posting without its creator. */
function jobDescriptionSummaryLike(fields: { title: unknown; source: unknown }) {
  const { createdBy: _createdBy, ...summary } = jobDescriptionLike({ ...fields, createdBy: null });
  return summary;
}

const EXISTING_POSTING_STATE = {
  id: JOB_ID,
  title: 'Senior Backend Engineer',
  content: POSTING,
  extractedSkillNames: ['TypeScript', 'Node.js', 'Communication'],
  createdBy: LEARNER_ID,
};

function replayAgainstJobs<T>(message: SynchronousMessage, call: (jobs: JobsClient) => Promise<T>, caller: Caller = AS_LEARNER) {
  return replayAgainstGateway(message, (services, config) => new JobsClient(services, config), call, caller);
}

type ProviderState = [string, JsonMap];

function expectHttpError(error: unknown, status: number): void {
  expect(error).toBeInstanceOf(HttpException);
  expect((error as HttpException).getStatus()).toBe(status);
}

describe('svc-gateway (consumer) and svc-jobs (provider) over NATS', () => {
  const pact = new PactV4({ consumer: 'svc-gateway', provider: 'svc-jobs', dir: PACT_DIR, logLevel: 'warn' });

  beforeAll(() => {
    // Each run writes the file afresh, so an interaction removed here leaves the contract too.
    rmSync(PACT_FILE, { force: true });
  });

  const OTHERS_POSTING: ProviderState = [JOB_PROVIDER_STATES.JOB_DESCRIPTION_EXISTS, { ...EXISTING_POSTING_STATE, createdBy: OTHER_LEARNER_ID }];
  const NO_POSTING: ProviderState = [JOB_PROVIDER_STATES.NO_JOB_DESCRIPTION_HAS_THE_ID, { id: MISSING_JOB_ID }];
  const REVIEW = { approvedSkills: ['TypeScript'], removedSkills: [], customSkills: [], skillLevels: [] };

  /** svc-jobs' 404 to a learner: another learner's posting and a missing id answer alike, so ids cannot be probed. */
  function expectNotFound(description: string, state: ProviderState, payload: JsonMap, call: (jobs: JobsClient) => Promise<unknown>) {
    return pact
      .addSynchronousInteraction(description)
      .given(...callerState(AS_LEARNER))
      .given(...state)
      .withRequest((request) => request.withJSONContent(payload))
      .withResponse((response) => response.withJSONContent({ err: { statusCode: 404, message: 'Job description not found' } }))
      .executeTest(async (message) => {
        const { error } = await replayAgainstJobs(message, call);
        expectHttpError(error, 404);
        expect((error as HttpException).getResponse()).toEqual({ statusCode: 404, message: 'Job description not found' });
      });
  }

  it('lists the caller’s own postings whose title matches, newest first, a page at a time', async () => {
    await pact
      .addSynchronousInteraction(`${JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS} filtered by title`)
      .given(...callerState(AS_LEARNER))
      .given(JOB_PROVIDER_STATES.JOB_DESCRIPTIONS_EXIST, {
        titles: ['Backend Engineer', 'Data Analyst', 'Frontend Engineer'],
        createdBy: LEARNER_ID,
      })
      .given(JOB_PROVIDER_STATES.JOB_DESCRIPTIONS_EXIST, { titles: ['Platform Engineer'], createdBy: OTHER_LEARNER_ID })
      .withRequest((request) => request.withJSONContent({ page: 1, pageSize: 20, q: 'engineer' }))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            items: Matchers.eachLike(
              jobDescriptionSummaryLike({ title: Matchers.string('Frontend Engineer'), source: { kind: 'text' } }),
              2,
            ),
            total: 2,
            page: 1,
            pageSize: 20,
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstJobs(message, (jobs) => jobs.list({ page: 1, pageSize: 20, q: 'engineer' }));
        expect(jobDescriptionListSchema.parse(result).total).toBe(2);
      });
  });

  it('lists one person’s postings for an admin (the admin people view)', async () => {
    await pact
      .addSynchronousInteraction(`${JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS} of one owner, for an admin`)
      .given(...callerState(AS_ADMIN))
      .given(JOB_PROVIDER_STATES.JOB_DESCRIPTIONS_EXIST, { titles: ['Data Analyst'], createdBy: LEARNER_ID })
      .given(JOB_PROVIDER_STATES.JOB_DESCRIPTIONS_EXIST, { titles: ['Platform Engineer'], createdBy: OTHER_LEARNER_ID })
      .withRequest((request) => request.withJSONContent({ page: 1, pageSize: 100, ownerId: LEARNER_ID }))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            items: [jobDescriptionSummaryLike({ title: 'Data Analyst', source: { kind: 'text' } })],
            total: 1,
            page: 1,
            pageSize: 100,
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstJobs(
          message,
          (jobs) => jobs.list({ page: 1, pageSize: 100, ownerId: LEARNER_ID }),
          AS_ADMIN,
        );
        expect(jobDescriptionListSchema.parse(result).items.map((item) => item.title)).toEqual(['Data Analyst']);
      });
  });

  it('gets one posting by id', async () => {
    await pact
      .addSynchronousInteraction(`${JOBS_SUBJECTS.GET_JOB_DESCRIPTION} for an existing posting`)
      .given(...callerState(AS_LEARNER))
      .given(JOB_PROVIDER_STATES.JOB_DESCRIPTION_EXISTS, EXISTING_POSTING_STATE)
      .withRequest((request) => request.withJSONContent({ id: JOB_ID }))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            jobDescription: jobDescriptionLike({
              id: JOB_ID,
              title: 'Senior Backend Engineer',
              content: POSTING,
              source: { kind: 'text' },
              createdBy: LEARNER_ID,
            }),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstJobs(message, (jobs) => jobs.get(JOB_ID));
        expect(jobDescriptionSchema.parse(result)).toMatchObject({ id: JOB_ID, title: 'Senior Backend Engineer' });
      });
  });

  it('gets another learner’s posting: the same 404 as an unknown id, so ids cannot be probed', () =>
    expectNotFound(`${JOBS_SUBJECTS.GET_JOB_DESCRIPTION} for another learner's posting`, OTHERS_POSTING, { id: JOB_ID }, (jobs) => jobs.get(JOB_ID)));
  it('gets an unknown posting: 404 "Job description not found"', () =>
    expectNotFound(`${JOBS_SUBJECTS.GET_JOB_DESCRIPTION} for an unknown id`, NO_POSTING, { id: MISSING_JOB_ID }, (jobs) => jobs.get(MISSING_JOB_ID)));
  it('creates a posting from pasted text, extracting its skills, as the person who pasted it', async () => {
    const request = { title: 'Senior Backend Engineer', content: POSTING };
    await pact
      .addSynchronousInteraction(`${JOBS_SUBJECTS.CREATE_FROM_TEXT}`)
      .given(...callerState(AS_LEARNER))
      .withRequest((builder) => builder.withJSONContent(request))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            jobDescription: jobDescriptionLike({
              title: 'Senior Backend Engineer',
              content: POSTING,
              source: { kind: 'text' },
              createdBy: LEARNER_ID,
            }),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstJobs(message, (jobs) => jobs.createFromText(request));
        expect(result).toMatchObject({ createdBy: LEARNER_ID, source: { kind: 'text' } });
      });
  });

  it('creates a posting from a file waiting in the object store: only its name travels', async () => {
    const request: CreateJobDescriptionFromFileRequest = {
      objectName: OBJECT_NAME,
      fileName: 'backend-engineer.txt',
      declaredMediaType: 'text/plain',
      size: Buffer.byteLength(POSTING),
      title: 'Backend Engineer',
    };
    await pact
      .addSynchronousInteraction(`${JOBS_SUBJECTS.CREATE_FROM_FILE} for a text file`)
      .given(...callerState(AS_LEARNER))
      .given(JOB_PROVIDER_STATES.TEXT_FILE_UPLOADED, { objectName: OBJECT_NAME, fileName: 'backend-engineer.txt', text: POSTING })
      .withRequest((builder) => builder.withJSONContent(request))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            jobDescription: jobDescriptionLike({
              title: 'Backend Engineer',
              content: Matchers.string(POSTING),
              source: { kind: 'file', fileName: 'backend-engineer.txt', mediaType: Matchers.regex(/^text\/plain/, 'text/plain') },
              createdBy: LEARNER_ID,
            }),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstJobs(message, (jobs) => jobs.createFromFile(request));
        expect(result).toMatchObject({ title: 'Backend Engineer', source: { kind: 'file' } });
      });
  });

  it('refuses a file that is not a PDF, Word document or text file, with a 4xx the browser shows', async () => {
    const request: CreateJobDescriptionFromFileRequest = {
      objectName: OBJECT_NAME,
      fileName: 'posting.pdf',
      declaredMediaType: 'application/pdf',
      size: 2048,
    };
    await pact
      .addSynchronousInteraction(`${JOBS_SUBJECTS.CREATE_FROM_FILE} for an image named .pdf`)
      .given(...callerState(AS_LEARNER))
      .given(JOB_PROVIDER_STATES.IMAGE_FILE_UPLOADED, { objectName: OBJECT_NAME, fileName: 'posting.pdf' })
      .withRequest((builder) => builder.withJSONContent(request))
      .withResponse((response) =>
        response.withJSONContent({
          err: {
            statusCode: Matchers.integer(415),
            message: Matchers.string('Please upload a PDF, Word document, or text file'),
          },
        }),
      )
      .executeTest(async (message) => {
        const { error } = await replayAgainstJobs(message, (jobs) => jobs.createFromFile(request));
        expectHttpError(error, 415);
      });
  });

  it('saves the owner’s reviewed skill set: approved, not approved, removed and custom skills, the levels set, and who reviewed it', async () => {
    const request = {
      id: JOB_ID,
      review: {
        approvedSkills: ['TypeScript'],
        removedSkills: ['Communication'],
        customSkills: [{ name: 'Mentoring', category: 'behavioral' as const, level: 'strong' as const }],
        skillLevels: [{ name: 'TypeScript', level: 'expert' as const }],
      },
    };
    await pact
      .addSynchronousInteraction(`${JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS}`)
      .given(...callerState(AS_LEARNER))
      .given(JOB_PROVIDER_STATES.JOB_DESCRIPTION_EXISTS, EXISTING_POSTING_STATE)
      .withRequest((builder) => builder.withJSONContent(request))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            jobDescription: jobDescriptionLike({
              id: JOB_ID,
              source: { kind: 'text' },
              createdBy: LEARNER_ID,
              reviewedSkills: {
                approved: [{ ...extractedSkillLike('TypeScript'), name: 'TypeScript', level: 'expert' }],
                notApproved: [{ ...extractedSkillLike('Node.js'), name: 'Node.js' }],
                removed: [{ ...extractedSkillLike('Communication', 'behavioral'), name: 'Communication' }],
                custom: [{ name: 'Mentoring', category: 'behavioral', confidence: 1, level: 'strong' }],
                reviewedBy: LEARNER_ID,
                reviewedAt: Matchers.regex(ISO_TIMESTAMP, '2026-11-22T09:00:00.000Z'),
              },
            }),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstJobs(message, (jobs) => jobs.saveReviewedSkills(request));
        expect(result?.reviewedSkills).toMatchObject({ reviewedBy: LEARNER_ID, custom: [{ name: 'Mentoring', confidence: 1, level: 'strong' }] });
        expect(result?.reviewedSkills?.approved[0].level).toBe('expert');
      });
  });

  it('saves a review of another learner’s posting: 404, and nothing changes', () =>
    expectNotFound(`${JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS} for another learner's posting`, OTHERS_POSTING, { id: JOB_ID, review: REVIEW }, (jobs) => jobs.saveReviewedSkills({ id: JOB_ID, review: REVIEW })));
  it('saves a review for an unknown posting: 404', () =>
    expectNotFound(`${JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS} for an unknown id`, NO_POSTING, { id: MISSING_JOB_ID, review: REVIEW }, (jobs) => jobs.saveReviewedSkills({ id: MISSING_JOB_ID, review: REVIEW })));
  it('deletes the owner’s posting (svc-jobs decides who may: the owner or an admin)', async () => {
    await pact
      .addSynchronousInteraction(`${JOBS_SUBJECTS.DELETE_JOB_DESCRIPTION}`)
      .given(...callerState(AS_LEARNER))
      .given(JOB_PROVIDER_STATES.JOB_DESCRIPTION_EXISTS, EXISTING_POSTING_STATE)
      .withRequest((builder) => builder.withJSONContent({ id: JOB_ID }))
      .withResponse((response) => response.withJSONContent({ response: { deleted: true, id: JOB_ID } }))
      .executeTest(async (message) => {
        const { result } = await replayAgainstJobs(message, (jobs) => jobs.delete(JOB_ID));
        expect(deleteJobDescriptionReplySchema.parse(result)).toEqual({ deleted: true, id: JOB_ID });
      });
  });

  it('deletes another learner’s posting as an admin', async () => {
    await pact
      .addSynchronousInteraction(`${JOBS_SUBJECTS.DELETE_JOB_DESCRIPTION} of a learner's posting, for an admin`)
      .given(...callerState(AS_ADMIN))
      .given(JOB_PROVIDER_STATES.JOB_DESCRIPTION_EXISTS, EXISTING_POSTING_STATE)
      .withRequest((builder) => builder.withJSONContent({ id: JOB_ID }))
      .withResponse((response) => response.withJSONContent({ response: { deleted: true, id: JOB_ID } }))
      .executeTest(async (message) => {
        const { result } = await replayAgainstJobs(message, (jobs) => jobs.delete(JOB_ID), AS_ADMIN);
        expect(deleteJobDescriptionReplySchema.parse(result)).toEqual({ deleted: true, id: JOB_ID });
      });
  });

  it('deletes another learner’s posting as a learner: 404', () =>
    expectNotFound(`${JOBS_SUBJECTS.DELETE_JOB_DESCRIPTION} for another learner's posting`, OTHERS_POSTING, { id: JOB_ID }, (jobs) => jobs.delete(JOB_ID)));
  it('deletes an unknown posting: 404', () =>
    expectNotFound(`${JOBS_SUBJECTS.DELETE_JOB_DESCRIPTION} for an unknown id`, NO_POSTING, { id: MISSING_JOB_ID }, (jobs) => jobs.delete(MISSING_JOB_ID)));
  it("gives the caller their own job description of a predefined role, copied from the role's template", async () => {
    const request = { jobRole: 'Software Engineer' as const, language: 'en' as const };
    await pact
      .addSynchronousInteraction(`${JOBS_SUBJECTS.GENERATE_DEMO_JOB}`)
      .given(...callerState(AS_LEARNER))
      .withRequest((builder) => builder.withJSONContent(request))
      .withResponse((response) =>
        response.withJSONContent({
          response: {
            title: Matchers.string('Software Engineer'),
            extractedSkills: Matchers.eachLike(extractedSkillLike()),
            jobDescription: jobDescriptionLike({
              title: Matchers.string('Software Engineer'),
              source: { kind: 'predefined-role', role: 'Software Engineer' },
              // The learner's own copy: the role's template itself is nobody's.
              createdBy: LEARNER_ID,
            }),
          },
        }),
      )
      .executeTest(async (message) => {
        const { result } = await replayAgainstJobs(message, (jobs) => jobs.generateDemoJob(request));
        expect(generateDemoJobReplySchema.parse(result).jobDescription.source).toEqual({
          kind: 'predefined-role',
          role: 'Software Engineer',
        });
      });
  });
});
