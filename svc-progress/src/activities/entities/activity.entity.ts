import { SKILL_LEVELS, type SkillLevel } from '@masar/contracts';
import { Check, Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

export const ACTIVITY_RECORD_KINDS = [
  'course-created',
  'course-deleted',
  'job-skills-reviewed',
  'learning-path-generated',
  'lesson-completed',
  'course-completed',
  'skill-level-reached',
  'milestone-met',
] as const;
export type ActivityRecordKind = (typeof ACTIVITY_RECORD_KINDS)[number];

/**
 * Something that happened, once: `event_key` names the happening (e.g. the course a learner
 * completed), so an event read again adds no second line.
 */
@Entity({ name: 'activities' })
@Unique('activities_event_key_key', ['eventKey'])
@Index('activities_occurred_idx', ['occurredAt', 'id'])
@Index('activities_user_occurred_idx', ['userId', 'occurredAt', 'id'])
@Check('activities_quarter_check', '"quarter" BETWEEN 1 AND 4')
export class Activity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'activities_pkey' })
  id!: string;

  @Column('text', { name: 'event_key' })
  eventKey!: string;

  @Column({ type: 'enum', enum: ACTIVITY_RECORD_KINDS, enumName: 'activity_kind' })
  kind!: ActivityRecordKind;

  /** The learner it concerns; null for catalog and job events. */
  @Column('uuid', { name: 'user_id', nullable: true })
  userId!: string | null;

  @Column('timestamptz', { name: 'occurred_at' })
  occurredAt!: Date;

  @Column('uuid', { name: 'course_id', nullable: true })
  courseId!: string | null;

  @Column('uuid', { name: 'learning_path_id', nullable: true })
  learningPathId!: string | null;

  @Column('text')
  title!: string;

  @Column('text', { name: 'title_ar', nullable: true })
  titleAr!: string | null;

  @Column('integer', { nullable: true })
  count!: number | null;

  @Column('text', { nullable: true })
  skill!: string | null;

  @Column({ type: 'enum', enum: SKILL_LEVELS, enumName: 'skill_level', nullable: true })
  level!: SkillLevel | null;

  @Column('smallint', { nullable: true })
  quarter!: number | null;
}
