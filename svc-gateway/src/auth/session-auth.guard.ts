import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import type { User } from '@masar/contracts';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { IdentityClient } from '../identity/identity.client';
import { setCurrentCaller } from '../logging/request-context';
import { ALLOWED_BEFORE_PASSWORD_CHANGE, IS_PUBLIC } from './auth.decorators';
import { SessionLifecycle } from './session-lifecycle';

export const UNAUTHORIZED_MESSAGE = 'Unauthorized';
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Please change your password before continuing';

/**
 * Global guard: a route needs a session unless it is @Public(). The session only holds the
 * user id, so the user is read from identity, or taken from a read at most SESSION_USER_CACHE_MS
 * (5 s) ago: a role change, deactivation or password reset made through Masar forgets the person's
 * user at once (IdentityClient), so it takes effect on their next request; one made around the
 * gateway shows within those seconds. Signing out deletes the session from Redis, which every
 * request reads, so a signed-out cookie is refused at once. A session whose user no longer exists or was
 * deactivated is ended (401). A person who must change their password reaches only the routes
 * marked @AllowedBeforePasswordChange() until they have (403).
 */
@Injectable()
export class SessionAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly identity: IdentityClient,
    private readonly sessions: SessionLifecycle,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) {
      return true;
    }
    const request = context.switchToHttp().getRequest<Request>();
    const userId = request.user?.id;
    if (!userId) {
      throw new UnauthorizedException({ statusCode: 401, message: UNAUTHORIZED_MESSAGE });
    }
    let user: User;
    try {
      user = await this.identity.signedInUser(userId);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND) {
        await this.endSession(context, request);
      }
      throw error;
    }
    if (!user.active) {
      this.identity.forgetUser(userId);
      await this.endSession(context, request);
    }
    request.currentUser = user;
    setCurrentCaller(user);
    const allowedBeforePasswordChange = this.reflector.getAllAndOverride<boolean>(ALLOWED_BEFORE_PASSWORD_CHANGE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (user.mustChangePassword && !allowedBeforePasswordChange) {
      throw new ForbiddenException({ statusCode: 403, message: PASSWORD_CHANGE_REQUIRED_MESSAGE });
    }
    return true;
  }

  /** Deletes the session and its cookie, then answers 401 as for any signed-out browser. */
  private async endSession(context: ExecutionContext, request: Request): Promise<never> {
    await this.sessions.end(request, context.switchToHttp().getResponse<Response>());
    throw new UnauthorizedException({ statusCode: 401, message: UNAUTHORIZED_MESSAGE });
  }
}
