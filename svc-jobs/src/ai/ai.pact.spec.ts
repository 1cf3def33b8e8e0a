import { AI_SUBJECTS, type Caller, CALLER_HEADER, encodeCaller, type ExtractSkillsRequest, REQUEST_ID_HEADER } from '@masar/contracts';
import { callerState } from '@masar/contracts/service-kit/testing';
import { ClientProxy, NatsRecord, ReadPacket, RpcException, WritePacket } from '@nestjs/microservices';
import { Matchers, PactV4 } from '@pact-foundation/pact';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config';
import { SkillExtractorClient } from './skill-extractor.client';
import { runWithRequestId } from '@masar/contracts/service-kit';

/**
 * What svc-jobs relies on from svc-ai's skill extractor, as V4 synchronous messages: the request is
 * the NATS payload svc-jobs sends on `ai.skills.extract`, the response the reply packet svc-ai's Nest
 * microservice answers with (`{response}` on success, `{err}` with an ErrorReply on failure).
 * svc-ai verifies this file against its real extractor.
 */
const PACT_DIR = path.resolve(__dirname, '../../../contracts/pacts');
const PACT_FILE = path.join(PACT_DIR, 'svc-jobs-svc-ai.json');

const OFFLINE_EXTRACTOR = 'the offline skill extractor is configured';

const ENGLISH_POSTING: ExtractSkillsRequest = {
  text: 'Data Analyst\n\nRequirements\n- 3+ years of experience with Python and SQL\n- Strong communication skills',
  language: 'en',
  title: 'Senior Data Analyst',
};
const ARABIC_POSTING: ExtractSkillsRequest = {
  text: 'محلل بيانات\n\nالمتطلبات\n- خبرة ثلاث سنوات على الأقل في Python وSQL\n- مهارات تواصل قوية',
  language: 'ar',
  title: 'محلل بيانات أول',
};

/** A skill as svc-jobs reads one: types and enumerations matter, the actual skills are svc-ai's call. */
function skillLike(name: string, evidenceStart: number) {
  return {
    name: Matchers.string(name),
    category: Matchers.regex(/^(technical|functional|behavioral|compliance)$/, 'technical'),
    confidence: Matchers.number(0.92),
    // The level the posting expects of it: svc-jobs keeps it through review for the learning path.
    level: Matchers.regex(/^(basic|working|strong|expert)$/, 'working'),
    evidence: Matchers.eachLike({
      text: Matchers.string(name),
      start: Matchers.integer(evidenceStart),
      end: Matchers.integer(evidenceStart + name.length),
    }),
  };
}

function extractionLike(language: 'en' | 'ar', firstSkill: ReturnType<typeof skillLike>) {
  return {
    response: {
      skills: Matchers.eachLike(firstSkill),
      language,
      provider: Matchers.regex(/^(offline|openai)$/, 'offline'),
      taxonomyVersion: Matchers.string('2026.1'),
    },
  };
}

/**
 * Stands in for the NATS transport underneath Nest's ClientProxy: it keeps what svc-jobs sent and
 * hands back the recorded reply packet, so everything above the wire (the ClientProxy's reply
 * handling, SkillExtractorClient's error mapping and contract check) runs for real.
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
    throw new Error('svc-jobs sends svc-ai no events');
  }
}

interface SynchronousMessage {
  Request: { content: unknown };
  Response: { content: unknown }[];
}

function jsonOf(content: unknown): unknown {
  return JSON.parse(Buffer.isBuffer(content) ? content.toString('utf8') : String(content));
}

/**
 * Runs one extraction against the recorded reply and checks what svc-jobs sent: with `caller` (the
 * person the interaction's provider state names) in the caller header, or none for Masar's own work.
 */
async function replayAgainstSvcJobs(message: SynchronousMessage, request: ExtractSkillsRequest, caller?: Caller) {
  const transport = new RecordedReplyTransport(jsonOf(message.Response[0].content) as WritePacket);
  const client = new SkillExtractorClient(transport, loadConfig({}), pino({ level: 'silent' }));
  const reply = await runWithRequestId('pact-request-1', () => client.extractSkills(request, caller));
  expect(transport.sent).toHaveLength(1);
  expect(transport.sent[0].pattern).toBe(AI_SUBJECTS.EXTRACT_SKILLS);
  const record = transport.sent[0].data as NatsRecord;
  expect(record.data).toEqual(jsonOf(message.Request.content));
  expect(record.headers.get(REQUEST_ID_HEADER)).toBe('pact-request-1');
  if (caller) expect(record.headers.get(CALLER_HEADER)).toBe(encodeCaller(caller));
  else expect(record.headers.has(CALLER_HEADER)).toBe(false);
  return reply;
}

describe('svc-jobs (consumer) and svc-ai (provider) over NATS', () => {
  const pact = new PactV4({ consumer: 'svc-jobs', provider: 'svc-ai', dir: PACT_DIR, logLevel: 'warn' });

  beforeAll(() => {
    // Each run writes the file afresh, so an interaction removed here leaves the contract too.
    rmSync(PACT_FILE, { force: true });
  });

  it('extracts the skills of an English posting, each with evidence from the text', async () => {
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.EXTRACT_SKILLS} for an English posting`)
      .given(OFFLINE_EXTRACTOR)
      .withRequest((request) => request.withJSONContent(ENGLISH_POSTING))
      .withResponse((response) => response.withJSONContent(extractionLike('en', skillLike('Python', ENGLISH_POSTING.text.indexOf('Python')))))
      .executeTest(async (message) => {
        const reply = await replayAgainstSvcJobs(message, ENGLISH_POSTING);
        expect(reply.language).toBe('en');
        expect(reply.skills.length).toBeGreaterThan(0);
        expect(reply.skills[0].evidence.length).toBeGreaterThan(0);
      });
  });

  it("extracts the skills of a learner's posting, naming the learner so svc-ai logs and gates the call as theirs", async () => {
    const learner: Caller = { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', role: 'learner' };
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.EXTRACT_SKILLS} for a learner's posting`)
      .given(OFFLINE_EXTRACTOR)
      .given(...callerState(learner))
      .withRequest((request) => request.withJSONContent(ENGLISH_POSTING))
      .withResponse((response) => response.withJSONContent(extractionLike('en', skillLike('Python', ENGLISH_POSTING.text.indexOf('Python')))))
      .executeTest(async (message) => {
        const reply = await replayAgainstSvcJobs(message, ENGLISH_POSTING, learner);
        expect(reply.skills.length).toBeGreaterThan(0);
      });
  });

  it('extracts the skills of an Arabic posting, read as Arabic', async () => {
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.EXTRACT_SKILLS} for an Arabic posting`)
      .given(OFFLINE_EXTRACTOR)
      .withRequest((request) => request.withJSONContent(ARABIC_POSTING))
      .withResponse((response) => response.withJSONContent(extractionLike('ar', skillLike('Python', ARABIC_POSTING.text.indexOf('Python')))))
      .executeTest(async (message) => {
        const reply = await replayAgainstSvcJobs(message, ARABIC_POSTING);
        expect(reply.language).toBe('ar');
        expect(reply.skills.length).toBeGreaterThan(0);
      });
  });

  it('is refused with an ErrorReply for text svc-ai will not read, which svc-jobs passes on', async () => {
    const blank: ExtractSkillsRequest = { text: '   ', language: 'en' };
    await pact
      .addSynchronousInteraction(`${AI_SUBJECTS.EXTRACT_SKILLS} for blank text`)
      .given(OFFLINE_EXTRACTOR)
      .withRequest((request) => request.withJSONContent(blank))
      .withResponse((response) =>
        response.withJSONContent({ err: { statusCode: 400, message: Matchers.string('text: Please enter job description content') } }),
      )
      .executeTest(async (message) => {
        let failure: unknown;
        try {
          await replayAgainstSvcJobs(message, blank);
        } catch (error) {
          failure = error;
        }
        expect(failure).toBeInstanceOf(RpcException);
        expect((failure as RpcException).getError()).toMatchObject({ statusCode: 400 });
      });
  });
});
