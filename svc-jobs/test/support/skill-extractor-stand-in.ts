import {
  AI_SUBJECTS,
  type Caller,
  CALLER_HEADER,
  decodeCaller,
  type ErrorReply,
  type ExtractedSkill,
  type ExtractSkillsReply,
  extractSkillsRequestSchema,
  type ExtractSkillsRequest,
  REQUEST_ID_HEADER,
} from '@masar/contracts';
import { connectToNatsAs } from '@masar/contracts/service-kit/testing';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';

const codec = JSONCodec();

/** A few skills the stand-in knows, with spellings in both languages. */
const VOCABULARY: Array<Omit<ExtractedSkill, 'evidence'> & { pattern: RegExp }> = [
  { name: 'SQL', nameAr: 'لغة SQL', category: 'technical', confidence: 0.93, level: 'strong', taxonomyId: 'tech.sql', pattern: /\bSQL\b/g },
  { name: 'Python', nameAr: 'بايثون', category: 'technical', confidence: 0.91, taxonomyId: 'tech.python', pattern: /\bPython\b|بايثون/g },
  { name: 'Power BI', category: 'technical', confidence: 0.84, taxonomyId: 'tech.power-bi', pattern: /\bPower BI\b/g },
  { name: 'TypeScript', category: 'technical', confidence: 0.9, taxonomyId: 'tech.typescript', pattern: /\bTypeScript\b/g },
  { name: 'Node.js', category: 'technical', confidence: 0.88, taxonomyId: 'tech.nodejs', pattern: /\bNode\.js\b/g },
  { name: 'Docker', category: 'technical', confidence: 0.86, taxonomyId: 'tech.docker', pattern: /\bDocker\b/g },
  { name: 'Microsoft Excel', category: 'technical', confidence: 0.74, taxonomyId: 'tech.excel', pattern: /\bExcel\b/g },
  { name: 'Communication', nameAr: 'التواصل', category: 'behavioral', confidence: 0.62, taxonomyId: 'beh.communication', pattern: /\bcommunication\b|تواصل/gi },
];

export type StandInBehaviour = 'answer' | 'crash' | { error: ErrorReply } | 'silent';

/**
 * Stands in for svc-ai on the real NATS while svc-ai is a peer service built elsewhere: it answers
 * `ai.skills.extract` the way a Nest microservice does (`{id, response}` or `{id, err}`), finding a
 * few skills with exact evidence spans, signed in as svc-ai. The Pact test in src/ai pins the real
 * contract.
 */
export class SkillExtractorStandIn {
  /** What svc-jobs asked, with the request id and whom it asked for (the caller header; null: Masar's own work). */
  readonly requests: Array<{ request: ExtractSkillsRequest; requestId: string | undefined; caller: Caller | null }> = [];
  behaviour: StandInBehaviour = 'answer';

  private constructor(
    private readonly connection: NatsConnection,
    private readonly subscription: Subscription,
  ) {}

  static async start(): Promise<SkillExtractorStandIn> {
    const connection = await connectToNatsAs('ai', { name: 'svc-ai stand-in' });
    const subscription = connection.subscribe(AI_SUBJECTS.EXTRACT_SKILLS);
    const standIn = new SkillExtractorStandIn(connection, subscription);
    void standIn.serve();
    await connection.flush();
    return standIn;
  }

  async stop(): Promise<void> {
    await this.connection.drain();
  }

  private async serve(): Promise<void> {
    for await (const message of this.subscription) {
      const packet = codec.decode(message.data) as { id: string; data: unknown };
      const parsed = extractSkillsRequestSchema.safeParse(packet.data);
      if (!parsed.success) {
        message.respond(codec.encode({ id: packet.id, err: { statusCode: 400, message: 'text: Invalid input' }, isDisposed: true }));
        continue;
      }
      this.requests.push({
        request: parsed.data,
        requestId: message.headers?.get(REQUEST_ID_HEADER) || undefined,
        caller: decodeCaller(message.headers?.get(CALLER_HEADER)),
      });
      const behaviour = this.behaviour;
      if (behaviour === 'silent') {
        continue;
      }
      if (behaviour === 'crash') {
        message.respond(codec.encode({ id: packet.id, err: { status: 'error', message: 'Internal server error' }, isDisposed: true }));
      } else if (behaviour === 'answer') {
        message.respond(codec.encode({ id: packet.id, response: extractKnownSkills(parsed.data), isDisposed: true }));
      } else {
        message.respond(codec.encode({ id: packet.id, err: behaviour.error, isDisposed: true }));
      }
    }
  }
}

export function extractKnownSkills(request: ExtractSkillsRequest): ExtractSkillsReply {
  const skills: ExtractedSkill[] = [];
  for (const { pattern, ...skill } of VOCABULARY) {
    const evidence = [...request.text.matchAll(pattern)].map((match) => ({
      text: match[0],
      start: match.index,
      end: match.index + match[0].length,
    }));
    if (evidence.length > 0) {
      skills.push({ ...skill, evidence });
    }
  }
  return { skills, language: request.language ?? 'en', provider: 'offline', taxonomyVersion: 'stand-in-1' };
}
