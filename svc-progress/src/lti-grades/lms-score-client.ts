import { AGS_SCORE_SCOPE } from '@masar/contracts';
import { createPrivateKey, createPublicKey, KeyObject, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, SignJWT } from 'jose';

/** What a score post needs to know about the line item and the platform. */
export interface ScoreTarget {
  lineItemUrl: string;
  platformUserId: string;
  issuer: string;
  clientId: string;
  tokenUrl: string;
}

/**
 * A score as AGS 2.0 takes it, out of 100. `timestamp` is when Masar last changed it: an LMS ignores a
 * score older than the one it holds, so it is the time of posting, never the time of an event.
 */
export interface LineItemScore extends PendingScore {
  timestamp: string;
}

/** A score waiting to be posted: its timestamp is added when it is posted. */
export interface PendingScore {
  scoreGiven: number;
  activityProgress: 'InProgress' | 'Completed';
  gradingProgress: 'Pending' | 'FullyGraded';
}

/** The LMS answered in a way that retrying will not change (a 4xx other than 408 or 429). */
export class ScoreRefusedError extends Error {}

/** The LMS could not be reached or failed for now (network, timeout, 5xx, 408, 429): try again later. */
export class LmsUnavailableError extends Error {}

/** Access tokens are reused until shortly before they expire. */
const TOKEN_EXPIRY_MARGIN_MS = 30_000;

function failureOf(what: string, status: number): Error {
  const message = `${what} answered ${status}`;
  return status >= 500 || status === 408 || status === 429 ? new LmsUnavailableError(message) : new ScoreRefusedError(message);
}

/**
 * Posts scores to an LMS with LTI Assignment and Grade Services 2.0: an access token from the
 * platform's token endpoint (client_credentials with a JWT client assertion signed by the tool's key,
 * IMS Security Framework 4.1), then `POST <lineitem>/scores` as application/vnd.ims.lis.v1.score+json.
 */
export class LmsScoreClient {
  private readonly key: KeyObject;
  private kid: Promise<string> | undefined;
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();

  constructor(
    privateKeyPem: string,
    private readonly timeoutMs: number,
  ) {
    this.key = createPrivateKey(privateKeyPem);
  }

  private keyId(): Promise<string> {
    // The same kid as the gateway's /api/lti/jwks publishes: the public key's JWK thumbprint.
    this.kid ??= exportJWK(createPublicKey(this.key)).then((jwk) => calculateJwkThumbprint(jwk));
    return this.kid;
  }

  private async call(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new LmsUnavailableError(`${what} could not be reached`, { cause: error });
    }
  }

  private async accessToken(target: ScoreTarget): Promise<string> {
    const cacheKey = `${target.tokenUrl} ${target.clientId}`;
    const cached = this.tokens.get(cacheKey);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const assertion = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: 'RS256', kid: await this.keyId(), typ: 'JWT' })
      .setIssuer(target.clientId)
      .setSubject(target.clientId)
      .setAudience(target.tokenUrl)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(this.key);
    const response = await this.call(
      target.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
          scope: AGS_SCORE_SCOPE,
        }),
      },
      'the LMS token endpoint',
    );
    if (!response.ok) throw failureOf('the LMS token endpoint', response.status);
    const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string' || body.access_token === '') throw new LmsUnavailableError('the LMS token endpoint gave no access token');
    const lifetimeMs = typeof body.expires_in === 'number' ? body.expires_in * 1000 : 3_600_000;
    this.tokens.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + lifetimeMs - TOKEN_EXPIRY_MARGIN_MS });
    return body.access_token;
  }

  /** Posts one score of the learner to the line item; throws ScoreRefusedError or LmsUnavailableError. */
  async postScore(target: ScoreTarget, score: LineItemScore): Promise<void> {
    const token = await this.accessToken(target);
    const lineItem = new URL(target.lineItemUrl);
    // The scores service hangs off the line item's path; its query (some LMSs put ids there) stays.
    lineItem.pathname = `${lineItem.pathname.replace(/\/+$/, '')}/scores`;
    const response = await this.call(
      lineItem.toString(),
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.ims.lis.v1.score+json' },
        body: JSON.stringify({ userId: target.platformUserId, ...score, scoreMaximum: 100 }),
      },
      'the LMS scores endpoint',
    );
    if (response.status === 401) this.tokens.delete(`${target.tokenUrl} ${target.clientId}`);
    if (!response.ok) throw failureOf('the LMS scores endpoint', response.status === 401 ? 503 : response.status);
  }
}
