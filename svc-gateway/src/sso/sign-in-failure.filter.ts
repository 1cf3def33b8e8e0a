import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Inject, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Logger } from 'pino';
import { LOGGER } from '../logging/logger';
import { loginPageFor, signInErrorCodeOf } from './sign-in-refusal';

/**
 * On the routes a browser follows through a single sign-on (the login link, OIDC's callback, SAML's
 * ACS), a failure is a page the person is looking at, not an API reply: send them to the login page
 * with the reason's code (303, so a POSTed SAML response becomes a GET). The detail goes to the log.
 * Single sign-on that is not configured stays a 404: there is no sign-in to go back to.
 */
@Catch()
export class SignInFailureFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    if (exception instanceof NotFoundException) {
      response.status(exception.getStatus()).json(exception.getResponse());
      return;
    }
    const code = signInErrorCodeOf(exception);
    const cause = exception instanceof HttpException ? exception.cause : undefined;
    const level = code === 'sign-in-failed' ? 'error' : 'warn';
    this.logger[level]({ err: exception, cause, requestId: request.requestId, signInError: code }, 'single sign-on refused');
    if (!response.headersSent) response.redirect(303, loginPageFor(code));
  }
}
