import {
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
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { CurrentUser } from '../auth/auth.decorators';
import { ApiQueryFrom, errorReplyOpenApi, openApiSchemaOf } from '../openapi/openapi-schema';
import { LessonCompletionRecorder } from '../progress/lesson-completion-recorder';
import { NotFoundUnlessUuidPipe } from '../validation/not-found-unless-uuid.pipe';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
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
  @ApiOperation({ summary: 'Submit work on an exercise lesson (with the self-assessment items ticked); it completes the lesson' })
  @ApiBody({ schema: openApiSchemaOf(submitExerciseBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchemaOf(exerciseSubmissionReplySchema) })
  @ApiBadRequestResponse({ schema: errorReplyOpenApi, description: LESSON_PRACTICE_MESSAGES.BLANK_WORK })
  @ApiConflictResponse({ schema: errorReplyOpenApi, description: LESSON_PRACTICE_MESSAGES.NOT_AN_EXERCISE })
  async submitExercise(
    @Param('lessonId', PracticeLessonIdPipe) lessonId: string,
    @Body(new ZodValidationPipe(submitExerciseBodySchema)) body: SubmitExerciseBody,
    @CurrentUser() user: User,
  ): Promise<ExerciseSubmissionReply> {
    const submission = await this.practice.submitExercise({ lessonId, ...body });
    const recorded = await this.recorder.record(user.id, lessonId, { courseId: submission.courseId, status: 'completed', secondsSpent: 0 });
    return { ...submission, ...recorded.reply };
  }
}
