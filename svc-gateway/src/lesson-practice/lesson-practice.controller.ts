import {
  EXERCISE_ATTACHMENT_FIELD,
  EXERCISE_ATTACHMENT_MESSAGES,
  exerciseSubmissionListSchema,
  type ExerciseSubmissionList,
  exerciseSubmissionReviewPageSchema,
  type ExerciseSubmissionReviewPage,
  type ReviewExerciseSubmissionsQuery,
  reviewExerciseSubmissionsQuerySchema,
  getExerciseAttachmentRequestSchema,
  type ListExerciseSubmissionsQuery,
  listExerciseSubmissionsQuerySchema,
  MAX_EXERCISE_ATTACHMENTS,
  type ExerciseSubmissionReply,
  exerciseSubmissionReplySchema,
  LESSON_PRACTICE_MESSAGES,
  type LessonQuiz,
  lessonQuizSchema,
  type ListQuizAttemptsQuery,
  listQuizAttemptsQuerySchema,
  type QuizAttemptList,
  quizAttemptListSchema,
  type QuizAttemptReply,
  quizAttemptReplySchema,
  type SubmitExerciseBody,
  submitExerciseBodySchema,
  type SubmitQuizAttemptBody,
  submitQuizAttemptBodySchema,
  type User,
} from '@masar/contracts';
import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Query, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
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
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { CurrentUser, Roles } from '../auth/auth.decorators';
import { IdentityClient } from '../identity/identity.client';
import { PeopleNames, withNameOf } from '../identity/people-names';
import { ApiQueryFrom, errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { LessonCompletionRecorder } from '../progress/lesson-completion-recorder';
import { NotFoundUnlessUuidPipe } from '../validation/not-found-unless-uuid.pipe';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { ExerciseAttachmentStore } from './exercise-attachment.store';
import { ExerciseAttachmentsInterceptor } from './exercise-attachments.interceptor';
import { exerciseFormFields, ExerciseWorkUploads } from './exercise-work-uploads';
import { LessonPracticeClient } from './lesson-practice.client';

/** An id that is not a UUID names no lesson. */
class PracticeLessonIdPipe extends NotFoundUnlessUuidPipe {
  constructor() {
    super(LESSON_PRACTICE_MESSAGES.LESSON_NOT_FOUND);
  }
}

/**
 * Quizzes and exercises: svc-courses builds, grades and keeps them; a passed quiz or a submitted
 * exercise completes the lesson through the same recorder as Mark as Complete.
 */
@ApiTags('lessons')
@ApiCookieAuth()
@ApiUnauthorizedResponse({ schema: errorReplyOpenApi, description: 'Not signed in' })
@ApiNotFoundResponse({ schema: errorReplyOpenApi, description: LESSON_PRACTICE_MESSAGES.LESSON_NOT_FOUND })
@ApiParam({ name: 'lessonId', format: 'uuid' })
@Controller('api/lessons/:lessonId')
export class LessonPracticeController {
  constructor(
    private readonly practice: LessonPracticeClient,
    private readonly recorder: LessonCompletionRecorder,
    private readonly uploads: ExerciseWorkUploads,
    private readonly attachments: ExerciseAttachmentStore,
    private readonly identity: IdentityClient,
  ) {}

  @Get('quiz')
  @ApiOperation({ summary: "A quiz lesson's questions and options (never the answers)" })
  @ApiOkResponse({ schema: openApiSchemaOf(lessonQuizSchema) })
  @ApiConflictResponse({ schema: errorReplyOpenApi, description: LESSON_PRACTICE_MESSAGES.NOT_A_QUIZ })
  @ApiUnprocessableEntityResponse({ schema: errorReplyOpenApi, description: LESSON_PRACTICE_MESSAGES.NO_FAIR_QUESTION })
  getQuiz(@Param('lessonId', PracticeLessonIdPipe) lessonId: string): Promise<LessonQuiz> {
    return this.practice.getQuiz(lessonId);
  }

  @Post('quiz/attempts')
  @HttpCode(200)
  @ApiOperation({ summary: 'Grade an attempt: score, passed, and each question’s correct option and explanation; a pass completes the lesson' })
  @ApiBody({ schema: openApiSchemaOf(submitQuizAttemptBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(quizAttemptReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: 'The answers are malformed or name what the quiz does not have' })
  @ApiConflictResponse({ schema: errorReplyOpenApi, description: LESSON_PRACTICE_MESSAGES.NOT_A_QUIZ })
  async submitQuizAttempt(
    @Param('lessonId', PracticeLessonIdPipe) lessonId: string,
    @Body(new ZodValidationPipe(submitQuizAttemptBodySchema)) body: SubmitQuizAttemptBody,
    @CurrentUser() user: User,
  ): Promise<QuizAttemptReply> {
    const result = await this.practice.submitQuizAttempt({ lessonId, ...body });
    if (!result.passed) return { ...result, progress: null };
    const recorded = await this.recorder.record(user.id, lessonId, { courseId: result.courseId, status: 'completed', secondsSpent: 0 });
    return { ...result, ...recorded.reply };
  }

  @Get('quiz/attempts')
  @ApiOperation({ summary: "The signed-in learner's attempts at a quiz, newest first; admins may name anyone with userId, or see everyone's" })
  @ApiQueryFrom(listQuizAttemptsQuerySchema)
  @ApiOkResponse({ schema: openApiSchemaOf(quizAttemptListSchema) })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi, description: LESSON_PRACTICE_MESSAGES.OTHERS_ATTEMPTS })
  @ApiConflictResponse({ schema: errorReplyOpenApi, description: LESSON_PRACTICE_MESSAGES.NOT_A_QUIZ })
  listQuizAttempts(
    @Param('lessonId', PracticeLessonIdPipe) lessonId: string,
    @Query(new ZodValidationPipe(listQuizAttemptsQuerySchema)) query: ListQuizAttemptsQuery,
  ): Promise<QuizAttemptList> {
    return this.practice.listQuizAttempts({ lessonId, ...query });
  }

  @Post('exercise/submissions')
  @HttpCode(200)
  @UseInterceptors(ExerciseAttachmentsInterceptor)
  @ApiOperation({
    summary:
      'Submit work on an exercise lesson: written work, up to 3 attached files (multipart), or both, with the self-assessment items ticked; it completes the lesson and answers with automatic feedback',
  })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({
    schema: {
      oneOf: [
        openApiSchemaOf(submitExerciseBodySchema, 'input'),
        {
          type: 'object',
          properties: {
            work: { type: 'string' },
            checkedItems: { type: 'string', description: 'A JSON list of the ticked checklist items' },
            language: { type: 'string', enum: ['en', 'ar'] },
            [EXERCISE_ATTACHMENT_FIELD]: { type: 'array', maxItems: MAX_EXERCISE_ATTACHMENTS, items: { type: 'string', format: 'binary' } },
          },
        },
      ],
    },
  })
  @ApiOkResponse({ schema: openApiSchemaOf(exerciseSubmissionReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: `${LESSON_PRACTICE_MESSAGES.BLANK_WORK}; an empty file; ${EXERCISE_ATTACHMENT_MESSAGES.TOO_MANY}` })
  @ApiPayloadTooLargeResponse({ schema: errorReplyOpenApi, description: 'A file is too large (max 10 MB by default, MAX_EXERCISE_ATTACHMENT_BYTES)' })
  @ApiUnsupportedMediaTypeResponse({ schema: errorReplyOpenApi, description: 'A file that is not PDF, DOCX, XLSX, PPTX, text, Markdown, CSV, PNG, JPEG, WebP or GIF, or whose bytes are not what its name says (named in the message)' })
  @ApiConflictResponse({ schema: errorReplyOpenApi, description: LESSON_PRACTICE_MESSAGES.NOT_AN_EXERCISE })
  async submitExercise(
    @Param('lessonId', PracticeLessonIdPipe) lessonId: string,
    @Body() raw: unknown,
    @UploadedFiles() files: Express.Multer.File[] | undefined,
    @CurrentUser() user: User,
  ): Promise<ExerciseSubmissionReply> {
    const body: SubmitExerciseBody = new ZodValidationPipe(submitExerciseBodySchema).transform(exerciseFormFields(raw));
    const submission = await this.uploads.submit(lessonId, body, files ?? []);
    const recorded = await this.recorder.record(user.id, lessonId, { courseId: submission.courseId, status: 'completed', secondsSpent: 0 });
    return { ...submission, ...recorded.reply };
  }

  @Get('exercise/submissions')
  @ApiOperation({ summary: "The signed-in learner's submissions to an exercise (work, ticked items, attachments, feedback), newest first; admins may name anyone with userId, or see everyone's" })
  @ApiQueryFrom(listExerciseSubmissionsQuerySchema)
  @ApiOkResponse({ schema: openApiSchemaOf(exerciseSubmissionListSchema) })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi, description: LESSON_PRACTICE_MESSAGES.OTHERS_SUBMISSIONS })
  @ApiConflictResponse({ schema: errorReplyOpenApi, description: LESSON_PRACTICE_MESSAGES.NOT_AN_EXERCISE })
  listExerciseSubmissions(
    @Param('lessonId', PracticeLessonIdPipe) lessonId: string,
    @Query(new ZodValidationPipe(listExerciseSubmissionsQuerySchema)) query: ListExerciseSubmissionsQuery,
  ): Promise<ExerciseSubmissionList> {
    return this.practice.listExerciseSubmissions({ lessonId, ...query });
  }

  @Get('exercise/review')
  @Roles('admin')
  @ApiOperation({ summary: "Admins: every learner's submissions to an exercise, newest first, a page at a time, with each learner's name, the work, files and feedback" })
  @ApiQueryFrom(reviewExerciseSubmissionsQuerySchema)
  @ApiOkResponse({ schema: openApiSchemaOf(exerciseSubmissionReviewPageSchema) })
  @ApiForbiddenResponse({ schema: errorReplyOpenApi, description: 'Not an admin' })
  @ApiConflictResponse({ schema: errorReplyOpenApi, description: LESSON_PRACTICE_MESSAGES.NOT_AN_EXERCISE })
  async reviewExerciseSubmissions(
    @Param('lessonId', PracticeLessonIdPipe) lessonId: string,
    @Query(new ZodValidationPipe(reviewExerciseSubmissionsQuerySchema)) query: ReviewExerciseSubmissionsQuery,
  ): Promise<ExerciseSubmissionReviewPage> {
    const page = await this.practice.reviewExerciseSubmissions({ lessonId, ...query });
    // svc-courses knows learners by id; their names are svc-identity's (null for someone it no longer knows).
    const names = await new PeopleNames(this.identity).of(page.items.map((submission) => submission.userId));
    return { ...page, items: page.items.map((submission) => withNameOf(submission, names)) };
  }

  @Get('exercise/submissions/:submissionId/attachments/:attachmentId')
  @ApiOperation({ summary: 'Download a file attached to a submission: its owner or an admin only (404 for anyone else), always as a download' })
  @ApiParam({ name: 'submissionId', format: 'uuid' })
  @ApiParam({ name: 'attachmentId', format: 'uuid' })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'The file, with Content-Disposition: attachment and X-Content-Type-Options: nosniff' })
  @ApiServiceUnavailableResponse({ schema: errorReplyOpenApi, description: 'svc-courses or the attachment store did not answer' })
  async downloadAttachment(
    @Param('lessonId', PracticeLessonIdPipe) lessonId: string,
    @Param('submissionId') submissionId: string,
    @Param('attachmentId') attachmentId: string,
    @Res() response: Response,
  ): Promise<void> {
    const request = getExerciseAttachmentRequestSchema.safeParse({ lessonId, submissionId, attachmentId });
    if (!request.success) throw new NotFoundException({ statusCode: 404, message: EXERCISE_ATTACHMENT_MESSAGES.NOT_FOUND });
    const attachment = await this.practice.getExerciseAttachment(request.data);
    const object = await this.attachments.openObject(attachment.attachmentId);
    if (object === null) throw new NotFoundException({ statusCode: 404, message: EXERCISE_ATTACHMENT_MESSAGES.NOT_FOUND });
    // Always a download, never rendered here: a learner's file must not run as a page of this site.
    response.attachment(attachment.name);
    response.setHeader('Content-Type', attachment.mediaType);
    response.setHeader('Content-Length', String(object.size));
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    response.setHeader('Cache-Control', 'private, no-store');
    await pipeline(Readable.fromWeb(object.data as Parameters<typeof Readable.fromWeb>[0]), response);
  }
}
