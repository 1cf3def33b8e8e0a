import { ChangePasswordRequest, LoginRequest, UpdateProfileRequest, User } from '@masar/contracts';
import { ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import passport from 'passport';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { IdentityClient } from '../identity/identity.client';
import { OidcProviderClient } from '../sso/oidc-provider-client';
import { SamlProviderClient } from '../sso/saml-provider-client';
import { LoginRateLimiter } from './login-rate-limiter';
import { SessionLifecycle } from './session-lifecycle';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';
export const LOCAL_PASSWORDS_OFF_MESSAGE = 'Signing in with a Masar password is switched off here; use your organisation\'s single sign-on';

@Injectable()
export class AuthService {
  constructor(
    private readonly identity: IdentityClient,
    private readonly rateLimiter: LoginRateLimiter,
    private readonly sessions: SessionLifecycle,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly oidcProvider: OidcProviderClient,
    private readonly samlProvider: SamlProviderClient,
  ) {}

  /** With LOCAL_PASSWORDS_ENABLED=false only single sign-on starts a session. */
  private requireLocalPasswords(): void {
    if (!this.config.localPasswordsEnabled) throw new ForbiddenException({ statusCode: 403, message: LOCAL_PASSWORDS_OFF_MESSAGE });
  }

  /**
   * The body is already valid. Order matters: count the attempt, then check the password
   * (the local strategy asks identity), then start a fresh session.
   */
  async signIn(request: Request, response: Response, credentials: LoginRequest): Promise<User> {
    this.requireLocalPasswords();
    await this.rateLimiter.reserveAttempt(credentials.username, request.ip ?? 'unknown');
    const user = await this.authenticateWithLocalStrategy(request, response);
    await this.rateLimiter.releaseSuccessfulAttempt(credentials.username);
    await this.sessions.start(request, user);
    return user;
  }

  async signInAsDemo(request: Request): Promise<User> {
    this.requireLocalPasswords();
    const user = await this.identity.getDemoUser();
    await this.sessions.start(request, user);
    return user;
  }

  /** Ends the Masar session; after a single sign-on, also says where the provider's logout is (if it has one). */
  async signOut(request: Request, response: Response): Promise<{ providerLogoutUrl?: string }> {
    const idToken = request.session?.oidcIdToken;
    const samlSubject = request.session?.samlSubject;
    await this.sessions.end(request, response);
    let providerLogoutUrl: string | undefined;
    if (idToken) providerLogoutUrl = await this.oidcProvider.logoutUrl(idToken);
    else if (samlSubject) providerLogoutUrl = await this.samlProvider.logoutUrl(samlSubject);
    return providerLogoutUrl ? { providerLogoutUrl } : {};
  }

  /** The id comes from the session, never from the body: nobody edits someone else. */
  updateProfile(user: User, changes: UpdateProfileRequest): Promise<User> {
    return this.identity.updateProfile(user.id, changes);
  }

  /**
   * Changes the signed-in person's own password. Guessing the current password through here counts
   * against the same per-account and per-address limits as signing in. On success the session gets a
   * new id (its 12-hour limit still counts from the sign-in).
   */
  async changePassword(request: Request, user: User, change: ChangePasswordRequest): Promise<User> {
    await this.rateLimiter.reserveAttempt(user.username, request.ip ?? 'unknown');
    const updated = await this.identity.changePassword(user.id, change);
    await this.rateLimiter.releaseSuccessfulAttempt(user.username);
    const signedInAt = request.session.signedInAt;
    await this.sessions.start(request, updated);
    if (signedInAt !== undefined) request.session.signedInAt = signedInAt;
    return updated;
  }

  /** Runs passport's `local` strategy without letting it write the response or the session. */
  private authenticateWithLocalStrategy(request: Request, response: Response): Promise<User> {
    return new Promise<User>((resolve, reject) => {
      const authenticate = passport.authenticate('local', { session: false }, (error: unknown, user: User | false) => {
        if (error) {
          reject(error);
        } else if (!user) {
          reject(new UnauthorizedException({ statusCode: 401, message: INVALID_CREDENTIALS_MESSAGE }));
        } else {
          resolve(user);
        }
      }) as (request: Request, response: Response, next: (error?: unknown) => void) => void;
      authenticate(request, response, reject);
    });
  }
}
