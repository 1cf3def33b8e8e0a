import {
  IMAGE_ANALYSIS_OFFLINE_MESSAGE,
  AI_SUBJECTS,
  type Caller,
  CALLER_HEADER,
  decodeCaller,
  createJobDescriptionFromFileRequestSchema,
  createJobDescriptionFromTextRequestSchema,
  describeValidationError,
  ErrorReply,
  ExtractedSkill,
  extractSkillsRequestSchema,
  generateDemoJobRequestSchema,
  generateIllustrationRequestSchema,
  getIllustrationRequestSchema,
  LESSON_ILLUSTRATION_MESSAGES,
  OFFLINE_MODEL_NAME,
  JOB_UPLOADS_BUCKET,
  JobDescription,
  jobDescriptionIdRequestSchema,
  JobDescriptionSource,
  JOBS_SUBJECTS,
  listJobDescriptionsRequestSchema,
  queueGroupOf,
  saveReviewedSkillsRequestSchema,
  ServiceName,
  SkillCategory,
} from '@masar/contracts';
import { connectToNatsAs } from '@masar/contracts/service-kit/testing';
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { JSONCodec, Msg, NatsConnection, ObjectStore, Subscription } from 'nats';
import { z } from 'zod';
import { StandInGovernance } from './stand-in-governance';
import { generateNarrationRequestSchema, NARRATION_BUCKET } from '@masar/contracts';
import { StandInPromptTemplates } from './stand-in-prompts';

/**
 * Stand-ins for svc-jobs and svc-ai on the real NATS (and the real JetStream object store): they
 * speak the Nest microservice wire format (`{id, data}` in, `{id, response | err, isDisposed}` out),
 * check every request against the contracts' schemas and answer with contract-valid replies from
 * a small in-memory store. Each signs in to NATS as the service it stands in for, so it may answer
 * (and read) only what that service may. The gateway is what these tests examine; the real services
 * are held to the same subjects by the pacts the gateway writes (svc-gateway-svc-jobs.json,
 * svc-gateway-svc-ai.json).
 */

const codec = JSONCodec();

/** A real 1×1 PNG (one opaque pixel), the stand-in's every illustration. */
export const STAND_IN_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export type Reply = { response: unknown } | { err: ErrorReply };

interface Received {
  subject: string;
  data: unknown;
  /** Who the gateway said is asking (the caller header), or null when it named nobody. */
  caller: Caller | null;
  /** Bytes of the whole NATS request: a file must never ride in it. */
  payloadBytes: number;
}

/** A few terms the stand-in extractor recognises, so replies carry real evidence spans. */
const STAND_IN_SKILL_TERMS: { name: string; category: SkillCategory; pattern: RegExp }[] = [
  { name: 'TypeScript', category: 'technical', pattern: /\bTypeScript\b/i },
  { name: 'JavaScript', category: 'technical', pattern: /\bJavaScript\b/i },
  { name: 'Node.js', category: 'technical', pattern: /\bNode(?:\.js|JS)\b/i },
  { name: 'React', category: 'technical', pattern: /\bReact\b/i },
  { name: 'Python', category: 'technical', pattern: /\bPython\b/i },
  { name: 'SQL', category: 'technical', pattern: /\bSQL\b/ },
  { name: 'PostgreSQL', category: 'technical', pattern: /\bPostgre(?:SQL|s)\b/i },
  { name: 'Docker', category: 'technical', pattern: /\bDocker\b/i },
  { name: 'Kubernetes', category: 'technical', pattern: /\b(?:Kubernetes|K8s)\b/i },
  { name: 'Project management', category: 'functional', pattern: /\bproject management\b/i },
  { name: 'Data analysis', category: 'functional', pattern: /\bdata analysis\b/i },
  { name: 'Agile', category: 'functional', pattern: /\b(?:Agile|Scrum)\b/i },
  { name: 'Communication', category: 'behavioral', pattern: /\bcommunication\b/i },
  { name: 'Leadership', category: 'behavioral', pattern: /\bleadership\b/i },
  { name: 'Teamwork', category: 'behavioral', pattern: /\bteamwork\b/i },
  { name: 'GDPR', category: 'compliance', pattern: /\bGDPR\b/ },
];

export function standInSkillsOf(text: string): ExtractedSkill[] {
  return STAND_IN_SKILL_TERMS.flatMap(({ name, category, pattern }) => {
    const match = pattern.exec(text);
    if (!match) return [];
    const start = match.index;
    return [{ name, category, confidence: 0.9, evidence: [{ text: match[0], start, end: start + match[0].length }] }];
  });
}

function detectedLanguageOf(text: string): 'en' | 'ar' {
  return /[\u0600-\u06FF]/.test(text) ? 'ar' : 'en';
}

/** The longest text the stand-in keeps from a file: replies must fit in one NATS message. */
const STAND_IN_MAX_CONTENT = 20_000;

/** The 400 a real service answers for a request its contract refuses. */
export function invalid(error: z.ZodError): Reply {
  return { err: { statusCode: 400, message: describeValidationError(error) } };
}

const NOT_FOUND: Reply = { err: { statusCode: 404, message: 'Job description not found' } };


/**
 * Answers subjects of one service until stopped; `down()` makes it silent, as a stopped service is.
 * It has a NATS connection of its own, signed in as that service; `close()` ends it.
 */
export class StandInService {
  readonly received: Received[] = [];
  private subscriptions: Subscription[] = [];
  private connection?: Promise<NatsConnection>;

  constructor(
    private readonly service: ServiceName,
    private readonly handlers: Record<string, (data: unknown, caller: Caller | null) => Promise<Reply> | Reply>,
  ) {}

  protected nats(): Promise<NatsConnection> {
    this.connection ??= connectToNatsAs(this.service, { name: `stand-in svc-${this.service}` });
    return this.connection;
  }

  async up(): Promise<void> {
    if (this.subscriptions.length > 0) return;
    const nats = await this.nats();
    this.subscriptions = Object.entries(this.handlers).map(([subject, handle]) =>
      nats.subscribe(subject, {
        queue: queueGroupOf(this.service),
        callback: (_error, message) => void this.answer(subject, message, handle),
      }),
    );
    await nats.flush();
  }

  async down(): Promise<void> {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions = [];
    await this.flush();
  }

  /** A round trip to NATS on its connection: whatever NATS sent it before has arrived. */
  async flush(): Promise<void> {
    await (await this.nats()).flush();
  }

  /** Stops answering and ends its NATS connection. */
  async close(): Promise<void> {
    const connection = this.connection;
    this.subscriptions = [];
    this.connection = undefined;
    await (await connection)?.drain();
  }

  requestsOn(subject: string): Received[] {
    return this.received.filter((received) => received.subject === subject);
  }

  private async answer(
    subject: string,
    message: Msg,
    handle: (data: unknown, caller: Caller | null) => Promise<Reply> | Reply,
  ): Promise<void> {
    const { id, data } = codec.decode(message.data) as { id: string; data: unknown };
    const caller = decodeCaller(message.headers?.get(CALLER_HEADER));
    this.received.push({ subject, data, caller, payloadBytes: message.data.length });
    let reply: Reply;
    try {
      reply = await handle(data, caller);
    } catch (error) {
      reply = { err: { statusCode: 500, message: error instanceof Error ? error.message : String(error) } };
    }
    message.respond(codec.encode({ id, ...reply, isDisposed: true }));
  }
}

export interface SeededJobDescription {
  id?: string;
  title?: string;
  content?: string;
  /** Exactly these extracted skills (evidence found in the content); otherwise the stand-in extractor's. */
  extractedSkillNames?: string[];
  createdBy?: string | null;
  createdAt?: string;
}

/** A named skill with its first occurrence in the text as evidence (none when it does not occur). */
function namedSkill(name: string, text: string): ExtractedSkill {
  const category = STAND_IN_SKILL_TERMS.find((term) => term.name === name)?.category ?? 'technical';
  const start = text.toLowerCase().indexOf(name.toLowerCase());
  const evidence = start < 0 ? [] : [{ text: text.slice(start, start + name.length), start, end: start + name.length }];
  return { name, category, confidence: 0.9, evidence };
}

export const SAMPLE_POSTING =
  'Senior Backend Engineer. Requirements: five years of TypeScript and Node.js, PostgreSQL, Docker. ' +
  'Clear communication and teamwork. Nice to have: Kubernetes.';

/** svc-jobs as the gateway sees it: postings in memory, uploads read from the real object store. */
export class StandInJobs extends StandInService {
  readonly postings = new Map<string, JobDescription>();
  /** The bytes of every upload read from the object store, by object name. */
  readonly uploads = new Map<string, Uint8Array>();
  /** svc-jobs' answer to the next upload it reads, when a provider state wants it refused. */
  uploadRefusal: ErrorReply | null = null;
  /**
   * When set, svc-jobs' ownership rule as far as the tests need it: another learner's posting is a
   * 404, an admin sees all. Off by default: the HTTP consumers' provider states seed postings for a
   * pact's own user ids, which are not the ids of the people the tests sign in as.
   */
  ownersOnly = false;
  private bucket?: Promise<ObjectStore>;

  constructor() {
    super('jobs', {
      [JOBS_SUBJECTS.LIST_JOB_DESCRIPTIONS]: (data, caller) => this.list(data, caller),
      [JOBS_SUBJECTS.GET_JOB_DESCRIPTION]: (data, caller) => this.withPosting(data, caller, (posting) => ({ jobDescription: posting })),
      [JOBS_SUBJECTS.CREATE_FROM_TEXT]: (data, caller) => this.createFromText(data, caller),
      [JOBS_SUBJECTS.CREATE_FROM_FILE]: (data, caller) => this.createFromFile(data, caller),
      [JOBS_SUBJECTS.SAVE_REVIEWED_SKILLS]: (data, caller) => this.saveReviewedSkills(data, caller),
      [JOBS_SUBJECTS.DELETE_JOB_DESCRIPTION]: (data, caller) =>
        this.withPosting(data, caller, (posting) => {
          this.postings.delete(posting.id);
          return { deleted: true, id: posting.id };
        }),
      [JOBS_SUBJECTS.GENERATE_DEMO_JOB]: (data, caller) => this.generateDemoJob(data, caller),
    });
  }

  /** The same bucket the gateway writes to. */
  objectStore(): Promise<ObjectStore> {
    this.bucket ??= this.nats().then((nats) => nats.jetstream().views.os(JOB_UPLOADS_BUCKET));
    return this.bucket;
  }

  seed({
    id = randomUUID(),
    title = 'Senior Backend Engineer',
    content = SAMPLE_POSTING,
    extractedSkillNames,
    createdBy = null,
    createdAt,
  }: SeededJobDescription = {}): JobDescription {
    const posting = this.posting({ id, title, content, source: { kind: 'text' }, createdBy, createdAt });
    if (extractedSkillNames) posting.extractedSkills = extractedSkillNames.map((name) => namedSkill(name, content));
    this.postings.set(posting.id, posting);
    return posting;
  }

  reset(): void {
    this.postings.clear();
    this.uploads.clear();
    this.uploadRefusal = null;
    this.ownersOnly = false;
    this.received.length = 0;
  }

  private visibleTo(posting: JobDescription, caller: Caller | null): boolean {
    return !this.ownersOnly || caller?.role === 'admin' || posting.createdBy === caller?.id;
  }

  private posting(fields: {
    id?: string;
    title: string;
    content: string;
    source: JobDescriptionSource;
    createdBy: string | null;
    createdAt?: string;
  }): JobDescription {
    return {
      id: fields.id ?? randomUUID(),
      title: fields.title,
      content: fields.content,
      source: fields.source,
      detectedLanguage: detectedLanguageOf(fields.content),
      extractedSkills: standInSkillsOf(fields.content),
      reviewedSkills: null,
      createdBy: fields.createdBy,
      createdAt: fields.createdAt ?? new Date().toISOString(),
    };
  }

  private store(posting: JobDescription): Reply {
    this.postings.set(posting.id, posting);
    return { response: { jobDescription: posting } };
  }

  /** An admin may ask for one person's postings (`ownerId`); anybody else gets what they may see. */
  private list(data: unknown, caller: Caller | null): Reply {
    const parsed = listJobDescriptionsRequestSchema.safeParse(data);
    if (!parsed.success) return invalid(parsed.error);
    const { q, page, pageSize, ownerId } = parsed.data;
    const owned = (posting: JobDescription) =>
      ownerId && caller?.role === 'admin' ? posting.createdBy === ownerId : this.visibleTo(posting, caller);
    const matching = [...this.postings.values()]
      .filter(owned)
      .filter((posting) => !q || posting.title.toLowerCase().includes(q.toLowerCase()))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const items = matching.slice((page - 1) * pageSize, page * pageSize).map(({ createdBy: _createdBy, ...summary }) => summary);
    return { response: { items, total: matching.length, page, pageSize } };
  }

  private withPosting(data: unknown, caller: Caller | null, answer: (posting: JobDescription) => unknown): Reply {
    const parsed = jobDescriptionIdRequestSchema.safeParse(data);
    if (!parsed.success) return invalid(parsed.error);
    const posting = this.postings.get(parsed.data.id);
    return posting && this.visibleTo(posting, caller) ? { response: answer(posting) } : NOT_FOUND;
  }

  private createFromText(data: unknown, caller: Caller | null): Reply {
    const parsed = createJobDescriptionFromTextRequestSchema.safeParse(data);
    if (!parsed.success) return invalid(parsed.error);
    const { title, content } = parsed.data;
    return this.store(
      this.posting({ title: title || 'Job Description', content, source: { kind: 'text' }, createdBy: caller?.id ?? null }),
    );
  }

  private async createFromFile(data: unknown, caller: Caller | null): Promise<Reply> {
    const parsed = createJobDescriptionFromFileRequestSchema.safeParse(data);
    if (!parsed.success) return invalid(parsed.error);
    const { objectName, fileName, declaredMediaType, title } = parsed.data;
    const bucket = await this.objectStore();
    const bytes = await bucket.getBlob(objectName);
    if (!bytes) return { err: { statusCode: 400, message: 'The uploaded file could not be found' } };
    // Like svc-jobs: an object is deleted once read.
    await bucket.delete(objectName);
    this.uploads.set(objectName, bytes);
    if (this.uploadRefusal) return { err: this.uploadRefusal };
    const text = Buffer.from(bytes).toString('utf8').slice(0, STAND_IN_MAX_CONTENT).trim();
    if (text.length === 0) return { err: { statusCode: 422, message: 'The file contains no text' } };
    return this.store(
      this.posting({
        title: title || fileName.replace(/\.[^.]+$/, ''),
        content: text,
        source: { kind: 'file', fileName, mediaType: declaredMediaType || 'text/plain' },
        createdBy: caller?.id ?? null,
      }),
    );
  }

  private saveReviewedSkills(data: unknown, caller: Caller | null): Reply {
    const parsed = saveReviewedSkillsRequestSchema.safeParse(data);
    if (!parsed.success) return invalid(parsed.error);
    const { id, review } = parsed.data;
    const posting = this.postings.get(id);
    if (!posting || !this.visibleTo(posting, caller)) return NOT_FOUND;
    if (!caller) return { err: { statusCode: 401, message: 'The request does not say who is asking' } };
    const known = new Set(posting.extractedSkills.map((skill) => skill.name));
    const unknown = review.approvedSkills.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      return { err: { statusCode: 400, message: `approvedSkills: ${unknown.join(', ')} is not among the extracted skills` } };
    }
    const approved = new Set(review.approvedSkills);
    const removed = new Set(review.removedSkills);
    // Like svc-jobs: a level the reviewer set replaces the one read from the posting.
    const levels = new Map(review.skillLevels.map(({ name, level }) => [name, level]));
    const extracted = posting.extractedSkills.map((skill) => ({ ...skill, level: levels.get(skill.name) ?? skill.level }));
    const reviewed: JobDescription = {
      ...posting,
      reviewedSkills: {
        approved: extracted.filter((skill) => approved.has(skill.name)),
        notApproved: extracted.filter((skill) => !approved.has(skill.name) && !removed.has(skill.name)),
        removed: extracted.filter((skill) => removed.has(skill.name)),
        custom: review.customSkills.map(({ name, category, level }) => ({ name, category, confidence: 1, level, evidence: [] })),
        reviewedBy: caller.id,
        reviewedAt: new Date().toISOString(),
      },
    };
    return this.store(reviewed);
  }

  /** Like svc-jobs: each caller gets their own copy of the role, the same one each time. */
  private generateDemoJob(data: unknown, caller: Caller | null): Reply {
    const parsed = generateDemoJobRequestSchema.safeParse(data);
    if (!parsed.success) return invalid(parsed.error);
    if (!caller) return { err: { statusCode: 401, message: 'The request does not say who is asking' } };
    const { jobRole } = parsed.data;
    const content =
      `${jobRole}. Summary: join a growing team. Responsibilities: deliver with the team using Agile practices. ` +
      'Requirements: clear communication, teamwork and leadership; data analysis and project management.';
    const existing = [...this.postings.values()].find(
      (posting) =>
        posting.source.kind === 'predefined-role' && posting.source.role === jobRole && posting.createdBy === caller.id,
    );
    const posting =
      existing ?? this.posting({ title: jobRole, content, source: { kind: 'predefined-role', role: jobRole }, createdBy: caller.id });
    this.postings.set(posting.id, posting);
    return { response: { title: posting.title, extractedSkills: posting.extractedSkills, jobDescription: posting } };
  }
}

/** svc-ai's stateless extractor, and its prompt templates and AI governance in memory. */
export class StandInAi extends StandInService {
  /** Lesson illustrations made, by key. */
  readonly illustrations = new Map<string, Buffer>();
  readonly prompts: StandInPromptTemplates;
  readonly governance: StandInGovernance;

  constructor() {
    const prompts = new StandInPromptTemplates();
    const governance = new StandInGovernance();
    // The bucket is opened on this stand-in's own connection, which exists once super() has run.
    const narrationBucket: { open?: () => Promise<ObjectStore> } = {};
    super('ai', {
      // As svc-ai answers: real MP3 bytes (a tone as long as the text, encoded by lame) kept in its bucket.
      [AI_SUBJECTS.GENERATE_NARRATION]: async (data, caller) => {
        const parsed = generateNarrationRequestSchema.safeParse(data);
        if (!parsed.success) return invalid(parsed.error);
        // svc-ai's meter gates narration (the gateway does not admit it first).
        const refusal = caller ? governance.refusalOf('narration', caller) : undefined;
        if (refusal) return { err: refusal };
        const textContent = parsed.data.text.trim();
        const language = parsed.data.language ?? detectedLanguageOf(textContent);
        const audioKey = createHash('sha256').update(JSON.stringify([textContent, language])).digest('hex');
        const audio = standInMp3(Math.min(20, 1 + textContent.length / 20));
        await (await narrationBucket.open!()).putBlob({ name: audioKey }, audio);
        return { response: { audioKey, textContent, language, bytes: audio.length } };
      },
      ...prompts.handlers(),
      ...governance.handlers(),
      [AI_SUBJECTS.EXTRACT_SKILLS]: (data) => {
        const parsed = extractSkillsRequestSchema.safeParse(data);
        if (!parsed.success) return invalid(parsed.error);
        const { text, language } = parsed.data;
        return {
          response: {
            skills: standInSkillsOf(text),
            language: language ?? detectedLanguageOf(text),
            provider: 'offline',
            taxonomyVersion: 'stand-in',
          },
        };
      },
      // As the real offline provider answers: describing an image needs a vision model.
      [AI_SUBJECTS.DESCRIBE_IMAGE]: () => ({ err: { statusCode: 501, message: IMAGE_ANALYSIS_OFFLINE_MESSAGE } }),
      [AI_SUBJECTS.GENERATE_ILLUSTRATION]: (data) => {
        const parsed = generateIllustrationRequestSchema.safeParse(data);
        if (!parsed.success) return invalid(parsed.error);
        const key = createHash('sha256').update(JSON.stringify(parsed.data)).digest('hex');
        this.illustrations.set(key, STAND_IN_PNG);
        return { response: { key, width: 1, height: 1, bytes: STAND_IN_PNG.length, provider: 'offline', model: OFFLINE_MODEL_NAME } };
      },
      [AI_SUBJECTS.GET_ILLUSTRATION]: (data) => {
        const parsed = getIllustrationRequestSchema.safeParse(data);
        if (!parsed.success) return invalid(parsed.error);
        const png = this.illustrations.get(parsed.data.key);
        return png ? { response: { pngBase64: png.toString('base64') } } : { err: { statusCode: 404, message: LESSON_ILLUSTRATION_MESSAGES.notFound } };
      },
    });
    this.prompts = prompts;
    this.governance = governance;
    narrationBucket.open = () => this.narrationBucket();
  }

  /** svc-ai's narration bucket, opened as svc-ai. */
  async narrationBucket(): Promise<ObjectStore> {
    return (await this.nats()).jetstream().views.os(NARRATION_BUCKET);
  }

  reset(): void {
    this.received.length = 0;
    this.illustrations.clear();
    this.prompts.reset();
    this.governance.reset();
  }
}

/** `seconds` of a quiet tone as 32 kbit/s mono MP3, as lame encodes speech. */
export function standInMp3(seconds: number): Buffer {
  const samples = Math.round(22050 * seconds);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(2000 * Math.sin((2 * Math.PI * 440 * i) / 22050)), i * 2);
  return execFileSync('lame', ['--quiet', '-r', '-s', '22.05', '--bitwidth', '16', '-m', 'm', '-b', '32', '-', '-'], { input: pcm, stdio: ['pipe', 'pipe', 'ignore'] });
}
