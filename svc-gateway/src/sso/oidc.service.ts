import { User } from '@masar/contracts';
import { ForbiddenException, Inject, Injectable, NotFoundException, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { BaseClient, errors, generators, Issuer } from 'openid-client';
import { SessionLifecycle } from '../auth/session-lifecycle';
import { GATEWAY_CONFIG, GatewayConfig, OidcConfig } from '../config';
import { IdentityClient } from '../identity/identity.client';
import { REDIS_CLIENT, RedisClient } from '../redis/redis.module';
import { personFromClaims } from './oidc-claims';

/** How long a started sign-in may take at the provider before its state is forgotten. */
const LOGIN_STATE_TTL_SECONDS = 600;

export const SSO_NOT_CONFIGURED_MESSAGE = 'Single sign-on is not configured for this Masar';
export const SIGN_IN_EXPIRED_MESSAGE = 'This sign-in has expired or was already used. Start again from the sign-in page.';
export const PROVIDER_UNAVAILABLE_MESSAGE = 'Your identity provider cannot be reached right now; please try again in a moment';
export const PROVIDER_REFUSED_MESSAGE = 'Your identity provider did not sign you in';
export const TOKEN_REFUSED_MESSAGE = "Your identity provider's answer could not be verified, so you were not signed in";

interface LoginState {
  nonce: string;
  codeVerifier: string;
}

/**
 * OpenID Connect sign-in (authorization code with PKCE). State, nonce and code_verifier stay in
 * Redis under the state, read once; openid-client checks the id_token (signature with the
 * provider's JWKS, expected alg so `none` is refused, issuer, audience, nonce, expiry).
 */
@Injectable()
export class OidcService {
  private client: Promise<BaseClient> | undefined;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly identity: IdentityClient,
    private readonly sessions: SessionLifecycle,
  ) {}

  private get oidc(): OidcConfig {
    if (!this.config.oidc) throw new NotFoundException({ statusCode: 404, message: SSO_NOT_CONFIGURED_MESSAGE });
    return this.config.oidc;
  }

  /** Discovery on first use, kept; a failed discovery is retried on the next sign-in. */
  private providerClient(): Promise<BaseClient> {
    const oidc = this.oidc;
    this.client ??= Issuer.discover(oidc.issuer).then(
      (issuer) =>
        new issuer.Client({
          client_id: oidc.clientId,
          ...(oidc.clientSecret ? { client_secret: oidc.clientSecret } : { token_endpoint_auth_method: 'none' }),
          redirect_uris: [oidc.redirectUri],
          response_types: ['code'],
          id_token_signed_response_alg: 'RS256',
        }),
    );
    return this.client.catch((error: unknown) => {
      this.client = undefined;
      throw new ServiceUnavailableException({ statusCode: 503, message: PROVIDER_UNAVAILABLE_MESSAGE }, { cause: error });
    });
  }

  private stateKey(state: string): string {
    return `${this.oidc.stateKeyPrefix}${state}`;
  }

  /** The provider's authorization URL for a fresh sign-in. */
  async startSignIn(): Promise<string> {
    const client = await this.providerClient();
    const state = generators.state();
    const loginState: LoginState = { nonce: generators.nonce(), codeVerifier: generators.codeVerifier() };
    await this.redis.set(this.stateKey(state), JSON.stringify(loginState), { EX: LOGIN_STATE_TTL_SECONDS });
    return client.authorizationUrl({
      scope: 'openid email profile',
      state,
      nonce: loginState.nonce,
      code_challenge: generators.codeChallenge(loginState.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /** Checks the provider's answer and starts the Masar session; every refusal is a 4xx with a message. */
  async finishSignIn(request: Request): Promise<User> {
    const oidc = this.oidc;
    const client = await this.providerClient();
    const params = client.callbackParams(request);
    const state = typeof params.state === 'string' ? params.state : '';
    const saved = state ? await this.redis.getDel(this.stateKey(state)) : null;
    if (!saved) throw new UnauthorizedException({ statusCode: 401, message: SIGN_IN_EXPIRED_MESSAGE });
    const loginState = JSON.parse(saved) as LoginState;
    let claims: Record<string, unknown>;
    try {
      const tokens = await client.callback(oidc.redirectUri, params, {
        state,
        nonce: loginState.nonce,
        code_verifier: loginState.codeVerifier,
      });
      claims = tokens.claims() as Record<string, unknown>;
    } catch (error) {
      if (error instanceof errors.OPError) {
        throw new UnauthorizedException({ statusCode: 401, message: `${PROVIDER_REFUSED_MESSAGE} (${error.error})` }, { cause: error });
      }
      if (error instanceof errors.RPError) {
        throw new UnauthorizedException({ statusCode: 401, message: TOKEN_REFUSED_MESSAGE }, { cause: error });
      }
      throw new ServiceUnavailableException({ statusCode: 503, message: PROVIDER_UNAVAILABLE_MESSAGE }, { cause: error });
    }
    const result = personFromClaims(claims, oidc);
    if ('refused' in result) throw new ForbiddenException({ statusCode: 403, message: result.refused });
    const user = await this.identity.ssoSignIn(result.person);
    await this.sessions.start(request, user);
    return user;
  }
}
