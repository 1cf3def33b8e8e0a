import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/**
 * What the fake model does with one request: answer (after `delayMs`, as a model takes time to
 * write), or never answer (to trigger the client's timeout).
 */
export type FakeReply = { status: number; body: unknown; headers?: Record<string, string>; delayMs?: number } | 'hang';

/** A chat completion whose message content is `content`, as an OpenAI-compatible server returns it, with its token `usage`. */
export function chatCompletion(content: string, delayMs?: number, usage = { prompt_tokens: 1, completion_tokens: 1 }): FakeReply {
  return {
    status: 200,
    delayMs,
    body: {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'fake-model',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    },
  };
}

/**
 * An OpenAI-compatible HTTP server on 127.0.0.1 and a random port: real HTTP for the real SDK.
 * It records every request so a test can check what was sent and how often.
 */
export class FakeOpenAiServer {
  readonly requests: RecordedRequest[] = [];
  /** The most requests it was answering at the same time since the last reset. */
  mostInFlight = 0;
  private inFlight = 0;
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;
  private reply: (request: RecordedRequest, index: number) => FakeReply = () => chatCompletion('{"skills": []}');

  constructor() {
    this.server = createServer((request, response) => void this.handle(request, response));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** Sets how the next requests are answered. */
  answerWith(reply: (request: RecordedRequest, index: number) => FakeReply): void {
    this.reply = reply;
  }

  reset(): void {
    this.requests.length = 0;
    this.mostInFlight = 0;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const recorded: RecordedRequest = {
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
    this.requests.push(recorded);
    const reply = this.reply(recorded, this.requests.length - 1);
    if (reply === 'hang') return;
    this.inFlight++;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    if (reply.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    this.inFlight--;
    // Bytes (speech audio) go out as they are; anything else as JSON.
    if (Buffer.isBuffer(reply.body)) {
      response.writeHead(reply.status, { 'content-type': 'audio/mpeg', ...reply.headers });
      response.end(reply.body);
      return;
    }
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    response.end(JSON.stringify(reply.body));
  }
}

/**
 * Deterministic embeddings that encode concepts: one dimension per concept, 1 when the text names
 * any of its words (case-insensitive), plus a small constant so no vector is all zeros. Texts on the
 * same concept point the same way whatever their other words; texts on none are near-orthogonal.
 */
export const EMBEDDING_CONCEPTS: ReadonlyArray<readonly string[]> = [
  ['summar', 'aggregat', 'pivot', 'totals', 'ملخص'],
  ['safety', 'hazard', 'helmet', 'سلامة'],
  ['customer', 'complaint', 'service', 'عملاء'],
];

export function conceptVector(text: string): number[] {
  const lower = text.toLowerCase();
  return [...EMBEDDING_CONCEPTS.map((words) => (words.some((word) => lower.includes(word)) ? 1 : 0)), 0.05];
}

/** The `/v1/embeddings` answer for the request's `input`, one conceptVector per text. */
export function embeddingsAnswer(request: RecordedRequest, vectorOf: (text: string) => number[] = conceptVector): FakeReply {
  const { input, model } = request.body as { input: string | string[]; model: string };
  const texts = typeof input === 'string' ? [input] : input;
  return {
    status: 200,
    body: {
      object: 'list',
      model,
      data: texts.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) })),
      usage: { prompt_tokens: texts.reduce((sum, text) => sum + text.split(/\s+/).length, 0), total_tokens: 0 },
    },
  };
}
