import {
  COURSE_IMAGE_TYPE_MESSAGE,
  detectImageMediaType,
  NO_COURSE_IMAGE_MESSAGE,
  UploadCourseImageReply,
  uploadCourseImageReplySchema,
} from '@masar/contracts';
import { Controller, Get, HttpCode, NotFoundException, Param, Post, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import { Roles } from '../auth/auth.decorators';
import { errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { badRequest } from '../uploads/multipart-errors';
import { COURSE_FILE_FIELDS, CourseFilesInterceptor, ReceivedCourseFiles } from './uploads/course-files.interceptor';
import { unsupportedMediaType } from './uploads/course-material-uploads';
import { CourseImagesStore } from './uploads/course-uploads.store';

const IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IMAGE_NOT_FOUND = 'Image not found';

/** The images people uploaded with their courses (`imageUrl: /api/course-images/<name>`). */
@ApiTags('courses')
@ApiCookieAuth()
@Controller('api/course-images')
export class CourseImagesController {
  constructor(private readonly images: CourseImagesStore) {}

  @Post()
  @HttpCode(201)
  @Roles('admin')
  @UseInterceptors(CourseFilesInterceptor)
  @ApiOperation({ summary: 'Keep a course image; its address goes in the course form (admins only)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: [COURSE_FILE_FIELDS.courseImage],
      properties: { [COURSE_FILE_FIELDS.courseImage]: { type: 'string', format: 'binary', description: 'PNG, JPEG, GIF or WebP' } },
    },
  })
  @ApiCreatedResponse({ schema: openApiSchemaOf(uploadCourseImageReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: NO_COURSE_IMAGE_MESSAGE })
  @ApiUnsupportedMediaTypeResponse({ schema: errorReplyOpenApi, description: COURSE_IMAGE_TYPE_MESSAGE })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin' })
  async upload(@UploadedFiles() received: ReceivedCourseFiles | undefined): Promise<UploadCourseImageReply> {
    const image = received?.courseImage?.[0];
    if (!image) throw badRequest(NO_COURSE_IMAGE_MESSAGE);
    if (detectImageMediaType(image.buffer) === undefined) throw unsupportedMediaType(COURSE_IMAGE_TYPE_MESSAGE);
    const name = randomUUID();
    await this.images.put(name, image.buffer);
    return { imageUrl: `/api/course-images/${name}` };
  }

  @Get(':name')
  @ApiOperation({ summary: 'A course image uploaded with the course' })
  @ApiParam({ name: 'name', format: 'uuid' })
  @ApiOkResponse({ description: 'The image bytes, with their type read from the bytes' })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: IMAGE_NOT_FOUND })
  async get(@Param('name') name: string, @Res() response: Response): Promise<void> {
    const bytes = IMAGE_NAME.test(name) ? await this.images.get(name) : null;
    const mediaType = bytes ? detectImageMediaType(bytes) : null;
    if (!bytes || !mediaType) throw new NotFoundException({ statusCode: 404, message: IMAGE_NOT_FOUND });
    // Names are random and never reused: the image under one never changes.
    response.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
    response.type(mediaType).send(Buffer.from(bytes));
  }
}
