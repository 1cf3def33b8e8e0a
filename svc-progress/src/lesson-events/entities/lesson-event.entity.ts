import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const LESSON_EVENT_KINDS = ['started', 'completed'] as const;
export type LessonEventKind = (typeof LESSON_EVENT_KINDS)[number];

/**
 * That a learner started or completed a lesson, and when: the record course and path progress
 * are derived from. Users and lessons live in other services, so their ids carry no foreign key.
 * One row per (learner, lesson, kind): recording again adds to `secondsSpent` and keeps the first
 * `occurredAt`.
 */
@Entity({ name: 'lesson_events' })
@Index('lesson_events_user_course_idx', ['userId', 'courseId'])
// The conflict target of the upsert in LessonProgressService.record.
@Index('lesson_events_user_lesson_kind_key', ['userId', 'lessonId', 'kind'], { unique: true })
@Check('lesson_events_seconds_spent_check', '"seconds_spent" >= 0')
export class LessonEvent {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'lesson_events_pkey' })
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('uuid', { name: 'course_id' })
  courseId!: string;

  @Column('uuid', { name: 'lesson_id' })
  lessonId!: string;

  @Column({ type: 'enum', enum: LESSON_EVENT_KINDS, enumName: 'lesson_event_kind' })
  kind!: LessonEventKind;

  @Column('timestamptz', { name: 'occurred_at', default: () => 'now()' })
  occurredAt!: Date;

  /** Time the learner reported spending on the lesson, summed over every report of this kind. */
  @Column('integer', { name: 'seconds_spent', default: 0 })
  secondsSpent!: number;
}
