import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiForbiddenResponse, ApiFoundResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/auth.decorators';
import { errorReplyOpenApi } from '../openapi/openapi-schema';
import { OidcService } from './oidc.service';

@ApiTags('auth')
@Controller('api/auth/oidc')
export class OidcController {
  constructor(private readonly oidc: OidcService) {}

  @Public()
  @Get('login')
  @ApiOperation({ summary: "Start single sign-on: redirects to the organisation's identity provider" })
  @ApiFoundResponse({ description: 'To the provider, with state, nonce and a PKCE challenge' })
  async login(@Res() response: Response): Promise<void> {
    response.redirect(302, await this.oidc.startSignIn());
  }

  @Public()
  @Get('callback')
  @ApiOperation({ summary: 'Where the identity provider returns: checks its answer, signs the person in, goes home' })
  @ApiFoundResponse({ description: 'Signed in; sets the session cookie and redirects to the portal' })
  @ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Expired or replayed sign-in, or an answer that failed verification' })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Deactivated account, or an email outside the allowed domains' })
  async callback(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.oidc.finishSignIn(request);
    response.redirect(302, '/');
  }
}
