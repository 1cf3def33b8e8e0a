import { z } from 'zod';
import { COURSE_LEVELS } from '../courses/courses';
import { recordLessonProgressBodySchema } from '../progress/progress';
import { skillLevelSchema } from '../skills/skills';

/**
 * Domain events: what one service tells the others happened. They travel on JetStream, so a service
 * that is down while they happen reads them when it returns (its durable consumer remembers where it
 * stopped). Publishers await the stream's acknowledgement before they answer.
 */
export const EVENTS_STREAM = 'MASAR_EVENTS';
export const EVENT_SUBJECT_PREFIX = 'masar.events';

export const EVENT_SUBJECTS = {
  /** svc-courses: `CourseCreatedEvent` */
  COURSE_CREATED: 'masar.events.courses.created',
  /** svc-courses: `CourseDeletedEvent` */
  COURSE_DELETED: 'masar.events.courses.deleted',
  /** svc-courses: `CourseStructureChangedEvent` (lessons added, deleted or moved; svc-progress recounts) */
  COURSE_STRUCTURE_CHANGED: 'masar.events.courses.structure-changed',
  /** svc-courses: `QuizAttemptGradedEvent` (a learner's quiz attempt, graded; svc-progress sends it to the LRS) */
  QUIZ_ATTEMPT_GRADED: 'masar.events.courses.quiz-graded',
  /** svc-courses: `ExerciseSubmittedEvent` (a learner's work on an exercise; svc-progress sends it to the LRS) */
  EXERCISE_SUBMITTED: 'masar.events.courses.exercise-submitted',
  /** svc-jobs: `JobSkillsReviewedEvent` */
  JOB_SKILLS_REVIEWED: 'masar.events.jobs.skills-reviewed',
  /** svc-gateway: `LessonProgressReportedEvent` (svc-progress records it) */
  LESSON_PROGRESS_REPORTED: 'masar.events.progress.lesson-reported',
  /** svc-progress: `LearningPathGeneratedEvent` */
  LEARNING_PATH_GENERATED: 'masar.events.progress.path-generated',
  /** svc-progress: `SkillsSelfAssessedEvent` (a learner's own levels that changed; svc-progress sends them to the LRS) */
  SKILLS_SELF_ASSESSED: 'masar.events.progress.skills-self-assessed',
} as const;
export type EventSubject = (typeof EVENT_SUBJECTS)[keyof typeof EVENT_SUBJECTS];

/** Name of svc-progress' durable consumer of every event. */
export const PROGRESS_EVENTS_CONSUMER = 'svc-progress';

const occurredAt = z.iso.datetime({ offset: true });

export const courseCreatedEventSchema = z.object({
  courseId: z.uuid(),
  title: z.string(),
  titleAr: z.string().nullable(),
  /** Who created it; null for the catalog's own seed. */
  createdBy: z.uuid().nullable(),
  occurredAt,
});
export type CourseCreatedEvent = z.infer<typeof courseCreatedEventSchema>;

export const courseDeletedEventSchema = z.object({
  courseId: z.uuid(),
  title: z.string(),
  titleAr: z.string().nullable(),
  deletedBy: z.uuid().nullable(),
  occurredAt,
});
export type CourseDeletedEvent = z.infer<typeof courseDeletedEventSchema>;

/**
 * A course's lessons changed (added, deleted, moved between modules): every lesson id it has now, so
 * svc-progress counts each learner's percentage, and whether the course is complete, against them.
 */
export const courseStructureChangedEventSchema = z.object({
  courseId: z.uuid(),
  lessonIds: z.array(z.uuid()).min(1),
  changedBy: z.uuid().nullable(),
  occurredAt,
});
export type CourseStructureChangedEvent = z.infer<typeof courseStructureChangedEventSchema>;

/** A learner's quiz attempt as svc-courses graded it, with the course it belongs to. */
export const quizAttemptGradedEventSchema = z.object({
  attemptId: z.uuid(),
  userId: z.uuid(),
  lessonId: z.uuid(),
  courseId: z.uuid(),
  course: z.object({ title: z.string(), titleAr: z.string().nullable() }),
  correctCount: z.number().int().nonnegative(),
  questionCount: z.number().int().positive(),
  /** Percent right, 0 to 100. */
  score: z.number().min(0).max(100),
  passed: z.boolean(),
  occurredAt,
});
export type QuizAttemptGradedEvent = z.infer<typeof quizAttemptGradedEventSchema>;

export const jobSkillsReviewedEventSchema = z.object({
  jobDescriptionId: z.uuid(),
  title: z.string(),
  /** The reviewed set's skill names, as saved. */
  skills: z.array(z.string()),
  reviewedBy: z.uuid().nullable(),
  occurredAt,
});
export type JobSkillsReviewedEvent = z.infer<typeof jobSkillsReviewedEventSchema>;

/**
 * What the gateway knew of the course when the lesson was reported: enough for svc-progress to tell
 * when the course is complete and which skills it raised, without asking svc-courses.
 */
export const reportedCourseSchema = z.object({
  title: z.string(),
  titleAr: z.string().nullable(),
  description: z.string(),
  duration: z.string(),
  level: z.enum(COURSE_LEVELS).nullable(),
  skills: z.array(z.string()),
  /** Every lesson id of the course at the time of the report. */
  lessonIds: z.array(z.uuid()).min(1),
});
export type ReportedCourse = z.infer<typeof reportedCourseSchema>;

/**
 * A learner started or completed a lesson. `reportId` makes recording idempotent: svc-progress
 * applies a report once, whether it reads it from the stream or from the gateway's direct request.
 */
export const lessonProgressReportedEventSchema = recordLessonProgressBodySchema.extend({
  reportId: z.uuid({ error: 'Invalid report id' }),
  userId: z.uuid(),
  lessonId: z.uuid({ error: 'Invalid lesson id' }),
  course: reportedCourseSchema,
  occurredAt,
});
export type LessonProgressReportedEvent = z.output<typeof lessonProgressReportedEventSchema>;

export const learningPathGeneratedEventSchema = z.object({
  learningPathId: z.uuid(),
  userId: z.uuid(),
  jobDescriptionId: z.uuid().nullable(),
  jobTitle: z.string(),
  courseCount: z.number().int().nonnegative(),
  gapSkillCount: z.number().int().nonnegative(),
  occurredAt,
});
export type LearningPathGeneratedEvent = z.infer<typeof learningPathGeneratedEventSchema>;

/**
 * A learner's work submitted on an exercise. The work itself stays in Masar (the admins' review
 * reads it): the event says that it was submitted, how many checklist items and files it has.
 */
export const exerciseSubmittedEventSchema = z.object({
  submissionId: z.uuid(),
  userId: z.uuid(),
  lessonId: z.uuid(),
  courseId: z.uuid(),
  course: z.object({ title: z.string(), titleAr: z.string().nullable() }),
  checkedItemCount: z.number().int().nonnegative(),
  attachmentCount: z.number().int().nonnegative(),
  occurredAt,
});
export type ExerciseSubmittedEvent = z.infer<typeof exerciseSubmittedEventSchema>;

export const skillsSelfAssessedEventSchema = z.object({
  /** One save of the learner's self-assessment. */
  assessmentId: z.uuid(),
  userId: z.uuid(),
  /** Only the skills whose level the save changed, each at its new level (`none`: taken off the profile). */
  changes: z.array(z.object({ skill: z.string().min(1), level: skillLevelSchema })).min(1),
  occurredAt,
});
export type SkillsSelfAssessedEvent = z.infer<typeof skillsSelfAssessedEventSchema>;

/** Each subject's payload schema, for publishers and consumers alike. */
export const EVENT_SCHEMAS = {
  [EVENT_SUBJECTS.COURSE_CREATED]: courseCreatedEventSchema,
  [EVENT_SUBJECTS.COURSE_DELETED]: courseDeletedEventSchema,
  [EVENT_SUBJECTS.COURSE_STRUCTURE_CHANGED]: courseStructureChangedEventSchema,
  [EVENT_SUBJECTS.QUIZ_ATTEMPT_GRADED]: quizAttemptGradedEventSchema,
  [EVENT_SUBJECTS.JOB_SKILLS_REVIEWED]: jobSkillsReviewedEventSchema,
  [EVENT_SUBJECTS.LESSON_PROGRESS_REPORTED]: lessonProgressReportedEventSchema,
  [EVENT_SUBJECTS.LEARNING_PATH_GENERATED]: learningPathGeneratedEventSchema,
  [EVENT_SUBJECTS.SKILLS_SELF_ASSESSED]: skillsSelfAssessedEventSchema,
  [EVENT_SUBJECTS.EXERCISE_SUBMITTED]: exerciseSubmittedEventSchema,
} as const;
export type EventPayload<S extends EventSubject> = z.infer<(typeof EVENT_SCHEMAS)[S]>;

/** JetStream's de-duplication id for an event, so a publish retried after a lost ack is stored once. */
export function eventMessageId(subject: EventSubject, key: string): string {
  return `${subject}:${key}`;
}

/** The stream every service makes sure exists before it publishes or consumes (adding it again is a no-op). */
export const EVENTS_STREAM_SUBJECTS = [`${EVENT_SUBJECT_PREFIX}.>`];
