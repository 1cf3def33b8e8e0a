import { Controller, Get, Header, HttpCode, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiBadRequestResponse, ApiFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/auth.decorators';
import { errorReplyOpenApi } from '../openapi/openapi-schema';
import { SamlService } from './saml.service';
import { SignInFailureFilter } from './sign-in-failure.filter';
import { landingPathOf } from './sign-in-landing';

/** The paths an IdP administrator registers (README "Single sign-on"). */
export const SAML_LOGIN_PATH = '/api/auth/saml/login';
export const SAML_ACS_PATH = '/api/auth/saml/acs';

@ApiTags('auth')
@Controller('api/auth/saml')
export class SamlController {
  constructor(private readonly saml: SamlService) {}

  @Public()
  @Get('login')
  @ApiOperation({ summary: "Start SAML single sign-on: redirects to the organisation's identity provider with an AuthnRequest" })
  @ApiFoundResponse({ description: 'To the identity provider (HTTP-Redirect binding)' })
  @UseFilters(SignInFailureFilter)
  async login(@Res() response: Response): Promise<void> {
    response.redirect(302, await this.saml.startSignIn());
  }

  @Public()
  @Post('acs')
  @HttpCode(303)
  @ApiOperation({ summary: "Assertion Consumer Service: the identity provider's browser form post (HTTP-POST binding) with the SAML response" })
  @ApiSeeOtherResponse({
    description:
      'Signed in: sets the session cookie and goes to the portal (or to RelayState when it is a path on Masar). Refused: to /login?signInError=<code> (wrong audience or recipient, expired, bad signature, unsigned, replayed, email domain, deactivated, IdP-initiated while switched off)',
  })
  @UseFilters(SignInFailureFilter)
  async assertionConsumerService(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.saml.finishSignIn(request);
    // An IdP-initiated sign-in may name the page to open (RelayState): a path on Masar only.
    response.redirect(303, landingPathOf((request.body as Record<string, unknown> | undefined)?.RelayState));
  }

  @Public()
  @Get('slo')
  @ApiOperation({ summary: "Single logout started at the identity provider: its signed LogoutRequest (HTTP-Redirect) ends the person's Masar sessions" })
  @ApiFoundResponse({ description: "Back to the identity provider's logout with a LogoutResponse" })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'An unsigned logout request, or one that does not verify against the IdP' })
  async singleLogout(@Req() request: Request, @Res() response: Response): Promise<void> {
    response.redirect(302, await this.saml.logoutFromIdentityProvider(request));
  }

  @Public()
  @Get('metadata')
  @Header('Content-Type', 'application/samlmetadata+xml; charset=utf-8')
  @ApiOperation({ summary: "Masar's SAML service provider metadata (entity id, ACS URL), for the identity provider's administrator" })
  @ApiProduces('application/samlmetadata+xml')
  @ApiOkResponse({ description: 'SP metadata XML' })
  metadata(): string {
    return this.saml.metadata();
  }
}
