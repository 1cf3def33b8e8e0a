import { Controller, Get, Req, Res, UseFilters } from '@nestjs/common';
import { ApiFoundResponse, ApiOperation, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/auth.decorators';
import { OidcService } from './oidc.service';
import { SignInFailureFilter } from './sign-in-failure.filter';

@ApiTags('auth')
@Controller('api/auth/oidc')
export class OidcController {
  constructor(private readonly oidc: OidcService) {}

  @Public()
  @Get('login')
  @ApiOperation({ summary: "Start single sign-on: redirects to the organisation's identity provider" })
  @ApiFoundResponse({ description: 'To the provider, with state, nonce and a PKCE challenge' })
  @ApiSeeOtherResponse({ description: 'The provider cannot be reached: to /login?signInError=provider-unavailable' })
  @UseFilters(SignInFailureFilter)
  async login(@Res() response: Response): Promise<void> {
    response.redirect(302, await this.oidc.startSignIn(response));
  }

  @Public()
  @Get('callback')
  @ApiOperation({ summary: 'Where the identity provider returns: checks its answer, signs the person in, goes home' })
  @ApiFoundResponse({ description: 'Signed in; sets the session cookie and redirects to the portal' })
  @ApiSeeOtherResponse({ description: 'Not signed in: to /login?signInError=<code> (expired or replayed sign-in, an answer that failed verification, a deactivated account, an email outside the allowed domains)' })
  @UseFilters(SignInFailureFilter)
  async callback(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.oidc.finishSignIn(request);
    response.redirect(302, '/');
  }
}
