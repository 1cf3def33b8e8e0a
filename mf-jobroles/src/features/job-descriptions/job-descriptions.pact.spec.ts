/** @jest-environment node */
// Consumer contract of mf-jobroles with svc-gateway: every job description and skills call the
// remote makes, through the REAL RTK Query endpoints and base query, pointed at Pact's mock server.
import { createTestStoreFor } from '@masar/shell/testing';
import { MatchersV3, PactV4, type Rules } from '@pact-foundation/pact';
import { File } from 'node:buffer';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { jobDescriptionsApi } from './job-descriptions.api';

const { like, regex, uuid, eachLike, integer, number, contentType } = MatchersV3;

const PACT_DIR = path.resolve(__dirname, '../../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'masar-mf-jobroles-svc-gateway.json');
const ISO_TIMESTAMP = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';
const JSON_CONTENT = { 'Content-Type': regex('^application/json(;.*)?$', 'application/json; charset=utf-8') };

/** The posting the provider states name. Its id appears in paths, so it is exact. */
const EXISTING_ID = '2c5a7f3e-5b1d-4e8a-9c0f-3d4b5a6c7e8f';
const MISSING_ID = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';

const POSTING_TEXT =
  'Senior Data Analyst. Requirements: strong SQL, Python for automation, and Tableau dashboards for the leadership team.';
const POSTING_AUTHOR_ID = '6f1c2d4e-8a9b-4c3d-9e8f-1a2b3c4d5e6f';

interface ProviderState {
  name: string;
  params?: Record<string, string | number | string[]>;
}

/** Provider states (svc-gateway's verification sets them up, with these params). */
const STATES: Record<'learner' | 'admin' | 'existing' | 'missing' | 'damagedPdf', ProviderState> = {
  learner: { name: 'a learner is signed in' },
  admin: { name: 'an admin is signed in' },
  /** Titled 'Senior Data Analyst', English, its extracted skills include SQL, no review yet. */
  existing: {
    name: 'a job description exists',
    params: {
      id: EXISTING_ID,
      title: 'Senior Data Analyst',
      content: POSTING_TEXT,
      extractedSkillNames: ['SQL', 'Python', 'Tableau'],
      createdBy: POSTING_AUTHOR_ID,
    },
  },
  missing: { name: 'no job description has the given id', params: { id: MISSING_ID } },
  damagedPdf: {
    name: 'svc-jobs refuses the uploaded file',
    params: { statusCode: 422, message: 'The file is damaged or not a valid PDF' },
  },
};

const SQL_AT = POSTING_TEXT.indexOf('SQL');
const evidence = { text: like('SQL'), start: integer(SQL_AT), end: integer(SQL_AT + 3) };
const extractedSkill = {
  name: like('SQL'),
  category: regex('^(technical|functional|behavioral|compliance)$', 'technical'),
  confidence: number(0.93),
  evidence: eachLike(evidence),
};

function jobDescriptionBody(overrides: Record<string, unknown> = {}) {
  return {
    id: uuid(EXISTING_ID),
    title: like('Senior Data Analyst'),
    content: like(POSTING_TEXT),
    source: { kind: 'text' },
    detectedLanguage: regex('^(en|ar)$', 'en'),
    extractedSkills: eachLike(extractedSkill),
    reviewedSkills: null,
    createdBy: uuid(POSTING_AUTHOR_ID),
    createdAt: regex(ISO_TIMESTAMP, '2026-03-02T10:00:00.000Z'),
    ...overrides,
  };
}

/** A list item: the posting without who created it (the card does not show it). */
function jobDescriptionListItem(overrides: Record<string, unknown> = {}) {
  const { createdBy: _createdBy, ...item } = jobDescriptionBody(overrides);
  return item;
}

const errorBody = (message: string) => ({ message: like(message) });

// Written afresh each run, so an interaction removed here disappears from the contract.
rmSync(PACT_FILE, { force: true });

const pact = new PactV4({ consumer: 'masar-mf-jobroles', provider: 'svc-gateway', dir: PACT_DIR, logLevel: 'warn' });


/** A multipart body as a browser writes it for `{file, title}`. */
function multipartBody(boundary: string, fileName: string, mediaType: string, content: Buffer, title: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${mediaType}\r\n\r\n`,
    ),
    content,
    // Browsers send no content type for a text field; Pact compares the part as text/plain.
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="title"\r\nContent-Type: text/plain\r\n\r\n${title}\r\n--${boundary}--\r\n`,
    ),
  ]);
}

/**
 * Rules per multipart part. Without them Pact holds every part to the content type of the
 * whole body; with them the file part must be declared with the given type (Pact reads the
 * part's header, the provider reads its bytes) and the title must be exactly this text.
 */
function multipartRules(mediaType: string, title: string): Rules {
  return {
    body: [
      { path: '$.file', rules: [contentType(mediaType)] },
      { path: '$.title', rules: [regex(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, title)] },
    ],
  };
}

const MULTIPART_BOUNDARY = 'masar-pact-boundary';
const MULTIPART_CONTENT = {
  'Content-Type': regex('^multipart/form-data; ?boundary=.+$', `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`),
};

describe('masar-mf-jobroles -> svc-gateway (job descriptions and skills)', () => {
  it('GET /api/job-descriptions lists postings newest first, a page at a time', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.existing.name, STATES.existing.params)
      .uponReceiving('a request for the first page of job descriptions')
      .withRequest('GET', '/api/job-descriptions', (request) => request.query({ page: '1', pageSize: '12' }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: eachLike(jobDescriptionListItem()),
          total: integer(1),
          page: 1,
          pageSize: 12,
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          jobDescriptionsApi.endpoints.listJobDescriptions.initiate({ page: 1, pageSize: 12 }, { subscribe: false }),
        );
        expect(result.error).toBeUndefined();
        expect(result.data?.items[0].extractedSkills[0].evidence[0]).toEqual({ text: 'SQL', start: SQL_AT, end: SQL_AT + 3 });
      }));

  it('GET /api/job-descriptions?q= filters titles case-insensitively', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.existing.name, STATES.existing.params)
      .uponReceiving('a search of job descriptions by a lower-case part of a title')
      .withRequest('GET', '/api/job-descriptions', (request) => request.query({ q: 'analyst', page: '1', pageSize: '12' }))
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          items: eachLike(jobDescriptionListItem({ title: regex('(?i).*analyst.*', 'Senior Data Analyst') })),
          total: integer(1),
          page: 1,
          pageSize: 12,
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(
          jobDescriptionsApi.endpoints.listJobDescriptions.initiate({ q: 'analyst', page: 1, pageSize: 12 }, { subscribe: false }),
        );
        expect(result.data?.items[0].title).toBe('Senior Data Analyst');
      }));

  it('GET /api/job-descriptions/:id returns one posting', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.existing.name, STATES.existing.params)
      .uponReceiving('a request for one job description')
      .withRequest('GET', `/api/job-descriptions/${EXISTING_ID}`)
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({ jobDescription: jobDescriptionBody({ id: EXISTING_ID }) }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(jobDescriptionsApi.endpoints.getJobDescription.initiate(EXISTING_ID, { subscribe: false }));
        expect(result.data?.jobDescription.id).toBe(EXISTING_ID);
      }));

  it('GET /api/job-descriptions/:id answers 404 with a message for an unknown id', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.missing.name, STATES.missing.params)
      .uponReceiving('a request for a job description that does not exist')
      .withRequest('GET', `/api/job-descriptions/${MISSING_ID}`)
      .willRespondWith(404, (response) => response.headers(JSON_CONTENT).jsonBody(errorBody('Job description not found')))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const result = await store.dispatch(jobDescriptionsApi.endpoints.getJobDescription.initiate(MISSING_ID, { subscribe: false }));
        expect(result.error).toMatchObject({ status: 404, serverMessage: 'Job description not found' });
      }));

  it('POST /api/job-descriptions/upload stores a file and returns its extracted skills', () => {
    const content = Buffer.from(POSTING_TEXT);
    return pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .uponReceiving('an upload of a text file with a title')
      .withRequest('POST', '/api/job-descriptions/upload', (request) =>
        request
          .headers(MULTIPART_CONTENT)
          .body(
            `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
            multipartBody(MULTIPART_BOUNDARY, 'senior-data-analyst.txt', 'text/plain', content, 'Senior Data Analyst'),
          )
          .matchingRules(multipartRules('text/plain', 'Senior Data Analyst')),
      )
      .willRespondWith(201, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          jobDescription: jobDescriptionBody({
            id: uuid('4e1f2a3b-6c7d-4e8f-9a0b-1c2d3e4f5a6b'),
            source: { kind: 'file', fileName: 'senior-data-analyst.txt', mediaType: 'text/plain' },
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const file = new File([content], 'senior-data-analyst.txt', { type: 'text/plain' }) as unknown as globalThis.File;
        const reply = await store
          .dispatch(jobDescriptionsApi.endpoints.uploadJobDescriptionFile.initiate({ file, title: 'Senior Data Analyst' }))
          .unwrap();
        expect(reply.jobDescription.source).toEqual({ kind: 'file', fileName: 'senior-data-analyst.txt', mediaType: 'text/plain' });
      });
  });

  it('POST /api/job-descriptions/upload refuses a damaged PDF with 422 and a message that says so', () => {
    // Passes the browser's checks (a .pdf with PDF's signature); only reading it shows the damage.
    const damaged = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R\ntruncated here');
    return pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.damagedPdf.name, STATES.damagedPdf.params)
      .uponReceiving('an upload of a damaged PDF')
      .withRequest('POST', '/api/job-descriptions/upload', (request) =>
        request
          .headers(MULTIPART_CONTENT)
          .body(
            `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
            multipartBody(MULTIPART_BOUNDARY, 'broken.pdf', 'application/pdf', damaged, 'broken'),
          )
          .matchingRules(multipartRules('application/pdf', 'broken')),
      )
      .willRespondWith(422, (response) =>
        response.headers(JSON_CONTENT).jsonBody(errorBody('The file is damaged or not a valid PDF')),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const file = new File([damaged], 'broken.pdf', { type: 'application/pdf' }) as unknown as globalThis.File;
        const result = await store.dispatch(jobDescriptionsApi.endpoints.uploadJobDescriptionFile.initiate({ file, title: 'broken' }));
        expect(result.error).toMatchObject({ status: 422, serverMessage: 'The file is damaged or not a valid PDF' });
      });
  });

  it('POST /api/job-descriptions/text stores pasted text and returns its extracted skills', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .uponReceiving('pasted job description text with a title')
      .withRequest('POST', '/api/job-descriptions/text', (request) =>
        request.headers(JSON_CONTENT).jsonBody({ title: 'Job Description', content: POSTING_TEXT }),
      )
      .willRespondWith(201, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          jobDescription: jobDescriptionBody({ id: uuid('5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d'), title: like('Job Description') }),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store
          .dispatch(jobDescriptionsApi.endpoints.createJobDescriptionFromText.initiate({ title: 'Job Description', content: POSTING_TEXT }))
          .unwrap();
        expect(reply.jobDescription.source).toEqual({ kind: 'text' });
        expect(reply.jobDescription.extractedSkills.length).toBeGreaterThan(0);
      }));

  it('PUT /api/job-descriptions/:id/skills saves the reviewed set with the levels the reviewer set', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.existing.name, STATES.existing.params)
      .uponReceiving('a reviewed skill set with a custom skill and expected levels')
      .withRequest('PUT', `/api/job-descriptions/${EXISTING_ID}/skills`, (request) =>
        request.headers(JSON_CONTENT).jsonBody({
          approvedSkills: ['SQL'],
          removedSkills: [],
          customSkills: [{ name: 'Negotiation', category: 'behavioral', level: 'working' }],
          skillLevels: [{ name: 'SQL', level: 'expert' }],
        }),
      )
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          jobDescription: jobDescriptionBody({
            id: EXISTING_ID,
            reviewedSkills: {
              approved: eachLike({ ...extractedSkill, name: 'SQL', level: 'expert' }),
              notApproved: eachLike(extractedSkill, 0),
              removed: eachLike(extractedSkill, 0),
              custom: [{ name: 'Negotiation', category: 'behavioral', confidence: number(1), level: 'working', evidence: [] }],
              reviewedBy: uuid('6f1c2d4e-8a9b-4c3d-9e8f-1a2b3c4d5e6f'),
              reviewedAt: regex(ISO_TIMESTAMP, '2026-03-03T08:00:00.000Z'),
            },
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store
          .dispatch(
            jobDescriptionsApi.endpoints.saveReviewedSkills.initiate({
              id: EXISTING_ID,
              approvedSkills: ['SQL'],
              removedSkills: [],
              customSkills: [{ name: 'Negotiation', category: 'behavioral', level: 'working' }],
              skillLevels: [{ name: 'SQL', level: 'expert' }],
            }),
          )
          .unwrap();
        expect(reply.jobDescription.reviewedSkills?.approved.map((skill) => [skill.name, skill.level])).toEqual([['SQL', 'expert']]);
        expect(reply.jobDescription.reviewedSkills?.custom[0]).toMatchObject({ name: 'Negotiation', confidence: 1, level: 'working' });
      }));

  it('DELETE /api/job-descriptions/:id lets an admin delete a posting', () =>
    pact
      .addInteraction()
      .given(STATES.admin.name, STATES.admin.params)
      .given(STATES.existing.name, STATES.existing.params)
      .uponReceiving('an admin deleting a job description')
      .withRequest('DELETE', `/api/job-descriptions/${EXISTING_ID}`)
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ deleted: true, id: EXISTING_ID }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(jobDescriptionsApi.endpoints.deleteJobDescription.initiate(EXISTING_ID)).unwrap();
        expect(reply).toEqual({ deleted: true, id: EXISTING_ID });
      }));

  // The posting is the signed-in learner's own (POSTING_AUTHOR_ID is the demo learner): svc-jobs, not
  // the gateway, decides who may delete it, and answers another learner's id as a 404.
  it('DELETE /api/job-descriptions/:id lets a learner delete their own posting', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .given(STATES.existing.name, STATES.existing.params)
      .uponReceiving('a learner deleting their own job description')
      .withRequest('DELETE', `/api/job-descriptions/${EXISTING_ID}`)
      .willRespondWith(200, (response) => response.headers(JSON_CONTENT).jsonBody({ deleted: true, id: EXISTING_ID }))
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store.dispatch(jobDescriptionsApi.endpoints.deleteJobDescription.initiate(EXISTING_ID)).unwrap();
        expect(reply).toEqual({ deleted: true, id: EXISTING_ID });
      }));

  it('POST /api/demo-job-generation returns the skills of a predefined role with the learner’s own copy of its posting', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .uponReceiving('a request to generate the skills of the Data Scientist role in English')
      .withRequest('POST', '/api/demo-job-generation', (request) =>
        request.headers(JSON_CONTENT).jsonBody({ jobRole: 'Data Scientist', language: 'en' }),
      )
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          title: like('Data Scientist'),
          extractedSkills: eachLike({ ...extractedSkill, name: like('Python') }),
          jobDescription: jobDescriptionBody({
            id: uuid('7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e'),
            title: like('Data Scientist'),
            source: { kind: 'predefined-role', role: 'Data Scientist' },
            detectedLanguage: 'en',
            // The learner's own job description copied from the role's template.
            createdBy: uuid(POSTING_AUTHOR_ID),
          }),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store
          .dispatch(jobDescriptionsApi.endpoints.generateDemoJob.initiate({ jobRole: 'Data Scientist', language: 'en' }))
          .unwrap();
        expect(reply.jobDescription.source).toEqual({ kind: 'predefined-role', role: 'Data Scientist' });
        expect(reply.extractedSkills.length).toBeGreaterThan(0);
      }));

  it('POST /api/skills/extract returns skills with evidence and stores nothing', () =>
    pact
      .addInteraction()
      .given(STATES.learner.name, STATES.learner.params)
      .uponReceiving('a request to extract the skills of a posting text')
      .withRequest('POST', '/api/skills/extract', (request) =>
        request.headers(JSON_CONTENT).jsonBody({ text: POSTING_TEXT, language: 'en' }),
      )
      .willRespondWith(200, (response) =>
        response.headers(JSON_CONTENT).jsonBody({
          skills: eachLike(extractedSkill),
          language: 'en',
          provider: regex('^(offline|openai)$', 'offline'),
          taxonomyVersion: like('2026.03.1'),
        }),
      )
      .executeTest(async (mockServer) => {
        const store = createTestStoreFor(mockServer.url);
        const reply = await store
          .dispatch(jobDescriptionsApi.endpoints.extractSkills.initiate({ text: POSTING_TEXT, language: 'en' }))
          .unwrap();
        expect(reply.skills[0].evidence[0].text).toBe(POSTING_TEXT.slice(reply.skills[0].evidence[0].start, reply.skills[0].evidence[0].end));
      }));
});
