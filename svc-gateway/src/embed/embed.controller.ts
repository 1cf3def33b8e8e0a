import {
  EmbedSessionRequest,
  embedSessionRequestSchema,
  EmbedTokenReply,
  EmbedTokenRequest,
  embedTokenReplySchema,
  embedTokenRequestSchema,
  userSchema,
} from '@masar/contracts';
import { BadRequestException, Body, Controller, Headers, HttpCode, HttpException, HttpStatus, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { Public } from '../auth/auth.decorators';
import { LoginRateLimiter } from '../auth/login-rate-limiter';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { basicCredentials } from './basic-credentials';
import { EMBED_ORIGIN_NOT_ALLOWED_MESSAGE, EmbedSession, EmbedTokensService } from './embed-tokens.service';

export const EMBED_CREDENTIALS_MISSING_MESSAGE = 'Send the embed client id and secret with HTTP Basic authentication';

@ApiTags('embed')
@Controller('api/embed')
export class EmbedController {
  constructor(
    private readonly embedTokens: EmbedTokensService,
    private readonly rateLimiter: LoginRateLimiter,
  ) {}

  /** Server to server: a suite's backend, never a browser (the secret must not reach a page). */
  @Public()
  @Post('tokens')
  @HttpCode(200)
  @ApiBasicAuth()
  @ApiOperation({ summary: 'An embed token for one person and one host origin (one-time, at most 5 minutes)' })
  @ApiBody({ schema: openApiSchemaOf(embedTokenRequestSchema) })
  @ApiOkResponse({ schema: openApiSchemaOf(embedTokenReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'Bad body, or an audience that may not embed Masar' })
  @ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Missing, wrong or revoked client credentials' })
  @ApiTooManyRequestsResponse({ schema: errorReplyOpenApi, description: 'Too many wrong credentials from this client id or address; wait for the window to end' })
  async issueToken(
    @Req() request: Request,
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) response: Response,
    @Body(new ZodValidationPipe(embedTokenRequestSchema)) body: EmbedTokenRequest,
  ): Promise<EmbedTokenReply> {
    const credentials = basicCredentials(authorization);
    if (!credentials) {
      response.setHeader('WWW-Authenticate', 'Basic realm="Masar embed", charset="UTF-8"');
      throw new UnauthorizedException({ statusCode: 401, message: EMBED_CREDENTIALS_MISSING_MESSAGE });
    }
    if (!this.embedTokens.isAllowedOrigin(body.audience)) {
      throw new BadRequestException({ statusCode: 400, message: `audience: ${EMBED_ORIGIN_NOT_ALLOWED_MESSAGE} (see EMBED_ALLOWED_ORIGINS)` });
    }
    const address = request.ip ?? 'unknown';
    await this.rateLimiter.refuseLockedOutEmbedClient(credentials.id, address);
    try {
      return await this.embedTokens.issue(credentials.id, credentials.secret, body.userEmail, body.audience);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === HttpStatus.UNAUTHORIZED) await this.rateLimiter.countFailedEmbedClient(credentials.id, address);
      throw error;
    }
  }

  /** The frame trades the token its host passed it (postMessage) for a session it keeps in memory. */
  @Public()
  @Post('session')
  @HttpCode(200)
  @ApiOperation({ summary: 'Exchange an embed token for a session token (header X-Masar-Session) and a partitioned cookie over HTTPS' })
  @ApiBody({ schema: openApiSchemaOf(embedSessionRequestSchema) })
  @ApiOkResponse({
    schema: openApiSchemaOf(z.object({ sessionToken: z.string(), user: userSchema, idleTimeoutSeconds: z.number() })),
  })
  @ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Forged, expired, replayed or wrong-audience token, or a revoked client' })
  exchange(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @Body(new ZodValidationPipe(embedSessionRequestSchema)) body: EmbedSessionRequest,
  ): Promise<EmbedSession> {
    return this.embedTokens.exchange(body.token, body.hostOrigin, request, response);
  }
}
