import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { bootstrap, RunningGateway } from '../src/main';

/** Sends bytes as they are (no client would send an oversized or broken request) and reads the whole answer. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connectTcp(port, '127.0.0.1', () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

function parseRawResponse(raw: string): { status: number; headers: string; body: unknown } {
  const [head, ...rest] = raw.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head, body: JSON.parse(rest.join('\r\n\r\n')) };
}

/** The gateway alone (no domain service is needed for pages and refusals), on the NATS and Redis of the environment. */
describe('HTTP hardening: the Content-Security-Policy and readable 4xx answers', () => {
  let gateway: RunningGateway;
  let frontEnds: string;

  beforeAll(async () => {
    frontEnds = mkdtempSync(path.join(tmpdir(), 'masar-gateway-csp-'));
    mkdirSync(path.join(frontEnds, 'shell/dist'), { recursive: true });
    writeFileSync(path.join(frontEnds, 'shell/dist/index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    mkdirSync(path.join(frontEnds, 'mf-courses/dist'), { recursive: true });
    writeFileSync(path.join(frontEnds, 'mf-courses/dist/index.html'), '<!doctype html><html><body>remote</body></html>');
    gateway = await bootstrap({
      env: {
        ...(process.env.NATS_URL ? { NATS_URL: process.env.NATS_URL } : {}),
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
        PORT: '0',
        LOG_LEVEL: 'silent',
        SESSION_KEY_PREFIX: `masar:test:csp:${process.pid}:sess:`,
        SHELL_DIST: path.join(frontEnds, 'shell/dist'),
        REMOTES_ROOT: frontEnds,
        MF_AGENTS_MANIFEST_URL: 'https://cdn.example.com/mf-agents/mf-manifest.json',
        MF_JOBROLES_MANIFEST_URL: 'https://jobroles.example.net:8443/mf-manifest.json',
        FRAME_ANCESTORS: "'self' https://suite.example.com",
      },
    });
  });

  afterAll(async () => {
    await gateway?.app.close();
    rmSync(frontEnds, { recursive: true, force: true });
  });

  describe('Content-Security-Policy', () => {
    const policyOf = (response: request.Response) => String(response.headers['content-security-policy']);

    it('is on the shell page, a client-side route and a remote file, with the remotes and frame ancestors configured', async () => {
      const pages = [
        await request(gateway.url).get('/').set('Accept', 'text/html').expect(200),
        await request(gateway.url).get('/courses/42').set('Accept', 'text/html').expect(200),
        await request(gateway.url).get('/remotes/mf-courses/index.html').expect(200),
      ];
      for (const page of pages) {
        const policy = policyOf(page);
        expect(policy).toContain("script-src 'self' https://jobroles.example.net:8443 https://cdn.example.com;");
        expect(policy).toContain("connect-src 'self' https://jobroles.example.net:8443 https://cdn.example.com;");
        expect(policy).toContain("object-src 'none'; base-uri 'self'; form-action 'self'");
        expect(policy).toContain("frame-ancestors 'self' https://suite.example.com");
        expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
        // Other origins may embed it: X-Frame-Options cannot say so and is left to CSP.
        expect(page.headers['x-frame-options']).toBeUndefined();
        expect(page.headers['x-content-type-options']).toBe('nosniff');
        expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      }
    });

    it('is on error answers and the API documentation page too', async () => {
      expect(policyOf(await request(gateway.url).get('/api/nothing-here').set('Accept', 'text/html').expect(404))).toContain("default-src 'self'");
      expect(policyOf(await request(gateway.url).get('/api/docs').expect(200))).toContain("script-src 'self'");
    });
  });

  describe('every 4xx carries {statusCode, message}', () => {
    /** A sign-in from the portal's own page, with the body sent as it is under the given type. */
    const signInWith = (contentType: string, body: string) =>
      request(gateway.url).post('/api/auth/login').set('Origin', gateway.url).set('Content-Type', contentType).send(body);

    it('431 when the address and headers are too large for the HTTP parser', async () => {
      const raw = await rawExchange(gateway.port, `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      const response = parseRawResponse(raw);
      expect(response.status).toBe(431);
      expect(response.headers).toContain('Content-Type: application/json');
      expect(response.body).toEqual({ statusCode: 431, message: expect.stringContaining('too large') });

      const cookies = await rawExchange(gateway.port, `GET /api/health HTTP/1.1\r\nHost: localhost\r\nCookie: ${'c=1; '.repeat(4000)}\r\n\r\n`);
      expect(parseRawResponse(cookies).status).toBe(431);
    });

    it('400 when the request is not HTTP at all', async () => {
      const response = parseRawResponse(await rawExchange(gateway.port, 'HELLO THERE\r\n\r\n'));
      expect(response).toMatchObject({ status: 400, body: { statusCode: 400, message: 'The request is not valid HTTP and could not be read' } });
    });

    it('400 naming the problem for a body that is not valid JSON', async () => {
      const response = await signInWith('application/json', '{"username": "admin",').expect(400);
      expect(response.body).toEqual({ statusCode: 400, message: expect.stringMatching(/^The request body is not valid JSON \(/) });
    });

    it('415 saying what to send for a body in a type the API does not read', async () => {
      const response = await signInWith('text/plain', 'username=admin').expect(415);
      expect(response.body).toEqual({
        statusCode: 415,
        message: 'Send the request body as JSON (Content-Type: application/json), or files as multipart/form-data',
      });
      const charset = await signInWith('application/json; charset=koi8-r', '{}').expect(415);
      expect(charset.body).toEqual({ statusCode: 415, message: "The request body's charset koi8-r is not supported; send UTF-8" });
    });

    it('400 saying so for a NUL character in a JSON body, a query or a path, before any guard or service', async () => {
      const refusal = { statusCode: 400, message: 'Text cannot contain the invisible NUL character (U+0000): remove it and try again' };
      // The sign-in's guard reads the body; without the check svc-identity's query failed with a 500.
      expect((await signInWith('application/json', '{"username": "ad\\u0000min", "password": "admin123"}').expect(400)).body).toEqual(refusal);
      expect((await signInWith('application/json', '{"profile": {"na\\u0000me": ["x"]}}').expect(400)).body).toEqual(refusal);
      expect((await signInWith('application/x-www-form-urlencoded', 'username=ad%00min&password=admin123').expect(400)).body).toEqual(refusal);
      // Refused before the session guard would answer 401.
      expect((await request(gateway.url).get('/api/courses?q=%00').expect(400)).body).toEqual(refusal);
      expect((await request(gateway.url).get('/api/prompts/%00').expect(400)).body).toEqual(refusal);
      // A path that does not decode is left to the router, which says so.
      expect((await request(gateway.url).get('/api/prompts/%E0%A4%A').expect(400)).body).toEqual({
        statusCode: 400,
        message: "Failed to decode param '%E0%A4%A'",
      });
    });

    it('400 saying so for a body that is not what its Content-Encoding says (zlib failed it: a 500 before)', async () => {
      for (const encoding of ['gzip', 'deflate', 'br']) {
        const response = await request(gateway.url)
          .post('/api/auth/login')
          .set('Origin', gateway.url)
          .set('Content-Type', 'application/json')
          .set('Content-Encoding', encoding)
          .send('{"username": "admin", "password": "admin123"}')
          .expect(400);
        expect(response.body).toEqual({
          statusCode: 400,
          message: 'The request body is not what its Content-Encoding says (gzip, deflate or br); send it uncompressed or encoded as it says',
        });
      }
    });

    it('404 in JSON for an unknown API path or a method a path does not have', async () => {
      expect((await request(gateway.url).get('/api/no-such-thing').expect(404)).body).toEqual({
        statusCode: 404,
        message: 'Cannot GET /api/no-such-thing',
      });
      const wrongMethod = await request(gateway.url).delete('/api/auth/login').set('Origin', gateway.url).expect(404);
      expect(wrongMethod.body).toEqual({ statusCode: 404, message: 'Cannot DELETE /api/auth/login' });
    });
  });
});
