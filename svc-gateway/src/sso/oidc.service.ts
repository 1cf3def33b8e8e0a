import { User } from '@masar/contracts';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { errors, generators } from 'openid-client';
import { SessionLifecycle } from '../auth/session-lifecycle';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { IdentityClient } from '../identity/identity.client';
import { REDIS_CLIENT, RedisClient } from '../redis/redis.module';
import { personFromClaims } from './oidc-claims';
import { OidcProviderClient, PROVIDER_UNAVAILABLE_MESSAGE } from './oidc-provider-client';
import { SignInRefusedException } from './sign-in-refusal';
import { cookieOf } from '../security/request-cookie';

/** How long a started sign-in may take at the provider before its state is forgotten. */
const LOGIN_STATE_TTL_SECONDS = 600;

export const SIGN_IN_EXPIRED_MESSAGE = 'This sign-in has expired or was already used. Start again from the sign-in page.';
export const PROVIDER_REFUSED_MESSAGE = 'Your identity provider did not sign you in';
export const OTHER_BROWSER_MESSAGE = 'This sign-in was started in another browser, or this browser did not keep it. Start again from the sign-in page.';
export const TOKEN_REFUSED_MESSAGE = "Your identity provider's answer could not be verified, so you were not signed in";

interface LoginState {
  nonce: string;
  codeVerifier: string;
  /** sha256 of the value in the browser's binding cookie. */
  browser: string;
}

/**
 * A cookie tying a started sign-in to the browser that started it, so nobody can finish their own
 * sign-in in someone else's browser (login CSRF: the victim would be signed in as the attacker).
 * SameSite=Lax still reaches the callback, a top-level GET from the provider.
 */
export const OIDC_BROWSER_COOKIE = 'masar_oidc_browser';
const OIDC_COOKIE_PATH = '/api/auth/oidc';

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * OpenID Connect sign-in (authorization code with PKCE). State, nonce and code_verifier stay in
 * Redis under the state, read once; openid-client checks the id_token (signature with the
 * provider's JWKS, expected alg so `none` is refused, issuer, audience, nonce, expiry).
 */
@Injectable()
export class OidcService {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly provider: OidcProviderClient,
    private readonly identity: IdentityClient,
    private readonly sessions: SessionLifecycle,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  private get oidc() {
    return this.provider.settings;
  }

  private providerClient() {
    return this.provider.get();
  }

  private stateKey(state: string): string {
    return `${this.oidc.stateKeyPrefix}${state}`;
  }

  /** The provider's authorization URL for a fresh sign-in; the browser gets its binding cookie. */
  async startSignIn(response: Response): Promise<string> {
    const client = await this.providerClient();
    const state = generators.state();
    const binding = generators.random();
    const loginState: LoginState = { nonce: generators.nonce(), codeVerifier: generators.codeVerifier(), browser: sha256(binding) };
    response.cookie(OIDC_BROWSER_COOKIE, binding, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.session.cookieSecure,
      path: OIDC_COOKIE_PATH,
      maxAge: LOGIN_STATE_TTL_SECONDS * 1000,
    });
    await this.redis.set(this.stateKey(state), JSON.stringify(loginState), { EX: LOGIN_STATE_TTL_SECONDS });
    return client.authorizationUrl({
      scope: 'openid email profile',
      state,
      nonce: loginState.nonce,
      code_challenge: generators.codeChallenge(loginState.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /** Checks the provider's answer and starts the Masar session; every refusal is a SignInRefusedException with its code. */
  async finishSignIn(request: Request): Promise<User> {
    const oidc = this.oidc;
    const client = await this.providerClient();
    const params = client.callbackParams(request);
    const state = typeof params.state === 'string' ? params.state : '';
    const saved = state ? await this.redis.getDel(this.stateKey(state)) : null;
    if (!saved) throw new SignInRefusedException('sign-in-expired', HttpStatus.UNAUTHORIZED, SIGN_IN_EXPIRED_MESSAGE);
    const loginState = JSON.parse(saved) as LoginState;
    const binding = cookieOf(request, OIDC_BROWSER_COOKIE);
    if (!binding || sha256(binding) !== loginState.browser) {
      throw new SignInRefusedException('other-browser', HttpStatus.UNAUTHORIZED, OTHER_BROWSER_MESSAGE);
    }
    let claims: Record<string, unknown>;
    let idToken: string | undefined;
    try {
      const tokens = await client.callback(oidc.redirectUri, params, {
        state,
        nonce: loginState.nonce,
        code_verifier: loginState.codeVerifier,
      });
      claims = tokens.claims() as Record<string, unknown>;
      idToken = tokens.id_token;
    } catch (error) {
      if (error instanceof errors.OPError) {
        throw new SignInRefusedException('provider-refused', HttpStatus.UNAUTHORIZED, `${PROVIDER_REFUSED_MESSAGE} (${error.error})`, error);
      }
      if (error instanceof errors.RPError) {
        throw new SignInRefusedException('response-unverified', HttpStatus.UNAUTHORIZED, TOKEN_REFUSED_MESSAGE, error);
      }
      throw new SignInRefusedException('provider-unavailable', HttpStatus.SERVICE_UNAVAILABLE, PROVIDER_UNAVAILABLE_MESSAGE, error);
    }
    const result = personFromClaims(claims, oidc);
    if ('refused' in result) throw new SignInRefusedException(result.code, HttpStatus.FORBIDDEN, result.refused);
    const user = await this.identity.ssoSignIn(result.person);
    await this.sessions.start(request, user);
    // Kept for sign-out: the provider's logout takes it as id_token_hint.
    if (idToken) request.session.oidcIdToken = idToken;
    return user;
  }
}
