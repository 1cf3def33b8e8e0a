import { Controller, Get, Header, HttpCode, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiBadRequestResponse, ApiFoundResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiSeeOtherResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/auth.decorators';
import { errorReplyOpenApi } from '../openapi/openapi-schema';
import { SamlService } from './saml.service';
import { SignInFailureFilter } from './sign-in-failure.filter';
import { landingPathOf } from './sign-in-landing';
import { sendSamlPostPage } from './saml-pages';

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
  @Post('slo')
  @ApiOperation({
    summary:
      "Single logout by the HTTP-POST binding: the IdP's signed LogoutRequest (it ends the person's Masar sessions, answered by a posted LogoutResponse) or its signed LogoutResponse to a logout Masar started",
  })
  @ApiOkResponse({ description: "A page that posts the LogoutResponse to the IdP's single logout" })
  @ApiSeeOtherResponse({ description: "After the IdP's LogoutResponse: to the login page" })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'Nothing posted, an unsigned or unverified message, or a response to no logout of Masar' })
  async singleLogoutByPost(@Req() request: Request, @Res() response: Response): Promise<void> {
    const outcome = await this.saml.singleLogoutByPost(request);
    if (typeof outcome === 'string') response.redirect(303, outcome);
    else sendSamlPostPage(request, response, outcome);
  }

  @Public()
  @Get('logout-post/:id')
  @ApiOperation({ summary: "Masar's sign-out continued at an IdP with the HTTP-POST logout only: a page that posts its LogoutRequest there (once)" })
  @ApiOkResponse({ description: "A page that posts the LogoutRequest to the IdP's single logout" })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'An unknown, used or expired sign-out page' })
  async postLogoutRequest(@Param('id') id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    sendSamlPostPage(request, response, await this.saml.postedLogout(id));
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
