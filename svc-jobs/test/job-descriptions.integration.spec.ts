import {
  errorReplySchema,
  JOB_UPLOADS_BUCKET,
  jobDescriptionListSchema,
  jobDescriptionReplySchema,
  JOBS_SUBJECTS,
  deleteJobDescriptionReplySchema,
  EVENT_SUBJECTS,
  type Caller,
  type JobDescription,
} from '@masar/contracts';
import { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NatsConnection, ObjectStore } from 'nats';
import { Client } from 'pg';
import { bootstrap } from '../src/main';
import { DOCUMENT_MESSAGES } from '../src/documents/document-messages';
import {
  docx,
  fixture,
  paddedTextPdf,
  pdfWithoutTextLayer,
  textPdf,
  zipBombDocx,
} from './support/documents.factory';
import { readEventsSince } from '@masar/contracts/events-stream';
import { connectToNatsAs, createFreshDatabase, FreshDatabase, requestOverNats, type NestReply } from '@masar/contracts/service-kit/testing';
import { SkillExtractorStandIn } from './support/skill-extractor-stand-in';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const MEGABYTE = 1024 * 1024;
const ADMIN = '6f9d3a52-1c2b-4c1e-9d7a-0b5e8f1a2c3d';
const LEARNER = '3f2b6c1e-8d4a-4f7b-9c2e-5a1d7e9b0c44';
const OTHER_LEARNER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const AS_ADMIN: Caller = { id: ADMIN, role: 'admin' };
const AS_LEARNER: Caller = { id: LEARNER, role: 'learner' };
const AS_OTHER_LEARNER: Caller = { id: OTHER_LEARNER, role: 'learner' };

const ENGLISH_POSTING =
  'Data Analyst\n\nRequirements\n- Strong SQL and Python\n- Power BI dashboards\n- Clear communication with stakeholders';
const ARABIC_POSTING = 'محلل بيانات\n\nالمتطلبات\n- إتقان لغة SQL وبايثون\n- تواصل واضح مع أصحاب المصلحة';

function jobDescriptionOf(reply: NestReply): JobDescription {
  if (reply.err !== undefined) {
    throw new Error(`expected a job description, got ${JSON.stringify(reply.err)}`);
  }
  return jobDescriptionReplySchema.parse(reply.response).jobDescription;
}

function errorOf(reply: NestReply) {
  expect(reply.response).toBeUndefined();
  return errorReplySchema.parse(reply.err);
}

describe('svc-jobs job descriptions on real NATS, JetStream and Postgres', () => {
  let database: FreshDatabase;
  let app: INestMicroservice;
  let nats: NatsConnection;
  let uploads: ObjectStore;
  let sql: Client;
  let skillExtractor: SkillExtractorStandIn;

  beforeAll(async () => {
    database = await createFreshDatabase('jobs_postings');
    skillExtractor = await SkillExtractorStandIn.start();
    app = await bootstrap({
      NATS_URL,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      SEED_PREDEFINED_ROLES: 'false',
      AI_REQUEST_TIMEOUT_MS: '1000',
      MAX_UPLOAD_BYTES: String(4 * MEGABYTE),
    });
    nats = await connectToNatsAs('gateway');
    uploads = await nats.jetstream().views.os(JOB_UPLOADS_BUCKET);
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await nats?.drain();
    await skillExtractor?.stop();
    await app?.close();
    await database?.drop();
  });

  beforeEach(() => {
    skillExtractor.behaviour = 'answer';
    skillExtractor.requests.length = 0;
  });

  async function rowCount(): Promise<number> {
    const result = await sql.query<{ count: string }>('SELECT count(*) FROM jobs.job_descriptions');
    return Number(result.rows[0].count);
  }

  async function uploadExists(objectName: string): Promise<boolean> {
    const info = await uploads.info(objectName);
    return info !== null && !info.deleted;
  }

  /** What the gateway sends for a signed-in person: the payload, and who asks in the caller header. */
  function ask(subject: string, data: unknown, caller: Caller = AS_ADMIN, requestId?: string) {
    return requestOverNats(nats, subject, data, requestId, caller);
  }

  function createFromText(data: unknown, requestId?: string, caller: Caller = AS_ADMIN) {
    return ask(JOBS_SUBJECTS.CREATE_FROM_TEXT, data, caller, requestId);
  }

  /** Does what the gateway does: the bytes into the object store, their name into the request. */
  async function createFromFile(bytes: Uint8Array, fields: { fileName: string; title?: string; declaredMediaType?: string }) {
    const objectName = randomUUID();
    await uploads.putBlob({ name: objectName }, bytes);
    expect(await uploadExists(objectName)).toBe(true);
    const reply = await ask(JOBS_SUBJECTS.CREATE_FROM_FILE, {
      objectName,
      fileName: fields.fileName,
      declaredMediaType: fields.declaredMediaType ?? 'application/octet-stream',
      size: bytes.length,
      ...(fields.title === undefined ? {} : { title: fields.title }),
    });
    return { reply, objectName };
  }

  describe('from pasted text', () => {
    it('extracts the skills through svc-ai, stores the posting and answers {jobDescription}', async () => {
      const reply = await createFromText({ title: ' Data Analyst ', content: ENGLISH_POSTING }, 'it-text-en');
      const jobDescription = jobDescriptionOf(reply);

      expect(jobDescription).toMatchObject({
        title: 'Data Analyst',
        content: ENGLISH_POSTING,
        source: { kind: 'text' },
        detectedLanguage: 'en',
        reviewedSkills: null,
      });
      expect(jobDescription.extractedSkills.map((skill) => skill.name)).toEqual(['SQL', 'Python', 'Power BI', 'Communication']);
      for (const skill of jobDescription.extractedSkills) {
        for (const evidence of skill.evidence) {
          expect(jobDescription.content.slice(evidence.start, evidence.end)).toBe(evidence.text);
        }
      }
      // Asked for the person whose posting it is, so svc-ai logs and gates the call as theirs.
      expect(skillExtractor.requests).toEqual([
        { request: { text: ENGLISH_POSTING, language: 'en', title: 'Data Analyst' }, requestId: 'it-text-en', caller: AS_ADMIN },
      ]);

      const stored = await sql.query('SELECT title, detected_language, created_by FROM jobs.job_descriptions WHERE id = $1', [jobDescription.id]);
      expect(stored.rows).toEqual([{ title: 'Data Analyst', detected_language: 'en', created_by: ADMIN }]);
    });

    it('titles untitled text "Job Description" and reads an Arabic posting as Arabic', async () => {
      const untitled = jobDescriptionOf(await createFromText({ title: '   ', content: ARABIC_POSTING }));
      expect(untitled).toMatchObject({ title: 'Job Description', detectedLanguage: 'ar' });
      expect(untitled.extractedSkills.map((skill) => skill.name)).toEqual(['SQL', 'Python', 'Communication']);
      expect(skillExtractor.requests[0].request.language).toBe('ar');

      const noTitle = jobDescriptionOf(await createFromText({ content: 'We need SQL.' }));
      expect(noTitle.title).toBe('Job Description');
    });

    it('refuses blank content with 400 and stores nothing', async () => {
      const before = await rowCount();
      const error = errorOf(await createFromText({ title: 'Empty', content: ' \n\t ' }));
      expect(error).toEqual({ statusCode: 400, message: 'content: Please enter job description content' });
      expect(skillExtractor.requests).toEqual([]);
      expect(await rowCount()).toBe(before);
    });

    it('answers 503 and stores nothing when svc-ai does not answer', async () => {
      skillExtractor.behaviour = 'silent';
      const before = await rowCount();
      const error = errorOf(await createFromText({ title: 'Data Analyst', content: ENGLISH_POSTING }));
      expect(error).toEqual({ statusCode: 503, message: 'The skill extractor is unavailable' });
      expect(await rowCount()).toBe(before);
    });

    it('passes svc-ai’s refusal on, answers 502 when it crashes, and stores nothing', async () => {
      const before = await rowCount();
      skillExtractor.behaviour = { error: { statusCode: 400, message: 'text: Too long' } };
      expect(errorOf(await createFromText({ content: ENGLISH_POSTING }))).toEqual({
        statusCode: 400,
        message: 'text: Too long',
      });
      skillExtractor.behaviour = 'crash';
      expect(errorOf(await createFromText({ content: ENGLISH_POSTING }))).toEqual({
        statusCode: 502,
        message: 'The skill extractor failed to handle the request',
      });
      expect(await rowCount()).toBe(before);
    });

    it.each([
      [403, 'Skill extraction with AI is turned off by your administrator'],
      [428, 'Accept the AI-use notice before you use AI features'],
      [429, 'You have used your monthly AI budget of 1,000 tokens. It resets on 1 December 2026.'],
    ])('passes svc-ai’s %i refusal of the learner on with its message, storing nothing', async (statusCode, message) => {
      const before = await rowCount();
      skillExtractor.behaviour = { error: { statusCode, message } };
      expect(errorOf(await createFromText({ content: ENGLISH_POSTING }, undefined, AS_LEARNER))).toEqual({ statusCode, message });
      expect(skillExtractor.requests.map((asked) => asked.caller)).toEqual([AS_LEARNER]);
      expect(await rowCount()).toBe(before);
    });
  });

  describe('from an uploaded file', () => {
    it('reads a PDF from the object store, titles it by its file name and deletes the object', async () => {
      const { reply, objectName } = await createFromFile(fixture('data-analyst-en.pdf'), {
        fileName: 'Data Analyst.pdf',
        declaredMediaType: 'application/pdf',
      });
      expect(skillExtractor.requests.map((asked) => asked.caller)).toEqual([AS_ADMIN]);
      const jobDescription = jobDescriptionOf(reply);
      expect(jobDescription).toMatchObject({
        title: 'Data Analyst',
        source: { kind: 'file', fileName: 'Data Analyst.pdf', mediaType: 'application/pdf' },
        detectedLanguage: 'en',
      });
      expect(jobDescription.content).toContain('Strong SQL and Python skills');
      expect(jobDescription.extractedSkills.map((skill) => skill.name)).toEqual(['SQL', 'Python', 'Power BI', 'Communication']);
      expect(await uploadExists(objectName)).toBe(false);
    });

    it('needs the name and the bytes to agree: a DOCX called .pdf is a 400 saying so, and nothing is stored', async () => {
      const before = await rowCount();
      const { reply, objectName } = await createFromFile(await docx(['Data Analyst', 'We use SQL and Power BI.']), {
        fileName: 'posting.pdf',
        declaredMediaType: 'application/pdf',
        title: 'BI Analyst',
      });
      expect(errorOf(reply)).toEqual({
        statusCode: 400,
        message: DOCUMENT_MESSAGES.contentMismatch('is named .pdf but holds a ZIP archive (an Office document or another archive)'),
      });
      expect(await rowCount()).toBe(before);
      expect(await uploadExists(objectName)).toBe(false);
    });

    it('reads an Arabic Word 97-2003 document and a UTF-16 text file', async () => {
      const doc = jobDescriptionOf((await createFromFile(fixture('data-analyst-ar.doc'), { fileName: 'محلل.doc' })).reply);
      expect(doc).toMatchObject({ title: 'محلل', detectedLanguage: 'ar', source: { mediaType: 'application/msword' } });
      expect(doc.content).toContain('إتقان لغة SQL وبايثون');

      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(ENGLISH_POSTING, 'utf16le')]);
      const txt = jobDescriptionOf((await createFromFile(utf16, { fileName: 'C:\\fakepath\\analyst.txt' })).reply);
      expect(txt).toMatchObject({
        title: 'analyst',
        content: ENGLISH_POSTING,
        source: { kind: 'file', fileName: 'analyst.txt', mediaType: 'text/plain' },
      });
    });

    it('takes a file larger than one NATS message (2 MB) through the object store', async () => {
      const bigPdf = paddedTextPdf(['Data Analyst', 'Requirements: SQL'], 2 * MEGABYTE);
      expect(bigPdf.length).toBeGreaterThan(2 * MEGABYTE - 2000);
      const { reply, objectName } = await createFromFile(bigPdf, { fileName: 'big.pdf' });
      expect(jobDescriptionOf(reply)).toMatchObject({ title: 'big', content: 'Data Analyst\nRequirements: SQL' });
      expect(await uploadExists(objectName)).toBe(false);
    });

    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><text>Data Analyst: SQL</text></svg>';
    const refusals: Array<[string, () => Promise<Buffer> | Buffer, string, number, string]> = [
      ['an image', () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'posting.png', 415, DOCUMENT_MESSAGES.unsupportedType],
      ['an SVG', () => Buffer.from(svg), 'posting.svg', 415, DOCUMENT_MESSAGES.unsupportedType],
      ['an SVG named .txt', () => Buffer.from(svg), 'posting.txt', 400, DOCUMENT_MESSAGES.contentMismatch('is named .txt but holds an SVG image')],
      ['an image named .pdf', () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'posting.pdf', 400, DOCUMENT_MESSAGES.contentMismatch('is named .pdf but holds an image')],
      ['a file over the configured limit', () => paddedTextPdf(['x'], 4 * MEGABYTE + 10_000), 'posting.pdf', 413, 'File is too large (max 4 MB)'],
      ['a password-protected PDF', () => fixture('password-protected.pdf'), 'posting.pdf', 422, DOCUMENT_MESSAGES.pdfPasswordProtected],
      ['a scanned PDF', () => pdfWithoutTextLayer(), 'posting.pdf', 422, DOCUMENT_MESSAGES.pdfWithoutTextLayer],
      ['a damaged PDF', () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 0x41)]), 'posting.pdf', 422, DOCUMENT_MESSAGES.pdfDamaged],
      ['a zip bomb posing as a DOCX', () => zipBombDocx(200 * MEGABYTE), 'posting.docx', 413, DOCUMENT_MESSAGES.wordTooLargeUnpacked],
      ['a file without readable text', () => Buffer.from('   \n\n  '), 'posting.txt', 422, DOCUMENT_MESSAGES.noReadableText],
    ];

    it.each(refusals)('refuses %s with a message saying why, stores nothing and deletes the object', async (_what, make, fileName, statusCode, message) => {
      const before = await rowCount();
      const { reply, objectName } = await createFromFile(await make(), { fileName });
      expect(errorOf(reply)).toEqual({ statusCode, message });
      expect(skillExtractor.requests).toEqual([]);
      expect(await rowCount()).toBe(before);
      expect(await uploadExists(objectName)).toBe(false);
    });

    it('answers 503 when svc-ai does not answer, stores nothing and still deletes the object', async () => {
      skillExtractor.behaviour = 'silent';
      const before = await rowCount();
      const { reply, objectName } = await createFromFile(textPdf(['Data Analyst', 'SQL']), { fileName: 'posting.pdf' });
      expect(errorOf(reply)).toEqual({ statusCode: 503, message: 'The skill extractor is unavailable' });
      expect(await rowCount()).toBe(before);
      expect(await uploadExists(objectName)).toBe(false);
    });

    it('answers 400 for an object that is not there, and deletes the object of an invalid request', async () => {
      const missing = await ask(JOBS_SUBJECTS.CREATE_FROM_FILE, {
        objectName: randomUUID(),
        fileName: 'posting.pdf',
        declaredMediaType: 'application/pdf',
        size: 10,
      });
      expect(errorOf(missing)).toEqual({ statusCode: 400, message: 'The uploaded file was not found; upload it again' });

      const objectName = randomUUID();
      await uploads.putBlob({ name: objectName }, textPdf(['SQL']));
      const invalid = await ask(JOBS_SUBJECTS.CREATE_FROM_FILE, {
        objectName,
        fileName: '',
        declaredMediaType: 'application/pdf',
        size: 10,
      });
      expect(errorOf(invalid).statusCode).toBe(400);
      expect(errorOf(invalid).message).toMatch(/^fileName: /);
      expect(await uploadExists(objectName)).toBe(false);
    });
  });

  describe('reading, reviewing and deleting', () => {
    let posting: JobDescription;
    const askAsOwner = (subject: string, data: unknown) => ask(subject, data, AS_LEARNER);

    beforeAll(async () => {
      posting = jobDescriptionOf(await createFromText({ title: 'Reviewable Analyst', content: ENGLISH_POSTING }, undefined, AS_LEARNER));
    });

    it('gets a posting by id, and answers 404 for an unknown one', async () => {
      const reply = await askAsOwner(JOBS_SUBJECTS.GET_JOB_DESCRIPTION, { id: posting.id });
      expect(jobDescriptionOf(reply)).toEqual(posting);
      const missing = await askAsOwner(JOBS_SUBJECTS.GET_JOB_DESCRIPTION, { id: randomUUID() });
      expect(errorOf(missing)).toEqual({ statusCode: 404, message: 'Job description not found' });
    });

    it('lists the new summary shape, newest first', async () => {
      const reply = await askAsOwner(JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS, { q: 'reviewable' });
      const list = jobDescriptionListSchema.parse(reply.response);
      expect(list.total).toBe(1);
      const { createdBy: _createdBy, ...summary } = posting;
      expect(list.items).toEqual([summary]);
    });

    it('saves the reviewed set: approved, not approved, removed and custom skills, the levels set, who and when', async () => {
      const startedAt = Date.now();
      const reply = await askAsOwner(JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS, {
        id: posting.id,
        review: {
          approvedSkills: ['SQL', 'Python'],
          removedSkills: ['Communication'],
          customSkills: [{ name: ' Stakeholder management ', level: 'basic' }, { name: 'power bi', category: 'technical' }],
          skillLevels: [{ name: 'python', level: 'expert' }],
        },
      });
      const reviewed = jobDescriptionOf(reply).reviewedSkills!;
      const [sqlSkill, python, powerBi, communication] = posting.extractedSkills;
      // SQL keeps the level read from the posting; Python takes the one the reviewer chose.
      expect(sqlSkill.level).toBe('strong');
      expect(reviewed).toMatchObject({
        approved: [sqlSkill, { ...python, level: 'expert' }, powerBi],
        notApproved: [],
        removed: [communication],
        custom: [{ name: 'Stakeholder management', category: 'functional', confidence: 1, level: 'basic', evidence: [] }],
      });
      expect(Date.parse(reviewed.reviewedAt)).toBeGreaterThanOrEqual(startedAt - 1000);

      const stored = jobDescriptionOf(await askAsOwner(JOBS_SUBJECTS.GET_JOB_DESCRIPTION, { id: posting.id }));
      expect(stored.reviewedSkills).toEqual(reviewed);
      expect(stored.extractedSkills).toEqual(posting.extractedSkills);

      // The other services hear of it from the events stream: the confirmed skills, approved then custom.
      const events = await readEventsSince(nats, EVENT_SUBJECTS.JOB_SKILLS_REVIEWED, new Date(startedAt).toISOString());
      expect(events.filter((event) => event.jobDescriptionId === posting.id)).toEqual([
        {
          jobDescriptionId: posting.id,
          title: 'Reviewable Analyst',
          skills: ['SQL', 'Python', 'Power BI', 'Stakeholder management'],
          reviewedBy: LEARNER,
          occurredAt: reviewed.reviewedAt,
        },
      ]);
    });

    it('refuses a review naming a skill that was not extracted, changing nothing', async () => {
      const startedAt = new Date().toISOString();
      const before = await sql.query('SELECT reviewed_skills FROM jobs.job_descriptions WHERE id = $1', [posting.id]);
      const reply = await askAsOwner(JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS, {
        id: posting.id,
        review: { approvedSkills: ['SQL', 'Kubernetes'] },
      });
      expect(errorOf(reply)).toEqual({
        statusCode: 400,
        message: '"Kubernetes" is not one of the skills extracted from this job description',
      });
      const none = await askAsOwner(JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS, {
        id: posting.id,
        review: { approvedSkills: [] },
      });
      expect(errorOf(none)).toEqual({ statusCode: 400, message: 'review: Please approve at least one skill to continue' });
      const after = await sql.query('SELECT reviewed_skills FROM jobs.job_descriptions WHERE id = $1', [posting.id]);
      expect(after.rows).toEqual(before.rows);

      const missing = await askAsOwner(JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS, {
        id: randomUUID(),
        review: { approvedSkills: ['SQL'] },
      });
      expect(errorOf(missing)).toEqual({ statusCode: 404, message: 'Job description not found' });

      const events = await readEventsSince(nats, EVENT_SUBJECTS.JOB_SKILLS_REVIEWED, startedAt);
      expect(events.filter((event) => event.jobDescriptionId === posting.id)).toEqual([]);
    });

    it('deletes a posting for good, then answers 404', async () => {
      const reply = await askAsOwner(JOBS_SUBJECTS.DELETE_JOB_DESCRIPTION, { id: posting.id });
      expect(deleteJobDescriptionReplySchema.parse(reply.response)).toEqual({ deleted: true, id: posting.id });
      const rows = await sql.query('SELECT 1 FROM jobs.job_descriptions WHERE id = $1', [posting.id]);
      expect(rows.rowCount).toBe(0);
      const again = await askAsOwner(JOBS_SUBJECTS.DELETE_JOB_DESCRIPTION, { id: posting.id });
      expect(errorOf(again)).toEqual({ statusCode: 404, message: 'Job description not found' });
    });
  });

  describe('each learner’s job descriptions are their own', () => {
    let mine: JobDescription;

    async function storedRow(id: string) {
      const result = await sql.query('SELECT title, reviewed_skills, created_by FROM jobs.job_descriptions WHERE id = $1', [id]);
      return result.rows[0];
    }

    beforeAll(async () => {
      mine = jobDescriptionOf(await createFromText({ title: 'Owned Analyst', content: ENGLISH_POSTING }, undefined, AS_LEARNER));
    });

    it('stores the caller as the owner, whatever the body says', async () => {
      const smuggled = jobDescriptionOf(
        await createFromText({ title: 'Smuggled', content: ENGLISH_POSTING, createdBy: OTHER_LEARNER }, undefined, AS_LEARNER),
      );
      expect((await storedRow(smuggled.id)).created_by).toBe(LEARNER);
    });

    it('refuses a message that names no caller with 401, changing nothing', async () => {
      const before = await rowCount();
      const reply = await requestOverNats(nats, JOBS_SUBJECTS.CREATE_FROM_TEXT, { content: ENGLISH_POSTING });
      expect(errorOf(reply)).toEqual({ statusCode: 401, message: 'The request does not say who is asking' });
      expect(await rowCount()).toBe(before);
    });

    it('answers another learner 404, as for a missing id, on read, review and delete, and changes nothing', async () => {
      const before = await storedRow(mine.id);
      const notFound = { statusCode: 404, message: 'Job description not found' };

      expect(errorOf(await ask(JOBS_SUBJECTS.GET_JOB_DESCRIPTION, { id: mine.id }, AS_OTHER_LEARNER))).toEqual(notFound);
      expect(
        errorOf(await ask(JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS, { id: mine.id, review: { approvedSkills: ['SQL'] } }, AS_OTHER_LEARNER)),
      ).toEqual(notFound);
      expect(errorOf(await ask(JOBS_SUBJECTS.DELETE_JOB_DESCRIPTION, { id: mine.id }, AS_OTHER_LEARNER))).toEqual(notFound);

      expect(await storedRow(mine.id)).toEqual(before);
      expect(jobDescriptionOf(await ask(JOBS_SUBJECTS.GET_JOB_DESCRIPTION, { id: mine.id }, AS_LEARNER))).toEqual(mine);
    });

    it('lists a learner only their own, even when they ask for somebody else’s', async () => {
      const others = jobDescriptionListSchema.parse(
        (await ask(JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS, { q: 'owned analyst', ownerId: LEARNER }, AS_OTHER_LEARNER)).response,
      );
      expect(others.total).toBe(0);
      const own = jobDescriptionListSchema.parse((await ask(JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS, { pageSize: 100 }, AS_LEARNER)).response);
      const owners = await sql.query('SELECT DISTINCT created_by FROM jobs.job_descriptions WHERE id = ANY($1::uuid[])', [
        own.items.map((item) => item.id),
      ]);
      expect(owners.rows).toEqual([{ created_by: LEARNER }]);
    });

    it('lets an admin list everybody’s or one person’s, read and review anybody’s, and delete it', async () => {
      const everybody = jobDescriptionListSchema.parse((await ask(JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS, { q: 'owned analyst' }, AS_ADMIN)).response);
      expect(everybody.items.map((item) => item.id)).toContain(mine.id);
      const learners = jobDescriptionListSchema.parse(
        (await ask(JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS, { ownerId: LEARNER, pageSize: 100 }, AS_ADMIN)).response,
      );
      expect(learners.items.map((item) => item.id)).toContain(mine.id);
      const othersOnly = jobDescriptionListSchema.parse(
        (await ask(JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS, { ownerId: OTHER_LEARNER }, AS_ADMIN)).response,
      );
      expect(othersOnly.total).toBe(0);

      expect(jobDescriptionOf(await ask(JOBS_SUBJECTS.GET_JOB_DESCRIPTION, { id: mine.id }, AS_ADMIN)).id).toBe(mine.id);
      const reviewed = jobDescriptionOf(
        await ask(JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS, { id: mine.id, review: { approvedSkills: ['SQL'] } }, AS_ADMIN),
      );
      expect(reviewed.reviewedSkills?.reviewedBy).toBe(ADMIN);
      expect(deleteJobDescriptionReplySchema.parse((await ask(JOBS_SUBJECTS.DELETE_JOB_DESCRIPTION, { id: mine.id }, AS_ADMIN)).response)).toEqual({
        deleted: true,
        id: mine.id,
      });
      expect(await storedRow(mine.id)).toBeUndefined();
    });
  });
});
