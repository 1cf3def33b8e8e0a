import { type CourseSummary, type Language, type LtiRegistration, ltiRegistrationSchema } from '@masar/contracts';
import { Body, Controller, Get, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiForbiddenResponse, ApiFoundResponse, ApiOkResponse, ApiOperation, ApiSeeOtherResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public, Roles } from '../auth/auth.decorators';
import { SessionLifecycle } from '../auth/session-lifecycle';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { cookieOf } from '../security/request-cookie';
import { DEEP_LINKING_REQUEST, LTI_CLAIMS } from './lti-claims';
import { LEARNING_PATH_CHOICE, LtiDeepLinkingService } from './lti-deep-linking.service';
import { entryCookieValue, LTI_ENTRY_COOKIE, LTI_ENTRY_COOKIE_MAX_AGE_MS, LtiLaunchService } from './lti-launch.service';
import { LtiLineItems } from './lti-line-items';
import { escapeHtml, sendServerPage } from '../web/server-page';
import { pageText } from './lti-pages';
import { ToolKey } from './tool-key';

@ApiTags('lti')
@Controller('api/lti')
export class LtiController {
  constructor(
    private readonly launches: LtiLaunchService,
    private readonly deepLinking: LtiDeepLinkingService,
    private readonly lineItems: LtiLineItems,
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
  @ApiOkResponse({ schema: openApiSchemaOf(ltiRegistrationSchema) })
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
    if (launch.messageType === DEEP_LINKING_REQUEST) {
      this.sendPicker(response, launch.user.preferredLanguage, await this.deepLinking.startSelection(launch));
      return;
    }
    const target = this.launches.targetPath(String(launch.claims[LTI_CLAIMS.TARGET_LINK_URI] ?? '/'), origin);
    await this.lineItems.rememberFor(launch, target);
    const code = await this.launches.entryCodeFor(launch.user, target);
    const enterUrl = `${LTI_ENTER_PATH}?code=${encodeURIComponent(code)}`;
    // In an LMS frame our session cookie is a third-party cookie the browser drops: the course opens
    // in its own window, where it is first-party. A top-level launch goes straight in.
    if (request.get('sec-fetch-dest') !== 'iframe') {
      response.cookie(LTI_ENTRY_COOKIE, entryCookieValue(code), {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.config.session.cookieSecure,
        path: LTI_ENTER_PATH,
        maxAge: LTI_ENTRY_COOKIE_MAX_AGE_MS,
      });
      response.redirect(303, enterUrl);
      return;
    }
    const text = pageText(launch.user.preferredLanguage);
    sendServerPage(response, {
      language: launch.user.preferredLanguage,
      title: text.openTitle,
      frameAncestors: this.launches.platformOrigins(),
      body: `<p>${escapeHtml(text.openIntro)}</p><p><a class="button" href="${escapeHtml(enterUrl)}" target="_blank" rel="noopener" data-testid="lti-open">${escapeHtml(text.openButton)}</a></p>`,
    });
  }

  private sendPicker(response: Response, language: Language, picker: { selection: string; courses: CourseSummary[] }): void {
    const text = pageText(language);
    const option = (value: string, label: string, checked: boolean) =>
      `<li><label><input type="radio" name="choice" value="${escapeHtml(value)}"${checked ? ' checked' : ''} required> <span dir="auto">${escapeHtml(label)}</span></label></li>`;
    const courses = picker.courses.map((course, index) => option(`course:${course.id}`, language === 'ar' && course.titleAr ? course.titleAr : course.title, index === 0));
    sendServerPage(response, {
      language,
      title: text.pickTitle,
      frameAncestors: this.launches.platformOrigins(),
      body:
        `<form method="post" action="/api/lti/deep-linking"><input type="hidden" name="selection" value="${escapeHtml(picker.selection)}">` +
        `<p>${escapeHtml(courses.length > 0 ? text.pickIntro : text.pickNone)}</p>` +
        `<ul>${courses.join('')}${option(LEARNING_PATH_CHOICE, text.learningPathOption, courses.length === 0)}</ul>` +
        `<button type="submit">${escapeHtml(text.pickButton)}</button></form>`,
    });
  }

  @Public()
  @Post('deep-linking')
  @ApiOperation({ summary: "Deep Linking: the instructor's choice, answered as a page that posts the signed LtiDeepLinkingResponse back to the LMS" })
  @ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'A used or expired selection' })
  async deepLinkingChoice(@Body() body: Record<string, unknown>, @Req() request: Request, @Res() response: Response): Promise<void> {
    const answer = await this.deepLinking.answer(body, this.toolOrigin(request));
    const text = pageText(answer.language);
    sendServerPage(response, {
      language: answer.language,
      title: text.returnTitle,
      frameAncestors: this.launches.platformOrigins(),
      formTargets: [new URL(answer.returnUrl).origin],
      body:
        `<form method="post" action="${escapeHtml(answer.returnUrl)}" data-auto-submit><input type="hidden" name="JWT" value="${escapeHtml(answer.jwt)}">` +
        `<button type="submit">${escapeHtml(text.returnButton)}</button></form><script src="/api/lti/auto-submit.js"></script>`,
    });
  }

  /** A file, not inline script: the CSP allows scripts from this origin only. */
  @Public()
  @Get('auto-submit.js')
  @ApiOperation({ summary: 'Posts the deep-linking answer page\'s form as soon as it loads' })
  autoSubmitScript(@Res() response: Response): void {
    response.type('application/javascript').send("document.querySelector('form[data-auto-submit]')?.submit();\n");
  }

  @Public()
  @Get('enter')
  @ApiOperation({ summary: "Enters Masar with a launch's one-time code: straight in from the browser that launched, otherwise after a confirmation naming the account" })
  @ApiFoundResponse({ description: 'Signed in; to the course or page the launch named' })
  @ApiOkResponse({ description: 'A page naming whose account the code enters, with a Continue button (POST)' })
  @ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'A used, expired or unknown code' })
  async enter(@Query('code') code: unknown, @Req() request: Request, @Res() response: Response): Promise<void> {
    const launchedHere = typeof code === 'string' && cookieOf(request, LTI_ENTRY_COOKIE) === entryCookieValue(code);
    if (launchedHere) {
      await this.signInWithEntryCode(code, request, response);
      return;
    }
    const { user } = await this.launches.peekEntryCode(code);
    const text = pageText(user.preferredLanguage);
    const who = `${user.firstName} ${user.lastName}`.trim() || user.email;
    sendServerPage(response, {
      language: user.preferredLanguage,
      title: text.confirmTitle,
      frameAncestors: [],
      body:
        `<p>${escapeHtml(text.confirmIntro)}</p><p><strong dir="auto">${escapeHtml(who)}</strong> <span dir="ltr">(${escapeHtml(user.email)})</span></p>` +
        `<form method="post" action="${LTI_ENTER_PATH}"><input type="hidden" name="code" value="${escapeHtml(String(code))}">` +
        `<button type="submit" data-testid="lti-continue">${escapeHtml(text.confirmButton)}</button></form>` +
        `<p>${escapeHtml(text.confirmWarning)}</p>`,
    });
  }

  @Public()
  @Post('enter')
  @ApiOperation({ summary: 'Continue from the confirmation page: uses the one-time code and signs in' })
  @ApiSeeOtherResponse({ description: 'Signed in; to the course or page the launch named' })
  @ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'A used, expired or unknown code' })
  async confirmEnter(@Body() body: Record<string, unknown>, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.signInWithEntryCode(body?.code, request, response, 303);
  }

  private async signInWithEntryCode(code: unknown, request: Request, response: Response, status = 302): Promise<void> {
    const entry = await this.launches.redeemEntryCode(code);
    await this.sessions.start(request, entry.user);
    response.clearCookie(LTI_ENTRY_COOKIE, { path: LTI_ENTER_PATH });
    response.redirect(status, entry.targetPath);
  }
}

/** Where a launch's one-time code is entered (its cookie is scoped here). */
const LTI_ENTER_PATH = '/api/lti/enter';
