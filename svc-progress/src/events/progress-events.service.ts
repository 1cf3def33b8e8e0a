import {
  EVENT_SUBJECTS,
  type CourseCreatedEvent,
  type CourseDeletedEvent,
  type CourseStructureChangedEvent,
  type EventPayload,
  type EventSubject,
  type JobSkillsReviewedEvent,
  type LearningPathGeneratedEvent,
} from '@masar/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ActivitiesService, learningPathGeneratedActivity } from '../activities/activities.service';
import { LessonProgressService } from '../lesson-progress/lesson-progress.service';
import { RemovedCoursesService } from '../removed-courses/removed-courses.service';

/** What svc-progress does with each event it reads from the stream. Applying one twice changes nothing. */
@Injectable()
export class ProgressEventsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lessonProgress: LessonProgressService,
    private readonly activities: ActivitiesService,
    private readonly removedCourses: RemovedCoursesService,
  ) {}

  async apply<S extends EventSubject>(subject: S, payload: EventPayload<S>): Promise<void> {
    switch (subject) {
      case EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED:
        await this.lessonProgress.record(payload as EventPayload<typeof EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED>);
        return;
      case EVENT_SUBJECTS.COURSE_CREATED:
        return this.courseCreated(payload as CourseCreatedEvent);
      case EVENT_SUBJECTS.COURSE_DELETED:
        return this.courseDeleted(payload as CourseDeletedEvent);
      case EVENT_SUBJECTS.COURSE_STRUCTURE_CHANGED:
        return this.lessonProgress.courseLessonsChanged(payload as CourseStructureChangedEvent);
      case EVENT_SUBJECTS.JOB_SKILLS_REVIEWED:
        return this.jobSkillsReviewed(payload as JobSkillsReviewedEvent);
      case EVENT_SUBJECTS.LEARNING_PATH_GENERATED:
        return this.learningPathGenerated(payload as LearningPathGeneratedEvent);
      case EVENT_SUBJECTS.QUIZ_ATTEMPT_GRADED:
      case EVENT_SUBJECTS.SKILLS_SELF_ASSESSED:
      case EVENT_SUBJECTS.EXERCISE_SUBMITTED:
        // Only learning records (their own consumer) use these.
        return;
    }
  }

  private courseCreated(event: CourseCreatedEvent): Promise<void> {
    return this.activities.record(this.dataSource.manager, {
      eventKey: `course-created:${event.courseId}`,
      kind: 'course-created',
      occurredAt: new Date(event.occurredAt),
      courseId: event.courseId,
      title: event.title,
      titleAr: event.titleAr,
    });
  }

  /** Paths and progress keep the course, marked removed; the dashboard lists the deletion. */
  private courseDeleted(event: CourseDeletedEvent): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      await this.removedCourses.remember(manager, event.courseId, new Date(event.occurredAt));
      await this.activities.record(manager, {
        eventKey: `course-deleted:${event.courseId}`,
        kind: 'course-deleted',
        occurredAt: new Date(event.occurredAt),
        courseId: event.courseId,
        title: event.title,
        titleAr: event.titleAr,
      });
    });
  }

  /** A reviewed set saved again is a new review: the time is part of its key. */
  private jobSkillsReviewed(event: JobSkillsReviewedEvent): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      await this.activities.record(manager, {
        eventKey: `job-skills-reviewed:${event.jobDescriptionId}:${event.occurredAt}`,
        kind: 'job-skills-reviewed',
        occurredAt: new Date(event.occurredAt),
        title: event.title,
        count: event.skills.length,
      });
      await this.activities.mapSkills(manager, event.skills);
    });
  }

  /** svc-progress recorded this when it generated the path; a path generated elsewhere is recorded here. */
  private learningPathGenerated(event: LearningPathGeneratedEvent): Promise<void> {
    return this.activities.record(this.dataSource.manager, learningPathGeneratedActivity(event));
  }
}
