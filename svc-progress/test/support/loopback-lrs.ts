import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One PUT the LRS answered, with what it checked. */
export interface LrsRequest {
  statementId: string | null;
  status: number;
}

/**
 * A loopback LRS for tests: PUT /xapi/statements?statementId= with the xAPI version header and
 * Basic auth, stored by id (the same id again is not stored twice: 204 for the same statement,
 * 409 for another). While `down`, it answers 503 to everything.
 */
export class LoopbackLrs {
  readonly statements = new Map<string, Record<string, unknown>>();
  readonly requests: LrsRequest[] = [];
  down = false;
  /** While set, statements are refused as malformed (400). */
  refusing = false;
  private readonly server: Server;

  constructor(private readonly username: string, private readonly password: string) {
    this.server = createServer((request, response) => {
      void this.answer(request).then((status) => {
        response.writeHead(status).end();
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/xapi/`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Requests for one statement id, by the status they got. */
  answersFor(statementId: string): number[] {
    return this.requests.filter((request) => request.statementId === statementId).map((request) => request.status);
  }

  private async answer(request: IncomingMessage): Promise<number> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://lrs');
    const statementId = url.searchParams.get('statementId');
    const status = this.statusFor(request, url, statementId, Buffer.concat(chunks).toString('utf8'));
    this.requests.push({ statementId, status });
    return status;
  }

  private statusFor(request: IncomingMessage, url: URL, statementId: string | null, body: string): number {
    if (this.down) return 503;
    if (this.refusing) return 400;
    const expectedAuth = `Basic ${Buffer.from(`${this.username}:${this.password}`).toString('base64')}`;
    if (request.headers.authorization !== expectedAuth) return 401;
    if (request.headers['x-experience-api-version'] !== '1.0.3') return 400;
    if (request.method !== 'PUT' || url.pathname !== '/xapi/statements' || !statementId) return 400;
    const statement = JSON.parse(body) as Record<string, unknown>;
    if (statement.id !== statementId) return 400;
    const stored = this.statements.get(statementId);
    if (stored) return JSON.stringify(stored) === JSON.stringify(statement) ? 204 : 409;
    this.statements.set(statementId, statement);
    return 204;
  }
}
