import { Body, Controller, Get, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiForbiddenResponse, ApiFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public, Roles } from '../auth/auth.decorators';
import { SessionLifecycle } from '../auth/session-lifecycle';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { errorReplyOpenApi } from '../openapi/openapi-schema';
import { LTI_CLAIMS } from './lti-claims';
import { LtiLaunchService } from './lti-launch.service';
import { escapeHtml, pageText, sendLtiPage } from './lti-pages';
import { ToolKey } from './tool-key';

/** What an LMS administrator pastes into the LMS to register Masar as a tool. */
export interface LtiRegistration {
  loginUrl: string;
  launchUrl: string;
  jwksUrl: string;
  deepLinkingUrl: string;
  platforms: Array<{ name: string | null; issuer: string; clientId: string; deploymentIds: string[] }>;
}

@ApiTags('lti')
@Controller('api/lti')
export class LtiController {
  constructor(
    private readonly launches: LtiLaunchService,
    private readonly toolKey: ToolKey,
    private readonly sessions: SessionLifecycle,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Our own origin as the LMS reaches it (PUBLIC_ORIGIN behind a proxy). */
  private toolOrigin(request: Request): string {
    return this.config.publicOrigin ?? `${request.protocol}://${request.get('host')}`;
  }

  @Public()
  @Get('jwks')
  @ApiOperation({ summary: "The tool's public key set: platforms verify Masar's deep-linking responses and grade-service requests with it" })
  async jwks(): Promise<{ keys: unknown[] }> {
    return { keys: [await this.toolKey.jwk()] };
  }

  @Roles('admin')
  @Get('registration')
  @ApiOperation({ summary: 'The URLs an LMS administrator pastes to register Masar as an LTI 1.3 tool, and the registered platforms' })
  @ApiOkResponse({ description: 'Login initiation, launch (redirect), JWKS and deep-linking URLs' })
  registration(@Req() request: Request): LtiRegistration {
    const origin = this.toolOrigin(request);
    return {
      loginUrl: `${origin}/api/lti/login`,
      launchUrl: `${origin}/api/lti/launch`,
      jwksUrl: `${origin}/api/lti/jwks`,
      // LTI sends deep-linking requests to the same redirect URL; the message type tells them apart.
      deepLinkingUrl: `${origin}/api/lti/launch`,
      platforms: this.launches.platforms.map((platform) => ({
        name: platform.name ?? null,
        issuer: platform.issuer,
        clientId: platform.clientId,
        deploymentIds: platform.deploymentIds,
      })),
    };
  }

  @Public()
  @Get('login')
  @ApiOperation({ summary: 'LTI 1.3 third-party-initiated login (query parameters): redirects to the LMS with state and nonce' })
  @ApiFoundResponse({ description: "To the platform's authorization endpoint" })
  async loginByQuery(@Query() query: Record<string, unknown>, @Req() request: Request, @Res() response: Response): Promise<void> {
    response.redirect(302, await this.launches.startLogin(query, this.toolOrigin(request)));
  }

  @Public()
  @Post('login')
  @ApiOperation({ summary: 'LTI 1.3 third-party-initiated login (form post)' })
  @ApiFoundResponse({ description: "To the platform's authorization endpoint" })
  async loginByForm(@Body() body: Record<string, unknown>, @Req() request: Request, @Res() response: Response): Promise<void> {
    response.redirect(302, await this.launches.startLogin(body, this.toolOrigin(request)));
  }

  @Public()
  @Post('launch')
  @ApiOperation({ summary: 'LTI 1.3 launch: the LMS posts a signed id_token; Masar signs the person in and opens the target' })
  @ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Unknown or used state, replayed nonce, bad signature, wrong audience, expired token' })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Unknown deployment, no email shared, deactivated person' })
  async launch(@Body() body: Record<string, unknown>, @Req() request: Request, @Res() response: Response): Promise<void> {
    const launch = await this.launches.verifyLaunch(body);
    const origin = this.toolOrigin(request);
    const target = this.launches.targetPath(String(launch.claims[LTI_CLAIMS.TARGET_LINK_URI] ?? '/'), origin);
    const code = await this.launches.entryCodeFor(launch.user, target);
    const enterUrl = `/api/lti/enter?code=${encodeURIComponent(code)}`;
    // In an LMS frame our session cookie is a third-party cookie the browser drops: the course opens
    // in its own window, where it is first-party. A top-level launch goes straight in.
    if (request.get('sec-fetch-dest') !== 'iframe') {
      response.redirect(303, enterUrl);
      return;
    }
    const text = pageText(launch.user.preferredLanguage);
    sendLtiPage(response, {
      language: launch.user.preferredLanguage,
      title: text.openTitle,
      frameAncestors: this.launches.platformOrigins(),
      body: `<p>${escapeHtml(text.openIntro)}</p><p><a class="button" href="${escapeHtml(enterUrl)}" target="_blank" rel="noopener" data-testid="lti-open">${escapeHtml(text.openButton)}</a></p>`,
    });
  }

  @Public()
  @Get('enter')
  @ApiOperation({ summary: "Exchanges a launch's one-time code for a Masar session on Masar's own origin, then opens the target" })
  @ApiFoundResponse({ description: 'Signed in; to the course or page the launch named' })
  @ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'A used, expired or unknown code' })
  async enter(@Query('code') code: unknown, @Req() request: Request, @Res() response: Response): Promise<void> {
    const entry = await this.launches.redeemEntryCode(code);
    await this.sessions.start(request, entry.user);
    response.redirect(302, entry.targetPath);
  }
}
