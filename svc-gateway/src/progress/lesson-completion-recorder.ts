import {
  CourseDetail,
  EVENT_SUBJECTS,
  LESSON_NOT_IN_COURSE_MESSAGE,
  LessonProgressReportedEvent,
  PROGRESS_QUEUED_MESSAGE,
  RecordLessonProgressBody,
  RecordLessonProgressReply,
} from '@masar/contracts';
import { HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CoursesClient } from '../courses/courses.client';
import { EventsPublisher } from '../events/events-publisher';
import { ProgressClient } from './progress.client';

/** A recorded report (`queued` when svc-progress was away and it waits on the event stream). */
export interface RecordedLessonProgress {
  reply: RecordLessonProgressReply;
  queued: boolean;
}

/**
 * The one path by which a lesson is started or completed, whether the learner pressed Mark as
 * Complete or passed its quiz: the lesson is checked against svc-courses, the report goes on the
 * events stream first (none is lost while svc-progress is away), then svc-progress records it.
 */
@Injectable()
export class LessonCompletionRecorder {
  constructor(
    private readonly progress: ProgressClient,
    private readonly courses: CoursesClient,
    private readonly events: EventsPublisher,
  ) {}

  async record(userId: string, lessonId: string, body: RecordLessonProgressBody): Promise<RecordedLessonProgress> {
    const course = await this.courses.get(body.courseId);
    const lessonIds = course.modules.flatMap((module) => module.lessons.map((lesson) => lesson.id));
    if (!lessonIds.includes(lessonId)) throw new NotFoundException({ statusCode: 404, message: LESSON_NOT_IN_COURSE_MESSAGE });
    const report = lessonReport(body, lessonId, userId, course, lessonIds);
    await this.events.publish(EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED, report, report.reportId);
    try {
      return { reply: { progress: await this.progress.recordLessonProgress(report) }, queued: false };
    } catch (error) {
      if (!(error instanceof HttpException && error.getStatus() === HttpStatus.SERVICE_UNAVAILABLE)) throw error;
      // Stored on the stream already: svc-progress records it when it is back.
      return { reply: { progress: null, message: PROGRESS_QUEUED_MESSAGE }, queued: true };
    }
  }
}

/** The report with what svc-progress needs of the course to tell completion and raise its skills. */
function lessonReport(
  body: RecordLessonProgressBody,
  lessonId: string,
  userId: string,
  course: CourseDetail,
  lessonIds: string[],
): LessonProgressReportedEvent {
  return {
    ...body,
    reportId: randomUUID(),
    userId,
    lessonId,
    occurredAt: new Date().toISOString(),
    course: {
      title: course.title,
      titleAr: course.titleAr ?? null,
      description: course.description,
      duration: course.duration,
      level: course.level ?? null,
      skills: course.skills ?? [],
      lessonIds,
    },
  };
}
