import { Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { PendingScore } from '../lms-score-client';

/** Where a learner's score for a course goes in an LMS (the line item of an LTI launch). */
@Entity({ name: 'lti_line_items' })
@Unique('lti_line_items_user_course_line_item', ['userId', 'courseId', 'lineItemUrl'])
@Index('lti_line_items_due_scores', ['nextPostAt'], { where: '"pending_score" IS NOT NULL' })
export class LtiLineItem {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'lti_line_items_pkey' })
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('uuid', { name: 'course_id' })
  courseId!: string;

  @Column('text', { name: 'line_item_url' })
  lineItemUrl!: string;

  /** The learner as the platform knows them (the launch's sub). */
  @Column('text', { name: 'platform_user_id' })
  platformUserId!: string;

  @Column('text')
  issuer!: string;

  @Column('text', { name: 'client_id' })
  clientId!: string;

  @Column('text', { name: 'token_url' })
  tokenUrl!: string;

  @Column('timestamptz', { name: 'remembered_at', default: () => 'now()' })
  rememberedAt!: Date;

  @Column('timestamptz', { name: 'score_posted_at', nullable: true })
  scorePostedAt!: Date | null;

  /** The latest score not yet taken by the LMS (AGS keeps only the latest); null when none waits. */
  @Column('jsonb', { name: 'pending_score', nullable: true })
  pendingScore!: PendingScore | null;

  @Column('integer', { name: 'post_attempts', default: 0 })
  postAttempts!: number;

  @Column('timestamptz', { name: 'next_post_at', nullable: true })
  nextPostAt!: Date | null;
}
