import {
  type GenerateIllustrationRequest,
  generateLessonImageBodySchema,
  type GenerateLessonImageReply,
  generateLessonImageReplySchema,
  LESSON_ILLUSTRATION_MESSAGES,
  lessonIllustrationUrl,
} from '@masar/contracts';
import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { AiFeature } from '../ai/ai-admission.guard';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { LessonIllustrationsClient } from './lesson-illustrations.client';

/** `<sha256 hex>.png`, nothing else: the name is a content hash, never a path. */
const ILLUSTRATION_FILE = /^([0-9a-f]{64})\.png$/;

/** A lesson's illustration (spec 001 "Lesson view" and section 8): made by svc-ai, served here as PNG. */
@ApiTags('lessons')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
@Controller('api')
export class LessonIllustrationsController {
  constructor(private readonly illustrations: LessonIllustrationsClient) {}

  @Post('lessons/generate-image')
  @HttpCode(200)
  @AiFeature('illustration')
  @ApiOperation({ summary: "Illustrate a lesson: its key ideas and how they connect, as a PNG (a diagram offline, an image model's picture with one configured), made once per lesson text" })
  @ApiBody({ schema: openApiSchemaOf(generateLessonImageBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(generateLessonImageReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'A blank title or text, or text that is too long' })
  @ApiUnprocessableEntityResponse({ schema: errorReplyOpenApi, description: LESSON_ILLUSTRATION_MESSAGES.tooLittleText })
  @ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-ai or its model did not answer' })
  async generate(@Body(new ZodValidationPipe(generateLessonImageBodySchema)) body: GenerateIllustrationRequest): Promise<GenerateLessonImageReply> {
    const made = await this.illustrations.generate(body);
    return { imageUrl: lessonIllustrationUrl(made.key) };
  }

  @Get('lesson-illustrations/:file')
  @ApiOperation({ summary: 'A lesson illustration made earlier (PNG)' })
  @ApiParam({ name: 'file', description: '<key>.png, as generate-image answered' })
  @ApiOkResponse({ description: 'The PNG' })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: LESSON_ILLUSTRATION_MESSAGES.badKey })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: LESSON_ILLUSTRATION_MESSAGES.notFound })
  async get(@Param('file') file: string, @Res() response: Response): Promise<void> {
    const key = ILLUSTRATION_FILE.exec(file)?.[1];
    if (key === undefined) throw new BadRequestException({ statusCode: 400, message: LESSON_ILLUSTRATION_MESSAGES.badKey });
    const png = await this.illustrations.png(key);
    // The name is the hash of what made the picture: the bytes under it never change.
    response.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
    response.setHeader('ETag', `"${key}"`);
    response.type('image/png').send(png);
  }
}
