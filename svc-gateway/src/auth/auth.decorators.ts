import { UserRole } from '@masar/contracts';
import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';

export const IS_PUBLIC = 'masar:isPublic';
export const ALLOWED_BEFORE_PASSWORD_CHANGE = 'masar:allowedBeforePasswordChange';
export const REQUIRED_ROLES = 'masar:requiredRoles';

/** Every route needs a signed-in user unless it says otherwise with this. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/**
 * A person who must change their password may call only routes marked with this (reading who they
 * are, changing the password); everything else answers 403 until they have.
 */
export const AllowedBeforePasswordChange = () => SetMetadata(ALLOWED_BEFORE_PASSWORD_CHANGE, true);

/** Only these roles may call the route; others get 403. */
export const Roles = (...roles: UserRole[]) => SetMetadata(REQUIRED_ROLES, roles);

/** The signed-in user as identity knows them now (set by the session guard). */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<Request>();
  return request.currentUser;
});
