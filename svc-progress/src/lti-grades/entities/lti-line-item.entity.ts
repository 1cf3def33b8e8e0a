import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** Where a learner's score for a course goes in an LMS (the line item of an LTI launch). */
@Entity({ name: 'lti_line_items' })
@Unique('lti_line_items_user_course_line_item', ['userId', 'courseId', 'lineItemUrl'])
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
}
