import {
  AI_NOTICE_NOT_ACCEPTED_STATUS,
  type GenerateLessonAudioReply,
  generateLessonAudioReplySchema,
  type GenerateLessonAudioRequest,
  generateLessonAudioRequestSchema,
  MAX_NARRATION_CHARACTERS,
  NARRATION_KEY_PATTERN,
  NARRATION_TEXT_TOO_LONG_MESSAGE,
  narrationAudioPath,
  type StartCourseNarrationReply,
  startCourseNarrationReplySchema,
} from '@masar/contracts';
import { BadRequestException, Body, Controller, Get, HttpCode, NotFoundException, Param, PayloadTooLargeException, Post, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiBody,
  ApiCookieAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AiFeature } from '../ai/ai-admission.guard';
import { Roles } from '../auth/auth.decorators';
import { CourseIdPipe } from '../courses/course-id.pipe';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { sendObjectWithRanges } from '../media/ranged-object-response';
import { NarrationClient } from './narration.client';
import { NarrationStore } from './narration.store';

export const NARRATION_NOT_FOUND_MESSAGE = 'Narration not found';
export const NARRATION_BAD_NAME_MESSAGE = 'A narration is named by its 64-character hash followed by .mp3';

/** Checked before the schema, so too much text is a 413 rather than one more 400. */
class NarrationLengthPipe {
  transform(body: unknown): unknown {
    const text = (body as { text?: unknown } | null)?.text;
    if (typeof text === 'string' && text.length > MAX_NARRATION_CHARACTERS) {
      throw new PayloadTooLargeException({ statusCode: 413, message: NARRATION_TEXT_TOO_LONG_MESSAGE });
    }
    return body;
  }
}

/** Lesson narration (spec 001 section 4 "Audio"): made by svc-ai, kept in its object store, served here. */
@ApiTags('narration')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
@Controller('api')
export class NarrationController {
  constructor(
    private readonly narration: NarrationClient,
    private readonly store: NarrationStore,
  ) {}

  // Not behind the gateway's AI admission: svc-ai gates narration itself (feature off 403, notice 428,
  // budget 429), because only it knows whether the audio is already stored, and stored audio costs no
  // model call, so a used-up budget must not refuse it.
  @Post('lessons/generate-audio')
  @HttpCode(200)
  @ApiOperation({ summary: 'Narrate a lesson: its text spoken in its language, kept once per text and voice' })
  @ApiBody({ schema: openApiSchemaOf(generateLessonAudioRequestSchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(generateLessonAudioReplySchema), description: 'Where the MP3 is, and the text that was spoken' })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'Text is required' })
  @ApiPayloadTooLargeResponse({ schema: errorReplyOpenApi, description: NARRATION_TEXT_TOO_LONG_MESSAGE })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Narration is turned off by an admin' })
  @ApiResponse({ status: AI_NOTICE_NOT_ACCEPTED_STATUS, schema: errorReplyOpenApi, description: 'A learner who has not accepted the AI-use notice in force' })
  @ApiResponse({ status: 429, schema: errorReplyOpenApi, description: 'The monthly AI token budget is used up and the audio is not stored yet (the message says when it resets)' })
  @ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-ai, its voice or its store did not answer' })
  async generateAudio(
    @Body(new NarrationLengthPipe(), new ZodValidationPipe(generateLessonAudioRequestSchema)) body: GenerateLessonAudioRequest,
  ): Promise<GenerateLessonAudioReply> {
    const narration = await this.narration.generate(body);
    return { audioUrl: narrationAudioPath(narration.audioKey), textContent: narration.textContent };
  }

  @Post('courses/:id/generate-audio')
  @HttpCode(202)
  @Roles('admin')
  @AiFeature('narration')
  @ApiOperation({ summary: 'Narrate every lesson of a course as an agent task (lessons already narrated for their text are kept)' })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The course id' })
  @ApiAcceptedResponse({
    schema: openApiSchemaOf(startCourseNarrationReplySchema),
    description: 'How many lessons will have audio, and the queued task; follow it at GET /api/ai-agents/tasks/:id',
  })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'External training has no lessons of its own' })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin' })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Course not found (also for an id that is not a UUID)' })
  @ApiUnprocessableEntityResponse({ schema: errorReplyOpenApi, description: 'No lesson of the course has text to narrate' })
  @ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-courses or its queue did not answer' })
  generateCourseAudio(@Param('id', CourseIdPipe) id: string): Promise<StartCourseNarrationReply> {
    return this.narration.startCourseNarration(id);
  }

  @Get('media/narration/:file')
  @ApiOperation({ summary: 'A narration as MP3, with byte ranges so a player can seek' })
  @ApiParam({ name: 'file', description: '<sha256 hex>.mp3' })
  @ApiOkResponse({ description: 'The whole MP3 (audio/mpeg)' })
  @ApiResponse({ status: 206, description: 'The range asked for' })
  @ApiResponse({ status: 416, schema: errorReplyOpenApi, description: 'A range past the end' })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: NARRATION_BAD_NAME_MESSAGE })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: NARRATION_NOT_FOUND_MESSAGE })
  async audio(@Param('file') file: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const key = file.endsWith('.mp3') ? file.slice(0, -'.mp3'.length) : '';
    if (!NARRATION_KEY_PATTERN.test(key)) throw new BadRequestException({ statusCode: 400, message: NARRATION_BAD_NAME_MESSAGE });
    const object = await this.store.openObject(key);
    if (object === null) throw new NotFoundException({ statusCode: 404, message: NARRATION_NOT_FOUND_MESSAGE });
    // The name is the hash of what was spoken and how: what is under it never changes.
    await sendObjectWithRanges(request, response, { ...object, key, mediaType: 'audio/mpeg', what: 'the narration' });
  }
}
