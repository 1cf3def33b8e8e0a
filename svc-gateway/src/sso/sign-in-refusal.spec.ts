import { SSO_ACCOUNT_DEACTIVATED_MESSAGE } from '@masar/contracts';
import { ForbiddenException, HttpStatus, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { loginPageFor, signInErrorCodeOf, SignInRefusedException } from './sign-in-refusal';

describe('signInErrorCodeOf', () => {
  it("keeps a refusal's own code", () => {
    expect(signInErrorCodeOf(new SignInRefusedException('wrong-audience', HttpStatus.UNAUTHORIZED, 'x'))).toBe('wrong-audience');
  });

  it("maps identity's deactivated-account 403 and any 503; everything else is a plain failure", () => {
    expect(signInErrorCodeOf(new ForbiddenException({ statusCode: 403, message: SSO_ACCOUNT_DEACTIVATED_MESSAGE }))).toBe('account-deactivated');
    expect(signInErrorCodeOf(new ForbiddenException({ statusCode: 403, message: 'Something else' }))).toBe('sign-in-failed');
    expect(signInErrorCodeOf(new ServiceUnavailableException())).toBe('provider-unavailable');
    expect(signInErrorCodeOf(new NotFoundException())).toBe('sign-in-failed');
    expect(signInErrorCodeOf(new Error('boom'))).toBe('sign-in-failed');
  });

  it('sends the browser to the login page with the code', () => {
    expect(loginPageFor('replayed')).toBe('/login?signInError=replayed');
  });
});
