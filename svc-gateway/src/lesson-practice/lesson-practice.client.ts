import {
  type ExerciseAttachmentObject,
  exerciseAttachmentObjectSchema,
  type ExerciseSubmissionList,
  type ExerciseSubmissionPage,
  exerciseSubmissionPageSchema,
  type ReviewExerciseSubmissionsRequest,
  exerciseSubmissionListSchema,
  type GetExerciseAttachmentRequest,
  type ListExerciseSubmissionsRequest,
  type ExerciseSubmission,
  exerciseSubmissionSchema,
  LESSON_PRACTICE_SUBJECTS,
  type LessonQuiz,
  lessonQuizSchema,
  type ListQuizAttemptsRequest,
  type QuizAttemptList,
  quizAttemptListSchema,
  type QuizAttemptResult,
  quizAttemptResultSchema,
  type SubmitExerciseRequest,
  type SubmitQuizAttemptRequest,
} from '@masar/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { ServiceClient } from '../nats/service-client';

/** What the gateway asks svc-courses about quizzes and exercises; the caller header says whose attempt it is. */
@Injectable()
export class LessonPracticeClient {
  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  getQuiz(lessonId: string): Promise<LessonQuiz> {
    return this.services.request({ service: 'courses', subject: LESSON_PRACTICE_SUBJECTS.GET_QUIZ, payload: { lessonId }, reply: lessonQuizSchema });
  }

  submitQuizAttempt(request: SubmitQuizAttemptRequest): Promise<QuizAttemptResult> {
    return this.services.request({
      service: 'courses',
      subject: LESSON_PRACTICE_SUBJECTS.SUBMIT_QUIZ_ATTEMPT,
      payload: request,
      reply: quizAttemptResultSchema,
    });
  }

  listQuizAttempts(request: ListQuizAttemptsRequest): Promise<QuizAttemptList> {
    return this.services.request({
      service: 'courses',
      subject: LESSON_PRACTICE_SUBJECTS.LIST_QUIZ_ATTEMPTS,
      payload: request,
      reply: quizAttemptListSchema,
    });
  }

  submitExercise(request: SubmitExerciseRequest): Promise<ExerciseSubmission> {
    return this.services.request({
      service: 'courses',
      subject: LESSON_PRACTICE_SUBJECTS.SUBMIT_EXERCISE,
      payload: request,
      reply: exerciseSubmissionSchema,
      // svc-courses reads attached documents and asks svc-ai for feedback (a model, when one is configured).
      timeoutMs: this.config.extractionTimeoutMs,
    });
  }

  listExerciseSubmissions(request: ListExerciseSubmissionsRequest): Promise<ExerciseSubmissionList> {
    return this.services.request({
      service: 'courses',
      subject: LESSON_PRACTICE_SUBJECTS.LIST_EXERCISE_SUBMISSIONS,
      payload: request,
      reply: exerciseSubmissionListSchema,
    });
  }

  getExerciseAttachment(request: GetExerciseAttachmentRequest): Promise<ExerciseAttachmentObject> {
    return this.services.request({
      service: 'courses',
      subject: LESSON_PRACTICE_SUBJECTS.GET_EXERCISE_ATTACHMENT,
      payload: request,
      reply: exerciseAttachmentObjectSchema,
    });
  }

  reviewExerciseSubmissions(request: ReviewExerciseSubmissionsRequest): Promise<ExerciseSubmissionPage> {
    return this.services.request({
      service: 'courses',
      subject: LESSON_PRACTICE_SUBJECTS.REVIEW_EXERCISE_SUBMISSIONS,
      payload: request,
      reply: exerciseSubmissionPageSchema,
    });
  }
}
