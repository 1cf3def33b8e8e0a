import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { createRemoteJWKSet, exportJWK, generateKeyPair, JWTPayload, jwtVerify, KeyLike, SignJWT } from 'jose';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim';

/** A score the platform received on a line item, with the bearer token that came with it. */
export interface ReceivedScore {
  lineItemPath: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

/** A token request the platform received (client_credentials with a JWT assertion). */
export interface ReceivedTokenRequest {
  form: Record<string, string>;
}

/**
 * An LMS simulated in the test: its own RSA keys, a JWKS, a token endpoint and line items on a
 * loopback HTTP server, and launches it signs as a real platform would.
 */
export interface SimulatedPlatform {
  issuer: string;
  clientId: string;
  deploymentId: string;
  origin: string;
  jwksUrl: string;
  tokenUrl: string;
  authLoginUrl: string;
  lineItemUrl(name: string): string;
  /** The registration as LTI_PLATFORMS lists it. */
  registration(): Record<string, unknown>;
  signIdToken(claims: JWTPayload, options?: { key?: 'platform' | 'other'; expiresInSeconds?: number; audience?: string | string[] }): Promise<string>;
  /** What a resource-link launch of `sub` to `targetLinkUri` carries, before the nonce. */
  resourceLinkClaims(options: { sub: string; nonce: string; targetLinkUri: string; email?: string; name?: string; locale?: string; roles?: string[] }): JWTPayload;
  scores: ReceivedScore[];
  tokenRequests: ReceivedTokenRequest[];
  /** Answers the next `count` score posts with 503 (the platform is down for a moment). */
  failNextScores(count: number): void;
  /** The access token the token endpoint hands out. */
  accessToken: string;
  /** Where the tool's public keys are: the token endpoint verifies client assertions with them. */
  trustToolKeys(jwksUrl: string): void;
  stop(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

export async function startSimulatedPlatform(options: { clientId?: string; deploymentId?: string } = {}): Promise<SimulatedPlatform> {
  const platformKeys = await generateKeyPair('RS256');
  const otherKeys = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(platformKeys.publicKey)), kid: 'platform-key-1', alg: 'RS256', use: 'sig' };
  const scores: ReceivedScore[] = [];
  const tokenRequests: ReceivedTokenRequest[] = [];
  const accessToken = `platform-access-${Math.random().toString(36).slice(2)}`;
  let failingScores = 0;
  let toolKeys: ReturnType<typeof createRemoteJWKSet> | undefined;

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://platform');
      if (request.method === 'GET' && url.pathname === '/jwks') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [publicJwk] }));
        return;
      }
      if (request.method === 'POST' && url.pathname === '/token') {
        const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
        tokenRequests.push({ form });
        try {
          if (!toolKeys) throw new Error('no tool keys trusted');
          await jwtVerify(form.client_assertion ?? '', toolKeys, { issuer: clientId, subject: clientId, audience: `${origin}/token`, algorithms: ['RS256'] });
        } catch {
          response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_client' }));
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: accessToken, token_type: 'Bearer', expires_in: 3600 }));
        return;
      }
      const score = /^(\/lineitems\/[^/]+)\/scores$/.exec(url.pathname);
      if (request.method === 'POST' && score) {
        const body = await readBody(request);
        if (failingScores > 0) {
          failingScores -= 1;
          response.writeHead(503).end();
          return;
        }
        if (request.headers.authorization !== `Bearer ${accessToken}`) {
          response.writeHead(401).end();
          return;
        }
        scores.push({
          lineItemPath: score[1]!,
          authorization: request.headers.authorization,
          contentType: request.headers['content-type'],
          body: JSON.parse(body) as Record<string, unknown>,
        });
        response.writeHead(200).end();
        return;
      }
      response.writeHead(404).end();
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = options.clientId ?? 'masar-tool-client';
  const deploymentId = options.deploymentId ?? 'deployment-1';

  const platform: SimulatedPlatform = {
    issuer: origin,
    clientId,
    deploymentId,
    origin,
    jwksUrl: `${origin}/jwks`,
    tokenUrl: `${origin}/token`,
    authLoginUrl: `${origin}/authorize`,
    lineItemUrl: (name) => `${origin}/lineitems/${name}`,
    registration: () => ({
      name: 'Simulated LMS',
      issuer: origin,
      clientId,
      deploymentIds: [deploymentId],
      authLoginUrl: `${origin}/authorize`,
      tokenUrl: `${origin}/token`,
      jwksUrl: `${origin}/jwks`,
    }),
    async signIdToken(claims, signOptions = {}) {
      const key: KeyLike = signOptions.key === 'other' ? otherKeys.privateKey : platformKeys.privateKey;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: publicJwk.kid, typ: 'JWT' })
        .setIssuer(origin)
        .setAudience(signOptions.audience ?? clientId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + (signOptions.expiresInSeconds ?? 300))
        .sign(key);
    },
    resourceLinkClaims: ({ sub, nonce, targetLinkUri, email, name, locale, roles }) => ({
      sub,
      nonce,
      ...(email === undefined ? {} : { email }),
      name: name ?? 'Layla Haddad',
      [`${LTI}/message_type`]: 'LtiResourceLinkRequest',
      [`${LTI}/version`]: '1.3.0',
      [`${LTI}/deployment_id`]: deploymentId,
      [`${LTI}/target_link_uri`]: targetLinkUri,
      [`${LTI}/resource_link`]: { id: 'resource-link-1' },
      [`${LTI}/roles`]: roles ?? ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      [`${LTI}/launch_presentation`]: { locale: locale ?? 'en-US' },
    }),
    scores,
    tokenRequests,
    failNextScores(count) {
      failingScores = count;
    },
    accessToken,
    trustToolKeys(jwksUrl) {
      toolKeys = createRemoteJWKSet(new URL(jwksUrl));
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return platform;
}

/** The gateway's settings for an LTI tool registered with `lms` and signing with `toolPrivateKey`. */
export function ltiToolEnvironment(lms: SimulatedPlatform, toolPrivateKey: string): Record<string, string> {
  return {
    LTI_PLATFORMS: JSON.stringify([lms.registration()]),
    LTI_TOOL_PRIVATE_KEY: toolPrivateKey,
    LTI_STATE_KEY_PREFIX: `masar:test:lti:${randomBytes(4).toString('hex')}:`,
  };
}
