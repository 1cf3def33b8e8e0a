import { EmbedTokenReply, User } from '@masar/contracts';
import { HttpException, HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { errors, jwtVerify, SignJWT } from 'jose';
import { createHmac, randomUUID } from 'node:crypto';
import { SessionLifecycle } from '../auth/session-lifecycle';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { IdentityClient } from '../identity/identity.client';
import { REDIS_CLIENT, RedisClient } from '../redis/redis.module';
import { signedSessionToken } from './embed-session-token';

export const EMBED_TOKEN_ISSUER = 'masar';
export const EMBED_TOKEN_INVALID_MESSAGE = 'The embed token is not valid (malformed or not signed by Masar)';
export const EMBED_TOKEN_EXPIRED_MESSAGE = 'The embed token has expired; ask the host page for a new one';
export const EMBED_TOKEN_REPLAYED_MESSAGE = 'The embed token was already used; each token works once';
export const EMBED_TOKEN_WRONG_AUDIENCE_MESSAGE = 'The embed token was issued for another host';
export const EMBED_ORIGIN_NOT_ALLOWED_MESSAGE = 'This host origin may not embed Masar';
export const EMBED_CLIENT_REVOKED_MESSAGE = 'The embed client that issued this token has been revoked';
export const EMBED_USER_INACTIVE_MESSAGE = 'The account this embed token is for is not active';

function unauthorized(message: string): UnauthorizedException {
  return new UnauthorizedException({ statusCode: 401, message });
}

export interface EmbedSession {
  sessionToken: string;
  user: User;
  /** When an idle session ends (the frame asks for a new token after that). */
  idleTimeoutSeconds: number;
}

/**
 * Embed tokens (issue 18): a suite's server asks for one with its client credentials; the frame
 * trades it, once, for a Masar session bound to the host's origin. HS256 with a key derived from
 * SESSION_SECRET: only this gateway issues and checks these tokens, so a shared key is enough and a
 * deployment has no second secret to manage; the derivation keeps a token from being a session signature.
 */
@Injectable()
export class EmbedTokensService {
  private readonly key: Uint8Array;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    private readonly identity: IdentityClient,
    private readonly sessions: SessionLifecycle,
  ) {
    this.key = createHmac('sha256', config.session.secret).update('masar embed tokens v1').digest();
  }

  isAllowedOrigin(origin: string): boolean {
    return this.config.embed.allowedOrigins.includes(origin);
  }

  async issue(clientId: string, clientSecret: string, userEmail: string, audience: string): Promise<EmbedTokenReply> {
    const { userId } = await this.identity.authorizeEmbedClient({ clientId, clientSecret, userEmail });
    const expiresIn = this.config.embed.tokenTtlSeconds;
    const token = await new SignJWT({ client_id: clientId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(EMBED_TOKEN_ISSUER)
      .setSubject(userId)
      .setAudience(audience)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${expiresIn}s`)
      .sign(this.key);
    return { token, expiresIn };
  }

  /** Checks the token (signature, expiry, audience = the frame's host, unused, client not revoked) and starts the session. */
  async exchange(token: string, hostOrigin: string, request: Request, response: Response): Promise<EmbedSession> {
    if (!this.isAllowedOrigin(hostOrigin)) throw unauthorized(EMBED_ORIGIN_NOT_ALLOWED_MESSAGE);
    const claims = await this.verify(token);
    // Used once, whatever happens next: a stolen token tried against the wrong host is spent too.
    const ttlMs = Math.max(1000, claims.exp * 1000 - Date.now());
    const firstUse = await this.redis.set(`${this.config.embed.keyPrefix}jti:${claims.jti}`, '1', { NX: true, PX: ttlMs });
    if (firstUse === null) throw unauthorized(EMBED_TOKEN_REPLAYED_MESSAGE);
    if (claims.aud !== hostOrigin) throw unauthorized(EMBED_TOKEN_WRONG_AUDIENCE_MESSAGE);
    // masar.js calls from the host's own page: that page's origin must be the host the token is for.
    const callerOrigin = request.headers.origin;
    if (typeof callerOrigin === 'string' && this.isAllowedOrigin(callerOrigin) && callerOrigin !== hostOrigin) {
      throw unauthorized(EMBED_TOKEN_WRONG_AUDIENCE_MESSAGE);
    }
    if (!(await this.identity.isEmbedClientActive(claims.clientId))) throw unauthorized(EMBED_CLIENT_REVOKED_MESSAGE);
    const user = await this.identity.getUser(claims.sub).catch((error: unknown) => {
      if (error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND) throw unauthorized(EMBED_USER_INACTIVE_MESSAGE);
      throw error;
    });
    if (!user.active) throw unauthorized(EMBED_USER_INACTIVE_MESSAGE);
    await this.sessions.start(request, user);
    request.session.embedHostOrigin = hostOrigin;
    const sessionToken = signedSessionToken(request.session.id, this.config.session.secret);
    this.sessions.setPartitionedCookie(response, sessionToken);
    return {
      sessionToken,
      user,
      idleTimeoutSeconds: Math.round(this.config.session.idleTimeoutMs / 1000),
    };
  }

  private async verify(token: string): Promise<{ sub: string; aud: string; jti: string; exp: number; clientId: string }> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: EMBED_TOKEN_ISSUER, algorithms: ['HS256'] });
      const { sub, aud, jti, exp, client_id: clientId } = payload;
      if (typeof sub !== 'string' || typeof aud !== 'string' || typeof jti !== 'string' || typeof exp !== 'number' || typeof clientId !== 'string') {
        throw unauthorized(EMBED_TOKEN_INVALID_MESSAGE);
      }
      return { sub, aud, jti, exp, clientId };
    } catch (error) {
      if (error instanceof UnauthorizedException) throw error;
      if (error instanceof errors.JWTExpired) throw unauthorized(EMBED_TOKEN_EXPIRED_MESSAGE);
      throw unauthorized(EMBED_TOKEN_INVALID_MESSAGE);
    }
  }
}
