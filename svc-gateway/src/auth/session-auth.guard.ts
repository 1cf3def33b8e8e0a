import { CanActivate, ExecutionContext, HttpException, HttpStatus, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { IdentityClient } from '../identity/identity.client';
import { setCurrentCaller } from '../logging/request-context';
import { IS_PUBLIC } from './auth.decorators';
import { SessionLifecycle } from './session-lifecycle';

export const UNAUTHORIZED_MESSAGE = 'Unauthorized';

/**
 * Global guard: a route needs a session unless it is @Public(). The session only holds the
 * user id, so the user is read from identity on every request: a changed role or a deleted
 * account takes effect at once. A session whose user no longer exists is ended.
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
    try {
      request.currentUser = await this.identity.getUser(userId);
      setCurrentCaller(request.currentUser);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND) {
        await this.sessions.end(request, context.switchToHttp().getResponse<Response>());
        throw new UnauthorizedException({ statusCode: 401, message: UNAUTHORIZED_MESSAGE });
      }
      throw error;
    }
    return true;
  }
}
