import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { createPublicKey, KeyObject } from 'node:crypto';
import { jwtVerify } from 'jose';

/** A score the LMS stored: who sent it (a valid bearer token) and what it said. */
export interface StoredScore {
  lineItem: string;
  body: Record<string, unknown>;
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * An LMS's token endpoint and line items on loopback. The token endpoint checks the tool's client
 * assertion (signature with the tool's public key, issuer and subject = client id, audience = the
 * token URL, the AGS score scope); the scores endpoint checks the bearer token and the media type.
 */
export class LoopbackLms {
  readonly scores: StoredScore[] = [];
  readonly refusals: string[] = [];
  /** Answers the next score posts with 503 while above 0. */
  unavailableScores = 0;
  /** Line items (by name) whose score posts get 503 for as long as they are here: that part of the LMS is down. */
  readonly downLineItems = new Set<string>();
  /** Score posts answered 503, by line item URL. */
  readonly unavailableAnswers = new Map<string, number>();
  private server?: Server;
  private readonly issuedTokens = new Set<string>();
  private readonly toolKey: KeyObject;
  origin = '';

  constructor(
    toolPrivateKeyPem: string,
    readonly clientId: string,
  ) {
    this.toolKey = createPublicKey(toolPrivateKeyPem);
  }

  get tokenUrl(): string {
    return `${this.origin}/oauth/token`;
  }

  lineItemUrl(name: string): string {
    return `${this.origin}/api/lti/courses/7/line_items/${name}`;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      this.answer(request)
        .then(([status, body]) => response.writeHead(status, { 'content-type': 'application/json' }).end(body))
        .catch(() => response.writeHead(500).end());
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private refuse(reason: string, status = 400): [number, string] {
    this.refusals.push(reason);
    return [status, JSON.stringify({ error: reason })];
  }

  private async answer(request: IncomingMessage): Promise<[number, string]> {
    const path = new URL(request.url ?? '/', this.origin).pathname;
    const body = await bodyOf(request);
    if (request.method === 'POST' && path === '/oauth/token') {
      const form = new URLSearchParams(body);
      if (form.get('grant_type') !== 'client_credentials') return this.refuse('grant_type');
      if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') return this.refuse('client_assertion_type');
      if (form.get('scope') !== 'https://purl.imsglobal.org/spec/lti-ags/scope/score') return this.refuse('scope');
      try {
        const { payload } = await jwtVerify(form.get('client_assertion') ?? '', this.toolKey, { issuer: this.clientId, subject: this.clientId, audience: this.tokenUrl, algorithms: ['RS256'] });
        if (typeof payload.jti !== 'string') return this.refuse('jti');
      } catch {
        return this.refuse('client_assertion', 401);
      }
      const token = `token-${this.issuedTokens.size + 1}`;
      this.issuedTokens.add(token);
      return [200, JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3600, scope: form.get('scope') })];
    }
    const score = /^(\/api\/lti\/courses\/7\/line_items\/[^/]+)\/scores$/.exec(path);
    if (request.method === 'POST' && score) {
      const lineItem = `${this.origin}${score[1]}`;
      if (this.unavailableScores > 0 || this.downLineItems.has(score[1].split('/').pop() ?? '')) {
        this.unavailableScores = Math.max(0, this.unavailableScores - 1);
        this.unavailableAnswers.set(lineItem, (this.unavailableAnswers.get(lineItem) ?? 0) + 1);
        return [503, '{}'];
      }
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token || !this.issuedTokens.has(token)) return this.refuse('bearer', 401);
      if (request.headers['content-type'] !== 'application/vnd.ims.lis.v1.score+json') return this.refuse('content-type', 415);
      this.scores.push({ lineItem, body: JSON.parse(body) as Record<string, unknown> });
      return [200, '{}'];
    }
    return [404, '{}'];
  }
}
