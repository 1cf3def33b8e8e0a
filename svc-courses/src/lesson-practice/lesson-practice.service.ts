import {
  EXERCISE_ATTACHMENT_MESSAGES,
  exerciseAttachmentUrl,
  type ExerciseAttachmentObject,
  type ExerciseSubmissionList,
  type ExerciseSubmissionPage,
  type CheckedReviewExerciseSubmissionsRequest,
  type GetExerciseAttachmentRequest,
  type ListExerciseSubmissionsRequest,
  LESSON_PRACTICE_MESSAGES,
  MAX_LISTED_EXERCISE_SUBMISSIONS,
  MAX_LISTED_QUIZ_ATTEMPTS,
  type CheckedSubmitExerciseRequest,
  QUIZ_PASS_MARK,
  type ListQuizAttemptsRequest,
  type QuizAttemptList,
  type Caller,
  type ExerciseSubmission as ExerciseSubmissionReply,
  type LessonQuiz,
  type QuizAttemptResult,
  type SubmitQuizAttemptRequest,
  EVENT_SUBJECTS,
} from '@masar/contracts';
import { EventOutbox, rpcError } from '@masar/contracts/service-kit';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { seesDrafts } from '../course-publishing/course-visibility';
import { Course } from '../courses/entities/course.entity';
import { Lesson } from '../courses/entities/lesson.entity';
import { ExerciseAttachmentStore } from './exercise-attachment.store';
import { exerciseChecklist } from './exercise-checklist';
import { ExerciseFeedbackWriter } from './exercise-feedback';
import { ExerciseSubmission } from './entities/exercise-submission.entity';
import { QuizAttempt } from './entities/quiz-attempt.entity';
import { answersOfQuiz, buildLessonQuiz, gradeAttempt, QuizInputError, questionsForLearner, type BuiltQuestion } from './lesson-quiz';

interface LessonInCourse {
  lesson: Lesson;
  courseId: string;
  course: Course;
}

/** Quiz lessons' questions and grading, and exercise submissions: every attempt and submission is its caller's. */
@Injectable()
export class LessonPracticeService {
  constructor(
    @InjectRepository(Lesson) private readonly lessons: Repository<Lesson>,
    @InjectRepository(QuizAttempt) private readonly attempts: Repository<QuizAttempt>,
    @InjectRepository(ExerciseSubmission) private readonly submissions: Repository<ExerciseSubmission>,
    private readonly attachmentStore: ExerciseAttachmentStore,
    private readonly feedback: ExerciseFeedbackWriter,
    private readonly outbox: EventOutbox,
  ) {}

  async getQuiz(lessonId: string, caller: Caller | null): Promise<LessonQuiz> {
    const { courseId, questions } = await this.quizOf(lessonId, caller);
    return { lessonId, courseId, passMark: QUIZ_PASS_MARK, questions: questionsForLearner(questions) };
  }

  async submitQuizAttempt(caller: Caller, request: SubmitQuizAttemptRequest): Promise<QuizAttemptResult> {
    const { courseId, course, questions } = await this.quizOf(request.lessonId, caller);
    let graded;
    try {
      graded = gradeAttempt(questions, request.answers);
    } catch (error) {
      if (error instanceof QuizInputError) throw rpcError(400, error.message);
      throw error;
    }
    // The learning record's event is written with the grade and relayed afterwards: a stream that is
    // away delays it, and the learner keeps their grade.
    const saved = await this.attempts.manager.transaction(async (manager) => {
      const attempt = await manager.save(
        manager.create(QuizAttempt, {
          userId: caller.id,
          lessonId: request.lessonId,
          answers: request.answers,
          graded: graded.questions,
          correctCount: graded.correctCount,
          questionCount: graded.questionCount,
          score: graded.score,
          passed: graded.passed,
        }),
      );
      await this.outbox.add(
        manager,
        EVENT_SUBJECTS.QUIZ_ATTEMPT_GRADED,
        {
          attemptId: attempt.id,
          userId: caller.id,
          lessonId: request.lessonId,
          courseId,
          course: { title: course.title, titleAr: course.titleAr },
          correctCount: graded.correctCount,
          questionCount: graded.questionCount,
          score: graded.score,
          passed: graded.passed,
          occurredAt: attempt.submittedAt.toISOString(),
        },
        attempt.id,
      );
      return attempt;
    });
    // Stored on the stream before the answer, as publishers do; a stream that is away leaves it for the timer.
    await this.outbox.relay();
    return { attemptId: saved.id, lessonId: request.lessonId, courseId, ...graded, submittedAt: saved.submittedAt.toISOString() };
  }

  /**
   * A learner's own attempts at a quiz, newest first; an admin may name anyone (`userId`) or, naming
   * nobody, see everyone's. A learner naming someone else is refused, not answered an empty list.
   */
  async listQuizAttempts(caller: Caller, request: ListQuizAttemptsRequest): Promise<QuizAttemptList> {
    const isAdmin = caller.role === 'admin';
    if (!isAdmin && request.userId !== undefined && request.userId !== caller.id) throw rpcError(403, LESSON_PRACTICE_MESSAGES.OTHERS_ATTEMPTS);
    const { lesson } = await this.lessonInCourse(request.lessonId, caller);
    if (lesson.type !== 'quiz') throw rpcError(409, LESSON_PRACTICE_MESSAGES.NOT_A_QUIZ);
    const userId = isAdmin ? request.userId : caller.id;
    const rows = await this.attempts.find({
      where: { lessonId: request.lessonId, ...(userId === undefined ? {} : { userId }) },
      order: { submittedAt: 'DESC', id: 'DESC' },
      take: MAX_LISTED_QUIZ_ATTEMPTS,
    });
    return {
      attempts: rows.map((row) => ({
        attemptId: row.id,
        userId: row.userId,
        lessonId: row.lessonId,
        correctCount: row.correctCount,
        questionCount: row.questionCount,
        score: row.score,
        passed: row.passed,
        submittedAt: row.submittedAt.toISOString(),
      })),
    };
  }

  /**
   * Stores a learner's work on an exercise: written work, files the gateway already put in the
   * attachments bucket (each checked to be there at its size), or both; then feedback on it.
   */
  async submitExercise(caller: Caller, request: CheckedSubmitExerciseRequest): Promise<ExerciseSubmissionReply> {
    const { lesson, courseId, course } = await this.lessonInCourse(request.lessonId, caller);
    if (lesson.type !== 'exercise') throw rpcError(409, LESSON_PRACTICE_MESSAGES.NOT_AN_EXERCISE);
    // Invisible characters alone (zero-width spaces, marks) are not work; a file is.
    if (!/[\p{L}\p{N}]/u.test(request.work) && request.attachments.length === 0) throw rpcError(400, LESSON_PRACTICE_MESSAGES.BLANK_WORK);
    const checklist = exerciseChecklist(lesson);
    const unknown = request.checkedItems.find((item) => !checklist.includes(item));
    if (unknown !== undefined) throw rpcError(400, 'A ticked item is not on this exercise’s checklist');
    if (new Set(request.attachments.map((attachment) => attachment.attachmentId)).size !== request.attachments.length) {
      throw rpcError(400, 'Each attachment can be named only once');
    }
    for (const attachment of request.attachments) {
      if ((await this.attachmentStore.sizeOf(attachment.attachmentId)) !== attachment.size) throw rpcError(400, EXERCISE_ATTACHMENT_MESSAGES.MISSING);
    }
    const work = request.work.trim();
    const checkedItems = [...new Set(request.checkedItems)];
    const feedback = await this.feedback.feedbackOn({ lesson, work, checkedItems, attachments: request.attachments, language: request.language }, caller);
    const saved = await this.submissions.manager.transaction(async (manager) => {
      const submission = await manager.save(
        manager.create(ExerciseSubmission, { userId: caller.id, lessonId: lesson.id, work, checkedItems, attachments: request.attachments, feedback }),
      );
      const event = {
        submissionId: submission.id,
        userId: caller.id,
        lessonId: lesson.id,
        courseId,
        course: { title: course.title, titleAr: course.titleAr },
        checkedItemCount: checkedItems.length,
        attachmentCount: request.attachments.length,
        occurredAt: submission.submittedAt.toISOString(),
      };
      await this.outbox.add(manager, EVENT_SUBJECTS.EXERCISE_SUBMITTED, event, submission.id);
      return submission;
    });
    await this.outbox.relay();
    return this.submissionView(saved, courseId);
  }

  /**
   * A learner's own submissions to an exercise, newest first; an admin may name anyone (`userId`)
   * or, naming nobody, see everyone's. A learner naming someone else is refused.
   */
  async listExerciseSubmissions(caller: Caller, request: ListExerciseSubmissionsRequest): Promise<ExerciseSubmissionList> {
    const isAdmin = caller.role === 'admin';
    if (!isAdmin && request.userId !== undefined && request.userId !== caller.id) throw rpcError(403, LESSON_PRACTICE_MESSAGES.OTHERS_SUBMISSIONS);
    const { lesson, courseId } = await this.lessonInCourse(request.lessonId, caller);
    if (lesson.type !== 'exercise') throw rpcError(409, LESSON_PRACTICE_MESSAGES.NOT_AN_EXERCISE);
    const userId = isAdmin ? request.userId : caller.id;
    const rows = await this.submissions.find({
      where: { lessonId: request.lessonId, ...(userId === undefined ? {} : { userId }) },
      order: { submittedAt: 'DESC', id: 'DESC' },
      take: MAX_LISTED_EXERCISE_SUBMISSIONS,
    });
    return { submissions: rows.map((row) => this.submissionView(row, courseId)) };
  }

  /**
   * Every learner's submissions to an exercise, newest first, a page at a time: what an L&D admin
   * reviews. Learners are refused (403) rather than answered their own: they have their own list.
   */
  async reviewExerciseSubmissions(caller: Caller, request: CheckedReviewExerciseSubmissionsRequest): Promise<ExerciseSubmissionPage> {
    if (caller.role !== 'admin') throw rpcError(403, LESSON_PRACTICE_MESSAGES.REVIEW_ADMINS_ONLY);
    const { lesson, courseId } = await this.lessonInCourse(request.lessonId, caller);
    if (lesson.type !== 'exercise') throw rpcError(409, LESSON_PRACTICE_MESSAGES.NOT_AN_EXERCISE);
    const [rows, total] = await this.submissions.findAndCount({
      where: { lessonId: request.lessonId },
      order: { submittedAt: 'DESC', id: 'DESC' },
      skip: (request.page - 1) * request.pageSize,
      take: request.pageSize,
    });
    return { items: rows.map((row) => this.submissionView(row, courseId)), total, page: request.page, pageSize: request.pageSize };
  }

  /**
   * Where an attachment is kept, for its owner or an admin. Anyone else gets the same 404 as for an
   * attachment that does not exist, so ids cannot be probed.
   */
  async getExerciseAttachment(caller: Caller, request: GetExerciseAttachmentRequest): Promise<ExerciseAttachmentObject> {
    const row = await this.submissions.findOne({ where: { id: request.submissionId, lessonId: request.lessonId } });
    const attachment = row?.attachments.find((candidate) => candidate.attachmentId === request.attachmentId);
    if (!row || !attachment || (row.userId !== caller.id && caller.role !== 'admin')) throw rpcError(404, EXERCISE_ATTACHMENT_MESSAGES.NOT_FOUND);
    return attachment;
  }

  private submissionView(row: ExerciseSubmission, courseId: string): ExerciseSubmissionReply {
    const language = row.feedback?.language ?? 'en';
    return {
      submissionId: row.id,
      userId: row.userId,
      lessonId: row.lessonId,
      courseId,
      work: row.work,
      checkedItems: row.checkedItems,
      attachments: row.attachments.map((attachment) => ({ ...attachment, downloadUrl: exerciseAttachmentUrl(row.lessonId, row.id, attachment.attachmentId) })),
      // Submissions from before feedback existed say so honestly rather than pretending.
      feedback: row.feedback ?? { status: 'unavailable', language, text: '', covered: [], missing: [], provider: null, model: null, message: LESSON_PRACTICE_MESSAGES.FEEDBACK_PREDATES, reason: 'predates' },
      submittedAt: row.submittedAt.toISOString(),
    };
  }

  /** A lesson of a draft course is "not found" to a learner, like a missing one. */
  private async lessonInCourse(lessonId: string, caller: Caller | null): Promise<LessonInCourse> {
    const lesson = await this.lessons.findOne({ where: { id: lessonId }, relations: { module: { course: true } } });
    if (!lesson?.module?.course) throw rpcError(404, LESSON_PRACTICE_MESSAGES.LESSON_NOT_FOUND);
    if (lesson.module.course.status !== 'published' && !seesDrafts(caller)) throw rpcError(404, LESSON_PRACTICE_MESSAGES.LESSON_NOT_FOUND);
    return { lesson, courseId: lesson.module.courseId, course: lesson.module.course };
  }

  /** The lesson's quiz, wrong options topped up from the course's other quiz lessons. */
  private async quizOf(lessonId: string, caller: Caller | null): Promise<{ courseId: string; course: Course; questions: BuiltQuestion[] }> {
    const { lesson, courseId, course } = await this.lessonInCourse(lessonId, caller);
    if (lesson.type !== 'quiz') throw rpcError(409, LESSON_PRACTICE_MESSAGES.NOT_A_QUIZ);
    const otherQuizzes = await this.lessons
      .createQueryBuilder('lesson')
      .innerJoin('lesson.module', 'module')
      .where('module.courseId = :courseId', { courseId })
      .andWhere('lesson.type = :type', { type: 'quiz' })
      .andWhere('lesson.id <> :lessonId', { lessonId })
      .orderBy('module.position')
      .addOrderBy('lesson.position')
      .select(['lesson.id', 'lesson.content'])
      .getMany();
    const questions = buildLessonQuiz(lesson.id, lesson.content, otherQuizzes.flatMap((other) => answersOfQuiz(other.content)));
    if (questions.length === 0) throw rpcError(422, LESSON_PRACTICE_MESSAGES.NO_FAIR_QUESTION);
    return { courseId, course, questions };
  }
}
