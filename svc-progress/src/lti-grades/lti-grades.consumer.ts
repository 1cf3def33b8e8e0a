import { EVENT_SUBJECTS, LTI_GRADES_CONSUMER, type EventPayload, type EventSubject, type LessonProgressReportedEvent, type QuizAttemptGradedEvent } from '@masar/contracts';
import { LOGGER, NATS_CLIENT } from '@masar/contracts/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { DeliverPolicy } from 'nats';
import { Logger } from 'pino';
import { Repository } from 'typeorm';
import { Activity } from '../activities/entities/activity.entity';
import { DurableEventsConsumer } from '../events/durable-events-consumer';
import { LessonProgressService } from '../lesson-progress/lesson-progress.service';
import { LtiGradesService } from './lti-grades.service';

/**
 * Grade passback's own durable consumer of the events stream, so an LMS that is down delays scores
 * only, never progress or learning records. Started only with LTI_TOOL_PRIVATE_KEY set; made the
 * first time, it reads new events only.
 */
@Injectable()
export class LtiGradesConsumer extends DurableEventsConsumer {
  constructor(
    @Inject(NATS_CLIENT) nats: ClientProxy,
    @Inject(LOGGER) logger: Logger,
    private readonly grades: LtiGradesService,
    private readonly lessonProgress: LessonProgressService,
    @InjectRepository(Activity) private readonly activities: Repository<Activity>,
  ) {
    super(nats, logger, LTI_GRADES_CONSUMER, DeliverPolicy.New);
  }

  override onApplicationBootstrap(): void {
    if (this.grades.enabled) super.onApplicationBootstrap();
  }

  protected async apply<S extends EventSubject>(subject: S, payload: EventPayload<S>): Promise<void> {
    if (subject === EVENT_SUBJECTS.QUIZ_ATTEMPT_GRADED) return this.grades.quizGraded(payload as QuizAttemptGradedEvent);
    if (subject !== EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED) return;
    const report = payload as LessonProgressReportedEvent;
    if (report.status !== 'completed') return;
    // Recording is idempotent (by report id): applied here first, the completion is known whichever
    // of svc-progress' consumers reads the event first.
    await this.lessonProgress.record(report);
    const completed = await this.activities.existsBy({
      userId: report.userId,
      courseId: report.courseId,
      occurredAt: new Date(report.occurredAt),
      kind: 'course-completed',
    });
    if (completed) await this.grades.courseCompleted(report.userId, report.courseId);
  }
}
