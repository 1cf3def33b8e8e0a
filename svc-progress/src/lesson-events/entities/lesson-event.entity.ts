import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const LESSON_EVENT_KINDS = ['started', 'completed'] as const;
export type LessonEventKind = (typeof LESSON_EVENT_KINDS)[number];

/**
 * That a learner started or completed a lesson, and when: the record course and path progress
 * are derived from. Users and lessons live in other services, so their ids carry no foreign key.
 */
@Entity({ name: 'lesson_events' })
@Index('lesson_events_user_course_idx', ['userId', 'courseId'])
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
}
