import {
  type CreateDefaultCoursesReply,
  createDefaultCoursesReplySchema,
  type CreateFromCategoriesBody,
  createFromCategoriesBodySchema,
  type CreateFromCategoriesReply,
  createFromCategoriesReplySchema,
  AddModulesBody,
  addModulesBodySchema,
  addModulesReplySchema,
  AddModulesReply,
  AnalyzeImageBody,
  analyzeImageBodySchema,
  AnalyzeImageReply,
  analyzeImageReplySchema,
  CourseCreationKind,
  CourseCreationTaskReply,
  courseCreationTaskReplySchema,
  CourseForm,
  courseFormSchema,
  CreateCourseReply,
  createCourseReplySchema,
  detectImageMediaType,
  NOT_AN_IMAGE_MESSAGE,
  User,
  CourseCategoriesReply,
  courseCategoriesReplySchema,
  CourseList,
  courseListSchema,
  type CourseSearchQuery,
  courseSearchQuerySchema,
  type CourseSearchResponse,
  courseSearchResponseSchema,
  SEARCH_PASSAGE_NOT_FOUND_MESSAGE,
  type SearchPassage,
  searchPassageSchema,
  CourseReply,
  courseReplySchema,
  DeleteCourseHttpReply,
  deleteCourseHttpReplySchema,
  ListCoursesQuery,
  listCoursesQuerySchema,
  RecommendCoursesBody,
  recommendCoursesBodySchema,
  RecommendCoursesReply,
  recommendCoursesReplySchema,
} from '@masar/contracts';
import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiAcceptedResponse,
  ApiBody,
  ApiConsumes,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiPayloadTooLargeResponse,
  ApiUnsupportedMediaTypeResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AiFeature } from '../ai/ai-admission.guard';
import { AiClient } from '../ai/ai.client';
import { CurrentUser, Roles } from '../auth/auth.decorators';
import { ApiQueryFrom, errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { CourseIdPipe, SearchPassageIdPipe } from './course-id.pipe';
import { CoursesClient } from './courses.client';
import { RecommendCoursesBodyPipe } from './recommend-courses-body.pipe';
import { COURSE_FILE_FIELDS, CourseFilesInterceptor, ReceivedCourseFiles } from './uploads/course-files.interceptor';
import { CourseMaterialUploads } from './uploads/course-material-uploads';
import { CourseImagesStore } from './uploads/course-uploads.store';

const courseIdParam = ApiParam({ name: 'id', format: 'uuid', description: 'The course id' });
const notFound = ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Course not found (also for an id that is not a UUID)' });
const coursesUnavailable = ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-courses did not answer' });
const adminsOnly = ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Signed in, but not an admin' });
const fileTooLarge = ApiPayloadTooLargeResponse({ schema: errorReplyOpenApi, description: 'File is too large (max 10 MB)' });
const notADocument = ApiUnsupportedMediaTypeResponse({ schema: errorReplyOpenApi, description: 'A file of a type that cannot be read' });
const taskAccepted = ApiAcceptedResponse({
  schema: openApiSchemaOf(courseCreationTaskReplySchema),
  description: 'The creation task, in its first stage; follow it at GET /api/courses/creation-tasks/:id',
});

/** The Manual and AI tabs' multipart body (spec 001 section 7). */
const courseFormWithFilesBody = (withImage: boolean) =>
  ApiBody({
    schema: {
      type: 'object',
      required: ['courseData', COURSE_FILE_FIELDS.files],
      properties: {
        courseData: { type: 'string', description: 'The course form as JSON' },
        ...(withImage
          ? {
              useAIOrganization: { type: 'string', enum: ['true', 'false'], description: 'Group all documents by topic (true) or one module per document' },
              [COURSE_FILE_FIELDS.courseImage]: { type: 'string', format: 'binary', description: 'PNG, JPEG, GIF or WebP' },
            }
          : {}),
        [COURSE_FILE_FIELDS.files]: { type: 'array', items: { type: 'string', format: 'binary' }, description: '1 to 10 of PDF, DOCX, PPTX, DOC, PPT, TXT, MD' },
      },
    },
  });

interface CourseFormFields {
  courseData?: string;
  useAIOrganization?: string;
}

/**
 * Courses belong to svc-courses: the gateway checks each request against the contracts and
 * forwards it. Every route needs a session; deleting needs an admin.
 */
@ApiTags('courses')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
@Controller('api/courses')
export class CoursesController {
  constructor(
    private readonly courses: CoursesClient,
    private readonly materials: CourseMaterialUploads,
    private readonly ai: AiClient,
    private readonly images: CourseImagesStore,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Courses, newest first, optionally filtered by title, skill, category, level or kind' })
  @ApiQueryFrom(listCoursesQuerySchema)
  @ApiOkResponse({ schema: openApiSchemaOf(courseListSchema) })
  @coursesUnavailable
  list(@Query(new ZodValidationPipe(listCoursesQuerySchema)) query: ListCoursesQuery): Promise<CourseList> {
    return this.courses.list(query);
  }

  // Declared before `:id`, so "search" is never read as a course id.
  @Get('search')
  @ApiOperation({
    summary:
      'Search the content of every course (lessons, modules, courses) in English and Arabic: the best passages with previews, and an answer grounded in the first five that cites them as [n]',
  })
  @ApiQueryFrom(courseSearchQuerySchema)
  @ApiOkResponse({ schema: openApiSchemaOf(courseSearchResponseSchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: "'q: Enter something to search for', or the query is over 200 characters" })
  @coursesUnavailable
  search(@Query(new ZodValidationPipe(courseSearchQuerySchema)) query: CourseSearchQuery): Promise<CourseSearchResponse> {
    return this.courses.search(query);
  }

  @Get('search/passages/:chunkId')
  @ApiOperation({ summary: "A search result's whole text (the search answers a preview), for its details and the learning helpers; learners read published courses' passages only" })
  @ApiParam({ name: 'chunkId', format: 'uuid', description: "The result's id (`chunks[].id` of a search)" })
  @ApiOkResponse({ schema: openApiSchemaOf(searchPassageSchema) })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: `${SEARCH_PASSAGE_NOT_FOUND_MESSAGE} (also for an id that is not a UUID, and for a draft's passage to a learner)` })
  @coursesUnavailable
  searchPassage(@Param('chunkId', SearchPassageIdPipe) chunkId: string): Promise<SearchPassage> {
    return this.courses.searchPassage(chunkId);
  }

  // Declared before `:id`, so "categories" is never read as a course id.
  @Get('categories')
  @ApiOperation({ summary: 'The eleven Ready AI categories, each with its catalog courses (an empty list when none)' })
  @ApiOkResponse({ schema: openApiSchemaOf(courseCategoriesReplySchema) })
  @coursesUnavailable
  listCategories(): Promise<CourseCategoriesReply> {
    return this.courses.listCategories();
  }

  @Post('recommend')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Courses ranked by how many of the skills they cover (ignoring case), with the skills each covers; at most 20',
  })
  @ApiBody({ schema: openApiSchemaOf(recommendCoursesBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(recommendCoursesReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'Please provide at least one skill' })
  @coursesUnavailable
  recommend(@Body(RecommendCoursesBodyPipe) body: RecommendCoursesBody): Promise<RecommendCoursesReply> {
    return this.courses.recommend(body);
  }

  @Post()
  @HttpCode(201)
  @Roles('admin')
  @AiFeature('lesson-writing')
  @ApiOperation({
    summary: 'Create a course from the form (admins only): its lessons are assembled from the library lessons on the same skills',
  })
  @ApiBody({ schema: openApiSchemaOf(courseFormSchema, 'input') })
  @ApiCreatedResponse({ schema: openApiSchemaOf(createCourseReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'A field is missing or wrong, e.g. "title: Title is required"' })
  @adminsOnly
  @coursesUnavailable
  async create(
    @Body(new ZodValidationPipe(courseFormSchema)) form: CourseForm,
    @CurrentUser() user: User,
  ): Promise<CreateCourseReply> {
    return { course: await this.courses.create({ ...form, createdBy: user.id }) };
  }

  @Post('upload')
  @HttpCode(202)
  @Roles('admin')
  @UseInterceptors(CourseFilesInterceptor)
  @ApiOperation({ summary: 'Import a course from one PDF, DOCX, PPTX or JSON course file (admins only)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: [COURSE_FILE_FIELDS.file],
      properties: { [COURSE_FILE_FIELDS.file]: { type: 'string', format: 'binary', description: 'PDF, DOCX, PPTX or JSON' } },
    },
  })
  @taskAccepted
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'Please select a file to upload' })
  @fileTooLarge
  @notADocument
  @adminsOnly
  @coursesUnavailable
  async upload(@UploadedFiles() received: ReceivedCourseFiles | undefined): Promise<CourseCreationTaskReply> {
    const files = [...(received?.file ?? []), ...(received?.files ?? [])];
    return { task: await this.materials.start({ kind: 'import', files }) };
  }

  @Post('create-with-files')
  @HttpCode(202)
  @Roles('admin')
  @UseInterceptors(CourseFilesInterceptor)
  @ApiOperation({ summary: 'Create a course from the form and its materials: modules follow the documents (admins only)' })
  @ApiConsumes('multipart/form-data')
  @courseFormWithFilesBody(true)
  @taskAccepted
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'No file, or a form field missing or wrong' })
  @fileTooLarge
  @notADocument
  @adminsOnly
  @coursesUnavailable
  async createWithFiles(
    @UploadedFiles() received: ReceivedCourseFiles | undefined,
    // Undefined when the request has no body at all.
    @Body() fields: CourseFormFields | undefined,
  ): Promise<CourseCreationTaskReply> {
    return { task: await this.startFromForm('create-with-files', received, fields) };
  }

  @Post('ai-generate-with-files')
  @HttpCode(202)
  @Roles('admin')
  @AiFeature('lesson-writing')
  @UseInterceptors(CourseFilesInterceptor)
  @ApiOperation({ summary: 'AI Generate with materials: lessons written from the documents (admins only)' })
  @ApiConsumes('multipart/form-data')
  @courseFormWithFilesBody(false)
  @taskAccepted
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'No file, or "description: Description is required"' })
  @fileTooLarge
  @notADocument
  @adminsOnly
  @coursesUnavailable
  async aiGenerateWithFiles(
    @UploadedFiles() received: ReceivedCourseFiles | undefined,
    // Undefined when the request has no body at all.
    @Body() fields: CourseFormFields | undefined,
  ): Promise<CourseCreationTaskReply> {
    return { task: await this.startFromForm('ai-generate-with-files', received, fields) };
  }

  @Post('create-defaults')
  @Roles('admin')
  @ApiOperation({ summary: "Put back Masar's built-in starter catalog (courses already there are kept): the courses added" })
  @ApiCreatedResponse({ schema: openApiSchemaOf(createDefaultCoursesReplySchema) })
  @adminsOnly
  @coursesUnavailable
  createDefaults(): Promise<CreateDefaultCoursesReply> {
    return this.courses.createDefaults();
  }

  @Post('create-from-categories')
  @HttpCode(202)
  @Roles('admin')
  @AiFeature('lesson-writing')
  @ApiOperation({ summary: 'Ready AI: start one course-creation agent task per selected catalog course (1 to 3)' })
  @ApiBody({ schema: openApiSchemaOf(createFromCategoriesBodySchema, 'input') })
  @ApiAcceptedResponse({
    schema: openApiSchemaOf(createFromCategoriesReplySchema),
    description: 'The started tasks; follow each at GET /api/ai-agents/tasks/:id',
  })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'No course, more than 3, or the same course twice' })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'A selected course is no longer in the catalog' })
  @adminsOnly
  @coursesUnavailable
  startReadyAi(
    @Body(new ZodValidationPipe(createFromCategoriesBodySchema)) body: CreateFromCategoriesBody,
  ): Promise<CreateFromCategoriesReply> {
    return this.courses.startReadyAi(body);
  }

  @Get('creation-tasks/:taskId')
  @ApiOperation({ summary: 'A course creation task: its stage, progress, message and, once complete, the course id' })
  @ApiParam({ name: 'taskId', format: 'uuid' })
  @ApiOkResponse({ schema: openApiSchemaOf(courseCreationTaskReplySchema) })
  @ApiNotFoundResponse({ schema: errorReplyOpenApi, description: 'Course creation task not found (or someone else\'s)' })
  @coursesUnavailable
  async getCreationTask(@Param('taskId') taskId: string): Promise<CourseCreationTaskReply> {
    // Whose task it is, and whether the caller is an admin, svc-courses reads from the caller header.
    const task = await this.courses.getCreationTask({ id: taskId.slice(0, 64) });
    return { task };
  }

  @Post('analyze-image')
  @HttpCode(200)
  @Roles('admin')
  @AiFeature('image-description')
  @ApiOperation({ summary: 'Describe a course image with a vision model (501 when none is configured)' })
  @ApiBody({ schema: openApiSchemaOf(analyzeImageBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(analyzeImageReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'Not a PNG, JPEG, GIF or WebP image in base64' })
  @adminsOnly
  async analyzeImage(@Body(new ZodValidationPipe(analyzeImageBodySchema)) body: AnalyzeImageBody): Promise<AnalyzeImageReply> {
    const mediaType = detectImageMediaType(Buffer.from(body.image, 'base64'));
    if (mediaType === undefined) {
      throw new BadRequestException({ statusCode: 400, message: NOT_AN_IMAGE_MESSAGE });
    }
    const { description } = await this.ai.describeImage({ image: body.image, mediaType, title: body.title });
    return { description };
  }

  @Post(':id/add-modules')
  @HttpCode(200)
  @Roles('admin')
  @AiFeature('lesson-writing')
  @ApiOperation({ summary: 'Add modules to a course (2 of 2 lessons by default), planned from library lessons it does not use yet' })
  @courseIdParam
  @ApiBody({ schema: openApiSchemaOf(addModulesBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(addModulesReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'Too many modules, or external training' })
  @adminsOnly
  @notFound
  @coursesUnavailable
  addModules(
    @Param('id', CourseIdPipe) id: string,
    @Body(new ZodValidationPipe(addModulesBodySchema)) body: AddModulesBody,
  ): Promise<AddModulesReply> {
    return this.courses.addModules({ ...body, id });
  }

  /** The task's owner is the signed-in caller, whom the NATS request's caller header names. */
  private startFromForm(kind: CourseCreationKind, received: ReceivedCourseFiles | undefined, fields: CourseFormFields | undefined) {
    return this.materials.start({
      kind,
      files: [...(received?.files ?? []), ...(received?.file ?? [])],
      courseImage: received?.courseImage?.[0],
      courseData: typeof fields?.courseData === 'string' ? fields.courseData : undefined,
      useAIOrganization: typeof fields?.useAIOrganization === 'string' ? fields.useAIOrganization : undefined,
    });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One course with its modules and their lessons, in course order' })
  @courseIdParam
  @ApiOkResponse({ schema: openApiSchemaOf(courseReplySchema) })
  @notFound
  @coursesUnavailable
  async get(@Param('id', CourseIdPipe) id: string): Promise<CourseReply> {
    return { course: await this.courses.get(id) };
  }

  @Delete(':id')
  @Roles('admin')
  @ApiOperation({ summary: 'Delete a course with its modules and lessons (admins only)' })
  @courseIdParam
  @ApiOkResponse({ schema: openApiSchemaOf(deleteCourseHttpReplySchema) })
  @adminsOnly
  @notFound
  @coursesUnavailable
  async delete(@Param('id', CourseIdPipe) id: string): Promise<DeleteCourseHttpReply> {
    const { imageUrl } = await this.courses.get(id);
    const deleted = await this.courses.delete(id);
    // The image people uploaded goes with its course (an outside address is not ours to delete).
    await this.images.discardByUrl(imageUrl);
    return { deleted: true, ...deleted };
  }
}
