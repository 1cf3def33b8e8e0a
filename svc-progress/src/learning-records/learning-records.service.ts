import {
  EVENT_SUBJECTS,
  LEARNING_RECORDS_JOBS,
  PROGRESS_QUEUES,
  type CourseStructureChangedEvent,
  type EventPayload,
  type ExerciseSubmittedEvent,
  type EventSubject,
  type LessonProgressReportedEvent,
  type QuizAttemptGradedEvent,
  type SkillLevel,
  type SkillsSelfAssessedEvent,
} from '@masar/contracts';
import { LOGGER } from '@masar/contracts/service-kit';
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import { Logger } from 'pino';
import { In, Repository } from 'typeorm';
import { Activity } from '../activities/entities/activity.entity';
import { PROGRESS_CONFIG, type ProgressConfig, type XapiConfig } from '../config';
import { LessonProgressService } from '../lesson-progress/lesson-progress.service';
import { skillKey } from '../learning-paths/planning/skill-gaps';
import type { SendStatementJob } from '../queues/learning-records/learning-records.processor';
import { LearnerIdentityClient } from './learner-identity.client';
import { statementProblems } from './statement-validation';
import {
  actorOf,
  courseCompletedStatement,
  exerciseSubmittedStatement,
  learningPathGeneratedStatement,
  lessonCompletedStatement,
  lessonStartedStatement,
  quizAnsweredStatement,
  quizResultStatement,
  skillLevelChangedStatement,
  skillSelfAssessedStatement,
  type StatementSubject,
  type XapiStatement,
} from './xapi-statements';

/** What a learner's events become at the LRS; each subject that has no statement becomes none. */
@Injectable()
export class LearningRecordsService {
  private readonly xapi: XapiConfig;

  constructor(
    @Inject(PROGRESS_CONFIG) config: ProgressConfig,
    @InjectQueue(PROGRESS_QUEUES.LEARNING_RECORDS) private readonly queue: Queue<SendStatementJob>,
    @InjectRepository(Activity) private readonly activities: Repository<Activity>,
    private readonly lessonProgress: LessonProgressService,
    private readonly identity: LearnerIdentityClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    if (!config.xapi) throw new Error('LearningRecordsModule needs an LRS configured');
    this.xapi = config.xapi;
  }

  /** Builds the event's statements, checks each, and queues those that pass. Throws when it should be tried again. */
  async apply<S extends EventSubject>(subject: S, payload: EventPayload<S>): Promise<void> {
    if (subject === EVENT_SUBJECTS.COURSE_STRUCTURE_CHANGED) return this.applyStructureChange(payload as CourseStructureChangedEvent);
    const userId = learnerOf(subject, payload);
    if (userId === null) return;
    const subjectOf = await this.statementSubjectOf(userId);
    if (subjectOf === null) {
      this.logger.warn({ userId, subject }, 'learning record not sent: the person no longer exists');
      return;
    }
    const statements = await this.statementsFor(subject, payload, subjectOf);
    for (const statement of statements) await this.enqueue(statement);
  }

  private async statementsFor<S extends EventSubject>(subject: S, payload: EventPayload<S>, who: StatementSubject): Promise<XapiStatement[]> {
    if (subject === EVENT_SUBJECTS.LEARNING_PATH_GENERATED) {
      return [learningPathGeneratedStatement(who, payload as EventPayload<typeof EVENT_SUBJECTS.LEARNING_PATH_GENERATED>)];
    }
    if (subject === EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED) return this.lessonStatements(payload as LessonProgressReportedEvent, who);
    if (subject === EVENT_SUBJECTS.SKILLS_SELF_ASSESSED) {
      const { assessmentId, changes, occurredAt } = payload as SkillsSelfAssessedEvent;
      return changes.map(({ skill, level }) =>
        skillSelfAssessedStatement(who, { eventKey: `skill-self-assessed:${assessmentId}:${skillKey(skill)}`, skill, level, occurredAt }),
      );
    }
    if (subject === EVENT_SUBJECTS.EXERCISE_SUBMITTED) return [exerciseSubmittedStatement(who, payload as ExerciseSubmittedEvent)];
    if (subject === EVENT_SUBJECTS.QUIZ_ATTEMPT_GRADED) {
      const event = payload as QuizAttemptGradedEvent;
      const attempt = { ...event, course: { courseId: event.courseId, ...event.course } };
      return [quizAnsweredStatement(who, attempt), quizResultStatement(who, attempt)];
    }
    return [];
  }

  /**
   * A lesson report, and what completing it completed: the course and the skill levels it raised.
   * Recording the report is idempotent (by its id), so applying it here first means the completion
   * is known whichever of svc-progress' two consumers reads the event first.
   */
  private async lessonStatements(report: LessonProgressReportedEvent, who: StatementSubject): Promise<XapiStatement[]> {
    const course = { courseId: report.courseId, title: report.course.title, titleAr: report.course.titleAr };
    const lesson = { userId: report.userId, lessonId: report.lessonId, course, occurredAt: report.occurredAt };
    if (report.status !== 'completed') return [lessonStartedStatement(who, lesson)];
    await this.lessonProgress.record(report);
    // What this report completed was recorded with its time, in the same transaction as the lesson.
    const earned = await this.earnedBy({ userId: report.userId, courseId: report.courseId, occurredAt: report.occurredAt });
    return [
      lessonStartedStatement(who, lesson),
      lessonCompletedStatement(who, { ...lesson, secondsSpent: report.secondsSpent }),
      ...earned.map((activity) => earnedStatement(who, activity)),
    ];
  }

  /**
   * A course that loses its last lessons a learner had not done is completed for them: the course
   * and the skill levels it raised, for each such learner. Applied here first, idempotently, as a
   * lesson report is, so either consumer may read the change first.
   */
  private async applyStructureChange(change: CourseStructureChangedEvent): Promise<void> {
    await this.lessonProgress.courseLessonsChanged(change);
    const earned = await this.earnedBy({ courseId: change.courseId, occurredAt: change.occurredAt });
    const byLearner = new Map<string, Activity[]>();
    for (const activity of earned) {
      if (activity.userId !== null) byLearner.set(activity.userId, [...(byLearner.get(activity.userId) ?? []), activity]);
    }
    for (const [userId, activities] of byLearner) {
      const who = await this.statementSubjectOf(userId);
      if (who === null) {
        this.logger.warn({ userId, subject: EVENT_SUBJECTS.COURSE_STRUCTURE_CHANGED }, 'learning record not sent: the person no longer exists');
        continue;
      }
      for (const activity of activities) await this.enqueue(earnedStatement(who, activity));
    }
  }

  /** What completing a course earned, recorded with the time of what completed it. */
  private earnedBy(where: { userId?: string; courseId: string; occurredAt: string }): Promise<Activity[]> {
    return this.activities.find({
      where: { ...where, occurredAt: new Date(where.occurredAt), kind: In(['course-completed', 'skill-level-reached']) },
      order: { userId: 'ASC', kind: 'ASC', eventKey: 'ASC' },
    });
  }

  private async statementSubjectOf(userId: string): Promise<StatementSubject | null> {
    const base = this.xapi.activityBaseIri;
    if (this.xapi.actor === 'sso') {
      const known = await this.identity.ssoAccountOf(userId);
      return known === null ? null : { base, actor: actorOf('sso', base, { userId, ssoAccount: known.ssoAccount }) };
    }
    const email = await this.identity.emailOf(userId);
    return email === null ? null : { base, actor: actorOf('email', base, { userId, email }) };
  }

  /**
   * Queues a statement once: the job id is the statement id, so a replayed event finds its job and
   * adds nothing while Bull keeps it. A statement that breaks xAPI is Masar's bug: logged, not sent.
   */
  private async enqueue(statement: XapiStatement): Promise<void> {
    const problems = statementProblems(statement);
    if (problems.length > 0) {
      this.logger.error({ statementId: statement.id, verb: statement.verb.id, problems }, 'BUG: an xAPI statement Masar built is invalid; not sent');
      return;
    }
    await this.queue.add(LEARNING_RECORDS_JOBS.SEND_STATEMENT, { statement }, {
      jobId: statement.id,
      attempts: this.xapi.maxAttempts,
      backoff: { type: 'exponential', delay: this.xapi.retryDelayMs },
      // Kept a week after delivery so replays find them; failed ones are kept for an operator to retry.
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: false,
    });
  }
}

/** A course completed, or a skill level it raised, as the activity svc-progress recorded it. */
function earnedStatement(who: StatementSubject, activity: Activity): XapiStatement {
  const course = { courseId: activity.courseId ?? '', title: activity.title, titleAr: activity.titleAr };
  const occurredAt = activity.occurredAt.toISOString();
  if (activity.kind === 'course-completed') return courseCompletedStatement(who, { eventKey: activity.eventKey, course, occurredAt });
  return skillLevelChangedStatement(who, { eventKey: activity.eventKey, skill: activity.skill ?? '', level: activity.level as SkillLevel, course, occurredAt });
}

/** The learner an event is about; null for events that make no learning record. */
function learnerOf(subject: EventSubject, payload: unknown): string | null {
  switch (subject) {
    case EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED:
      return (payload as LessonProgressReportedEvent).userId;
    case EVENT_SUBJECTS.LEARNING_PATH_GENERATED:
      return (payload as EventPayload<typeof EVENT_SUBJECTS.LEARNING_PATH_GENERATED>).userId;
    case EVENT_SUBJECTS.QUIZ_ATTEMPT_GRADED:
      return (payload as QuizAttemptGradedEvent).userId;
    case EVENT_SUBJECTS.SKILLS_SELF_ASSESSED:
      return (payload as SkillsSelfAssessedEvent).userId;
    case EVENT_SUBJECTS.EXERCISE_SUBMITTED:
      return (payload as ExerciseSubmittedEvent).userId;
    default:
      return null;
  }
}
