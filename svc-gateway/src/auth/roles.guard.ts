import { FORBIDDEN_MESSAGE, UserRole } from '@masar/contracts';
import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { REQUIRED_ROLES } from './auth.decorators';

/** Runs after the session guard: refuses a signed-in user whose role the route does not allow. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<UserRole[] | undefined>(REQUIRED_ROLES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles || roles.length === 0) {
      return true;
    }
    const user = context.switchToHttp().getRequest<Request>().currentUser;
    if (!user || !roles.includes(user.role)) {
      throw new ForbiddenException({ statusCode: 403, message: FORBIDDEN_MESSAGE });
    }
    return true;
  }
}
