import {
  type CourseReply,
  courseReplySchema,
  detectVideoMediaType,
  lessonVideoFileName,
  type SetLessonVideoLinkBody,
  setLessonVideoLinkBodySchema,
  UPLOADED_VIDEO_MISSING_MESSAGE,
  VIDEO_FILE_REQUIRED_MESSAGE,
  VIDEO_FILE_TYPE_MESSAGE,
  VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE,
} from '@masar/contracts';
import { Body, Controller, Delete, Get, HttpCode, NotFoundException, Param, Post, Put, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { Roles } from '../auth/auth.decorators';
import { EditedLessonIdPipe } from '../course-editing/lesson-id.pipe';
import { CourseIdPipe } from '../courses/course-id.pipe';
import { unsupportedMediaType } from '../courses/uploads/course-material-uploads';
import { sendObjectWithRanges } from '../media/ranged-object-response';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { badRequest } from '../uploads/multipart-errors';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { LESSON_VIDEO_FIELD, LessonVideoUploadInterceptor } from './lesson-video-upload.interceptor';
import { LessonVideoClient } from './lesson-video.client';
import { LessonVideoStore } from './lesson-video.store';

export const LESSON_VIDEO_NOT_FOUND_MESSAGE = 'Video not found';

const LESSON_ROUTE = ':id/lessons/:lessonId/video';

/** A video lesson's video (issue 14): admins set a link or upload a file; everyone signed in plays uploads by their hash. */
@ApiTags('courses')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
@ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-courses or the video store did not answer' })
@Controller('api')
export class LessonVideoController {
  constructor(
    private readonly videos: LessonVideoClient,
    private readonly store: LessonVideoStore,
  ) {}

  @Put(`courses/${LESSON_ROUTE}`)
  @Roles('admin')
  @ApiOperation({ summary: "Set a video lesson's video to a YouTube, Vimeo or https file link (admins only)" })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The course id' })
  @ApiParam({ name: 'lessonId', format: 'uuid', description: 'One of the course’s video lessons' })
  @ApiBody({ schema: { type: 'object', required: ['url'], properties: { url: { type: 'string', example: 'https://youtu.be/dQw4w9WgXcQ' } } } })
  @ApiOkResponse({ schema: openApiSchemaOf(courseReplySchema), description: 'The course, the lesson holding the canonical link' })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'A link that is not https, not YouTube, Vimeo or a video file, or names no video' })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin' })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Course not found, or Lesson not found' })
  @ApiConflictResponse({ schema: errorReplyOpenApi, description: VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE })
  async setLink(
    @Param('id', CourseIdPipe) courseId: string,
    @Param('lessonId', EditedLessonIdPipe) lessonId: string,
    @Body(new ZodValidationPipe(setLessonVideoLinkBodySchema)) body: SetLessonVideoLinkBody,
  ): Promise<CourseReply> {
    return { course: await this.videos.setVideo({ courseId, lessonId, video: body.url }) };
  }

  @Post(`courses/${LESSON_ROUTE}`)
  @HttpCode(200)
  @Roles('admin')
  @UseInterceptors(LessonVideoUploadInterceptor)
  @ApiOperation({ summary: "Upload a video lesson's video: MP4, WebM or Ogg, read from its bytes (admins only)" })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The course id' })
  @ApiParam({ name: 'lessonId', format: 'uuid', description: 'One of the course’s video lessons' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: [LESSON_VIDEO_FIELD], properties: { [LESSON_VIDEO_FIELD]: { type: 'string', format: 'binary' } } } })
  @ApiOkResponse({ schema: openApiSchemaOf(courseReplySchema), description: 'The course, the lesson holding the upload' })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: `${VIDEO_FILE_REQUIRED_MESSAGE}; ${UPLOADED_VIDEO_MISSING_MESSAGE}` })
  @ApiPayloadTooLargeResponse({ schema: errorReplyOpenApi, description: 'File is too large (max 100 MB by default, MAX_LESSON_VIDEO_BYTES)' })
  @ApiUnsupportedMediaTypeResponse({ schema: errorReplyOpenApi, description: VIDEO_FILE_TYPE_MESSAGE })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin' })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Course not found, or Lesson not found' })
  @ApiConflictResponse({ schema: errorReplyOpenApi, description: VIDEO_ONLY_FOR_VIDEO_LESSONS_MESSAGE })
  async upload(
    @Param('id', CourseIdPipe) courseId: string,
    @Param('lessonId', EditedLessonIdPipe) lessonId: string,
    @UploadedFile() file: Express.Multer.File | undefined,
  ): Promise<CourseReply> {
    if (!file || file.size === 0) throw badRequest(VIDEO_FILE_REQUIRED_MESSAGE);
    // What the bytes are, not what the name or the browser claim.
    const mediaType = detectVideoMediaType(file.buffer);
    if (mediaType === undefined) throw unsupportedMediaType(VIDEO_FILE_TYPE_MESSAGE);
    // Named by its hash: the same file is kept once, and nobody can guess another video's address.
    const key = createHash('sha256').update(file.buffer).digest('hex');
    await this.store.put(key, file.buffer);
    // svc-courses deletes the file again if the lesson refuses it (and no other lesson shows it).
    return { course: await this.videos.setVideo({ courseId, lessonId, video: { kind: 'upload', key, mediaType, bytes: file.size } }) };
  }

  @Delete(`courses/${LESSON_ROUTE}`)
  @Roles('admin')
  @ApiOperation({ summary: "Remove a lesson's video; an uploaded file no other lesson shows is deleted (admins only)" })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The course id' })
  @ApiParam({ name: 'lessonId', format: 'uuid', description: 'One of the course’s lessons' })
  @ApiOkResponse({ schema: openApiSchemaOf(courseReplySchema), description: 'The course, the lesson without a video' })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin' })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Course not found, or Lesson not found' })
  async remove(@Param('id', CourseIdPipe) courseId: string, @Param('lessonId', EditedLessonIdPipe) lessonId: string): Promise<CourseReply> {
    return { course: await this.videos.setVideo({ courseId, lessonId, video: null }) };
  }

  @Get('media/lesson-videos/:file')
  @ApiOperation({ summary: 'An uploaded lesson video, with byte ranges so the player can seek' })
  @ApiParam({ name: 'file', description: '<sha256 hex>.mp4, .webm or .ogv' })
  @ApiOkResponse({ description: 'The whole video' })
  @ApiResponse({ status: 206, description: 'The range asked for' })
  @ApiResponse({ status: 416, schema: errorReplyOpenApi, description: 'A range past the end' })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: LESSON_VIDEO_NOT_FOUND_MESSAGE })
  async play(@Param('file') file: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const named = lessonVideoFileName(file);
    const object = named ? await this.store.openObject(named.key) : null;
    if (!named || object === null) throw new NotFoundException({ statusCode: 404, message: LESSON_VIDEO_NOT_FOUND_MESSAGE });
    await sendObjectWithRanges(request, response, { ...object, key: named.key, mediaType: named.mediaType, what: 'the video' });
  }
}
