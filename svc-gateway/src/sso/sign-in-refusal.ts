import { SIGN_IN_ERROR_PARAMETER, SignInErrorCode, SSO_ACCOUNT_DEACTIVATED_MESSAGE } from '@masar/contracts';
import { HttpException, HttpStatus } from '@nestjs/common';
import { messageOf } from '../errors/http-error.filter';

/** A single sign-on that did not sign the person in, with the code the login page shows a message for. */
export class SignInRefusedException extends HttpException {
  constructor(
    readonly code: SignInErrorCode,
    status: HttpStatus.UNAUTHORIZED | HttpStatus.FORBIDDEN | HttpStatus.SERVICE_UNAVAILABLE,
    message: string,
    cause?: unknown,
  ) {
    super({ statusCode: status, message }, status, { cause });
  }
}

/** The code for any error a sign-in callback ends with: identity's 403 for a deactivated person, a 503, or anything else. */
export function signInErrorCodeOf(error: unknown): SignInErrorCode {
  if (error instanceof SignInRefusedException) return error.code;
  if (error instanceof HttpException) {
    if (error.getStatus() === HttpStatus.FORBIDDEN && messageOf(error) === SSO_ACCOUNT_DEACTIVATED_MESSAGE) return 'account-deactivated';
    if (error.getStatus() === HttpStatus.SERVICE_UNAVAILABLE) return 'provider-unavailable';
  }
  return 'sign-in-failed';
}

/** Where a browser whose sign-in failed is sent: the login page, which shows the code's message. */
export function loginPageFor(code: SignInErrorCode): string {
  return `/login?${new URLSearchParams({ [SIGN_IN_ERROR_PARAMETER]: code }).toString()}`;
}
