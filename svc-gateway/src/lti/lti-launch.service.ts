import { User } from '@masar/contracts';
import {
  BadRequestException,
  ForbiddenException,
  HttpException,
  Inject,
  Injectable,
  ServiceUnavailableException,
  UnauthorizedException,
} from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, errors, JWTPayload, jwtVerify } from 'jose';
import { z } from 'zod';
import { LtiPlatform } from '../config';
import { IdentityClient } from '../identity/identity.client';
import { REDIS_CLIENT, RedisClient } from '../redis/redis.module';
import { DEEP_LINKING_REQUEST, launchedPerson, LTI_CLAIMS, LTI_VERSION, RESOURCE_LINK_REQUEST } from './lti-claims';
import { ToolKey } from './tool-key';

/** How long the platform may take between our login redirect and its launch. */
const LOGIN_STATE_TTL_SECONDS = 600;
/** A nonce is remembered longer than any launch token lives (maxTokenAge below), so a replay is always seen. */
const USED_NONCE_TTL_SECONDS = 3600;
const MAX_TOKEN_AGE = '10m';
/** How long the one-time entry code of a launch stays valid (the person may first click "open"). */
const ENTRY_CODE_TTL_SECONDS = 300;

export const LOGIN_REQUEST_INVALID_MESSAGE = 'This LTI login request is incomplete';
export const PLATFORM_UNKNOWN_MESSAGE = 'This LMS is not registered with Masar; ask a Masar administrator to add it to LTI_PLATFORMS';
export const PLATFORM_AMBIGUOUS_MESSAGE = 'This LMS is registered with Masar more than once; it must send client_id with its login request';
export const DEPLOYMENT_UNKNOWN_MESSAGE = 'This LMS deployment is not registered with Masar; ask a Masar administrator to add its deployment id';
export const TARGET_NOT_MASAR_MESSAGE = 'The launch target is not a page of this Masar';
export const LAUNCH_REQUEST_INVALID_MESSAGE = 'This LTI launch is missing its id_token or state';
export const LAUNCH_EXPIRED_MESSAGE = 'This LTI launch has expired or was already used. Launch Masar again from your LMS course.';
export const TOKEN_SIGNATURE_MESSAGE = "The LMS's launch token could not be verified with its published keys, so it was refused";
export const TOKEN_EXPIRED_MESSAGE = "The LMS's launch token has expired. Launch Masar again from your LMS course.";
export const TOKEN_AUDIENCE_MESSAGE = 'The launch token is not addressed to Masar (wrong audience)';
export const TOKEN_CLAIMS_MESSAGE = 'The launch token does not carry valid LTI 1.3 claims';
export const NONCE_REPLAYED_MESSAGE = 'This launch token was already used (replayed nonce)';
export const NONCE_MISMATCH_MESSAGE = 'This launch token was not issued for this launch (nonce mismatch)';
export const MESSAGE_TYPE_MESSAGE = 'Masar accepts LTI 1.3.0 resource link and deep linking launches only';
export const PLATFORM_KEYS_UNAVAILABLE_MESSAGE = "The LMS's keys cannot be fetched right now; please launch again in a moment";
export const ENTRY_EXPIRED_MESSAGE = 'This link into Masar has expired or was already used. Launch Masar again from your LMS course.';

const loginRequestSchema = z.object({
  iss: z.string().trim().min(1).max(500),
  login_hint: z.string().min(1).max(2000),
  target_link_uri: z.string().trim().min(1).max(2000),
  lti_message_hint: z.string().max(4000).optional(),
  client_id: z.string().trim().min(1).max(255).optional(),
  lti_deployment_id: z.string().trim().min(1).max(255).optional(),
});

const launchRequestSchema = z.object({
  id_token: z.string().min(1).max(100_000),
  state: z.string().min(1).max(200),
});

interface LoginState {
  nonce: string;
  issuer: string;
  clientId: string;
}

/** A verified launch: who, from which platform, and its claims. */
export interface VerifiedLaunch {
  platform: LtiPlatform;
  deploymentId: string;
  messageType: typeof RESOURCE_LINK_REQUEST | typeof DEEP_LINKING_REQUEST;
  claims: JWTPayload;
  user: User;
}

function clientError(status: 400 | 401 | 403, message: string, cause?: unknown): HttpException {
  const body = { statusCode: status, message };
  if (status === 400) return new BadRequestException(body, { cause });
  if (status === 401) return new UnauthorizedException(body, { cause });
  return new ForbiddenException(body, { cause });
}

function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The launch token's refusal as the person sees it: which check failed, never a 500. */
function refusalOf(error: unknown): HttpException {
  if (error instanceof errors.JWTExpired) return clientError(401, TOKEN_EXPIRED_MESSAGE, error);
  if (error instanceof errors.JWTClaimValidationFailed) {
    return clientError(401, error.claim === 'aud' ? TOKEN_AUDIENCE_MESSAGE : `${TOKEN_CLAIMS_MESSAGE} (${error.claim})`, error);
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || !(error instanceof errors.JOSEError)) {
    return new ServiceUnavailableException({ statusCode: 503, message: PLATFORM_KEYS_UNAVAILABLE_MESSAGE }, { cause: error });
  }
  // Bad signature, `alg: none` or another algorithm, no matching key, a malformed token.
  return clientError(401, TOKEN_SIGNATURE_MESSAGE, error);
}

/**
 * LTI 1.3 third-party-initiated login and launch (IMS Security Framework 1.0, section 5.1.1). The
 * state and nonce live in Redis, never in a cookie: launches happen inside LMS frames, where
 * browsers drop third-party cookies.
 */
@Injectable()
export class LtiLaunchService {
  private readonly keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly toolKey: ToolKey,
    private readonly identity: IdentityClient,
  ) {}

  get platforms(): LtiPlatform[] {
    return this.toolKey.settings.platforms;
  }

  private key(kind: 'state' | 'nonce' | 'entry', value: string): string {
    return `${this.toolKey.settings.keyPrefix}${kind}:${value}`;
  }

  /** The origins of the registered LMSs: they may frame the pages shown during a launch. */
  platformOrigins(): string[] {
    return [...new Set(this.platforms.flatMap((platform) => [new URL(platform.issuer).origin, new URL(platform.authLoginUrl).origin]))];
  }

  private platformFor(issuer: string, clientId: string | undefined): LtiPlatform {
    const candidates = this.platforms.filter((platform) => platform.issuer === issuer && (!clientId || platform.clientId === clientId));
    if (candidates.length === 0) throw clientError(403, PLATFORM_UNKNOWN_MESSAGE);
    if (candidates.length > 1) throw clientError(400, PLATFORM_AMBIGUOUS_MESSAGE);
    return candidates[0];
  }

  /** The path of a Masar page from a URL on our own origin, or a refusal (no open redirect). */
  targetPath(targetLinkUri: string, toolOrigin: string): string {
    let url: URL;
    try {
      url = new URL(targetLinkUri, toolOrigin);
    } catch {
      throw clientError(400, TARGET_NOT_MASAR_MESSAGE);
    }
    if (url.origin !== toolOrigin) throw clientError(400, TARGET_NOT_MASAR_MESSAGE);
    // The launch endpoint itself is the generic target some LMSs store: it opens the portal.
    if (url.pathname.startsWith('/api/')) return '/';
    return `${url.pathname}${url.search}`;
  }

  /** Step 1: the platform's login initiation; answers the platform's authorization URL to redirect to. */
  async startLogin(parameters: unknown, toolOrigin: string): Promise<string> {
    // Where LTI is off, that is the answer (404), whatever was sent.
    void this.toolKey.settings;
    const parsed = loginRequestSchema.safeParse(parameters);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))].join(', ');
      throw clientError(400, `${LOGIN_REQUEST_INVALID_MESSAGE}: ${fields}`);
    }
    const login = parsed.data;
    const platform = this.platformFor(login.iss, login.client_id);
    if (login.lti_deployment_id && !platform.deploymentIds.includes(login.lti_deployment_id)) {
      throw clientError(403, DEPLOYMENT_UNKNOWN_MESSAGE);
    }
    this.targetPath(login.target_link_uri, toolOrigin);
    const state = randomToken();
    const saved: LoginState = { nonce: randomToken(), issuer: platform.issuer, clientId: platform.clientId };
    await this.redis.set(this.key('state', state), JSON.stringify(saved), { EX: LOGIN_STATE_TTL_SECONDS });
    const authorization = new URL(platform.authLoginUrl);
    const query: Record<string, string> = {
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.clientId,
      redirect_uri: `${toolOrigin}/api/lti/launch`,
      login_hint: login.login_hint,
      state,
      nonce: saved.nonce,
      ...(login.lti_message_hint === undefined ? {} : { lti_message_hint: login.lti_message_hint }),
    };
    for (const [name, value] of Object.entries(query)) authorization.searchParams.set(name, value);
    return authorization.toString();
  }

  private keySet(platform: LtiPlatform) {
    let keySet = this.keySets.get(platform.jwksUrl);
    if (!keySet) {
      keySet = createRemoteJWKSet(new URL(platform.jwksUrl), { timeoutDuration: 3000 });
      this.keySets.set(platform.jwksUrl, keySet);
    }
    return keySet;
  }

  /** Step 2: the platform posts the id_token; every check that fails is a 4xx with its reason. */
  async verifyLaunch(body: unknown): Promise<VerifiedLaunch> {
    const parsed = launchRequestSchema.safeParse(body);
    if (!parsed.success) throw clientError(400, LAUNCH_REQUEST_INVALID_MESSAGE);
    const saved = await this.redis.getDel(this.key('state', parsed.data.state));
    if (!saved) throw clientError(401, LAUNCH_EXPIRED_MESSAGE);
    const login = JSON.parse(saved) as LoginState;
    const platform = this.platforms.find((candidate) => candidate.issuer === login.issuer && candidate.clientId === login.clientId);
    if (!platform) throw clientError(401, LAUNCH_EXPIRED_MESSAGE);

    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(parsed.data.id_token, this.keySet(platform), {
        issuer: platform.issuer,
        audience: platform.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
        maxTokenAge: MAX_TOKEN_AGE,
        clockTolerance: 5,
      }));
    } catch (error) {
      throw refusalOf(error);
    }
    // With several audiences the token must say which one it was issued for (OIDC Core 3.1.3.7).
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== platform.clientId) {
      throw clientError(401, TOKEN_AUDIENCE_MESSAGE);
    }
    const nonce = String(claims.nonce);
    // Checked after the signature, so nobody can burn a nonce with a forged token.
    const firstUse = await this.redis.set(this.key('nonce', nonce), '1', { NX: true, EX: USED_NONCE_TTL_SECONDS });
    if (firstUse !== 'OK') throw clientError(401, NONCE_REPLAYED_MESSAGE);
    if (nonce !== login.nonce) throw clientError(401, NONCE_MISMATCH_MESSAGE);

    const deploymentId = claims[LTI_CLAIMS.DEPLOYMENT_ID];
    if (typeof deploymentId !== 'string' || !platform.deploymentIds.includes(deploymentId)) throw clientError(403, DEPLOYMENT_UNKNOWN_MESSAGE);
    const messageType = claims[LTI_CLAIMS.MESSAGE_TYPE];
    if (claims[LTI_CLAIMS.VERSION] !== LTI_VERSION || (messageType !== RESOURCE_LINK_REQUEST && messageType !== DEEP_LINKING_REQUEST)) {
      throw clientError(400, MESSAGE_TYPE_MESSAGE);
    }
    const person = launchedPerson(claims);
    if ('refused' in person) throw clientError(403, person.refused);
    const user = await this.identity.ssoSignIn(person.person);
    return { platform, deploymentId, messageType, claims, user };
  }

  /** A one-time code that turns into a Masar session on Masar's own origin (see enter()). */
  async entryCodeFor(user: User, targetPath: string): Promise<string> {
    const code = randomToken();
    await this.redis.set(this.key('entry', code), JSON.stringify({ user, targetPath }), { EX: ENTRY_CODE_TTL_SECONDS });
    return code;
  }

  /** Reads an entry code once; a used, expired or unknown one is a 401. */
  redeemEntryCode(code: unknown): Promise<{ user: User; targetPath: string }> {
    return this.readEntryCode(code, (key) => this.redis.getDel(key));
  }

  /** Who an entry code is for, without using it (the confirmation page names them); 401 as redeeming would. */
  peekEntryCode(code: unknown): Promise<{ user: User; targetPath: string }> {
    return this.readEntryCode(code, (key) => this.redis.get(key));
  }

  private async readEntryCode(code: unknown, read: (key: string) => Promise<string | null>): Promise<{ user: User; targetPath: string }> {
    const saved = typeof code === 'string' && code.length > 0 && code.length <= 100 ? await read(this.key('entry', code)) : null;
    if (!saved) throw clientError(401, ENTRY_EXPIRED_MESSAGE);
    return JSON.parse(saved) as { user: User; targetPath: string };
  }
}

/**
 * The browser that launched (top level) carries this cookie to its own entry, which then goes straight
 * in. Any other browser (the new window a framed launch opens, or a link someone sent) first sees whose
 * account it would enter, and enters only by pressing Continue: a launch's link cannot silently sign
 * someone else's browser in as the launching person (login CSRF).
 */
export const LTI_ENTRY_COOKIE = 'masar_lti_entry';
export const LTI_ENTRY_COOKIE_MAX_AGE_MS = ENTRY_CODE_TTL_SECONDS * 1000;

/** What the cookie holds for a code: its hash, so the cookie alone never works as the code. */
export function entryCookieValue(code: string): string {
  return createHash('sha256').update(code).digest('base64url');
}
