import {
  type Caller,
  type ExerciseAttachmentObject,
  type ExerciseSubmission,
  type ExerciseSubmissionList,
  type ExerciseSubmissionPage,
  type CheckedReviewExerciseSubmissionsRequest,
  reviewExerciseSubmissionsRequestSchema,
  type GetExerciseAttachmentRequest,
  getExerciseAttachmentRequestSchema,
  type ListExerciseSubmissionsRequest,
  listExerciseSubmissionsRequestSchema,
  LESSON_PRACTICE_SUBJECTS,
  type ListQuizAttemptsRequest,
  listQuizAttemptsRequestSchema,
  type QuizAttemptList,
  type LessonIdPayload,
  lessonIdPayloadSchema,
  type LessonQuiz,
  type QuizAttemptResult,
  type CheckedSubmitExerciseRequest,
  submitExerciseRequestSchema,
  type SubmitQuizAttemptRequest,
  submitQuizAttemptRequestSchema,
} from '@masar/contracts';
import { callerOf, RequestCaller, ZodPayloadPipe } from '@masar/contracts/service-kit';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { LessonPracticeService } from './lesson-practice.service';

@Controller()
export class LessonPracticeHandlers {
  constructor(private readonly practice: LessonPracticeService) {}

  @MessagePattern(LESSON_PRACTICE_SUBJECTS.GET_QUIZ)
  getQuiz(@Payload(new ZodPayloadPipe(lessonIdPayloadSchema)) payload: LessonIdPayload, @Ctx() context: NatsContext): Promise<LessonQuiz> {
    return this.practice.getQuiz(payload.lessonId, callerOf(context));
  }

  @MessagePattern(LESSON_PRACTICE_SUBJECTS.SUBMIT_QUIZ_ATTEMPT)
  submitQuizAttempt(
    @Payload(new ZodPayloadPipe(submitQuizAttemptRequestSchema)) request: SubmitQuizAttemptRequest,
    @RequestCaller() caller: Caller,
  ): Promise<QuizAttemptResult> {
    return this.practice.submitQuizAttempt(caller, request);
  }

  @MessagePattern(LESSON_PRACTICE_SUBJECTS.LIST_QUIZ_ATTEMPTS)
  listQuizAttempts(
    @Payload(new ZodPayloadPipe(listQuizAttemptsRequestSchema)) request: ListQuizAttemptsRequest,
    @RequestCaller() caller: Caller,
  ): Promise<QuizAttemptList> {
    return this.practice.listQuizAttempts(caller, request);
  }

  @MessagePattern(LESSON_PRACTICE_SUBJECTS.SUBMIT_EXERCISE)
  submitExercise(
    @Payload(new ZodPayloadPipe(submitExerciseRequestSchema)) request: CheckedSubmitExerciseRequest,
    @RequestCaller() caller: Caller,
  ): Promise<ExerciseSubmission> {
    return this.practice.submitExercise(caller, request);
  }

  @MessagePattern(LESSON_PRACTICE_SUBJECTS.LIST_EXERCISE_SUBMISSIONS)
  listExerciseSubmissions(
    @Payload(new ZodPayloadPipe(listExerciseSubmissionsRequestSchema)) request: ListExerciseSubmissionsRequest,
    @RequestCaller() caller: Caller,
  ): Promise<ExerciseSubmissionList> {
    return this.practice.listExerciseSubmissions(caller, request);
  }

  @MessagePattern(LESSON_PRACTICE_SUBJECTS.GET_EXERCISE_ATTACHMENT)
  getExerciseAttachment(
    @Payload(new ZodPayloadPipe(getExerciseAttachmentRequestSchema)) request: GetExerciseAttachmentRequest,
    @RequestCaller() caller: Caller,
  ): Promise<ExerciseAttachmentObject> {
    return this.practice.getExerciseAttachment(caller, request);
  }

  @MessagePattern(LESSON_PRACTICE_SUBJECTS.REVIEW_EXERCISE_SUBMISSIONS)
  reviewExerciseSubmissions(
    @Payload(new ZodPayloadPipe(reviewExerciseSubmissionsRequestSchema)) request: CheckedReviewExerciseSubmissionsRequest,
    @RequestCaller() caller: Caller,
  ): Promise<ExerciseSubmissionPage> {
    return this.practice.reviewExerciseSubmissions(caller, request);
  }
}
