import { QUALITY_SEVERITIES, type QualityCheck, type QualitySeverity } from '@masar/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { QualityReview } from './quality-review.entity';

/**
 * One result of one check in a review. `check` is text, not an enum, so a new check needs no
 * migration; module and lesson ids carry no foreign key, so a finding outlives an edited lesson.
 */
@Entity({ name: 'quality_findings' })
@Index('quality_findings_review_idx', ['reviewId', 'position'])
export class QualityFinding {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'quality_findings_pkey' })
  id!: string;

  @Column('uuid', { name: 'review_id' })
  reviewId!: string;

  @ManyToOne(() => QualityReview, (review) => review.findings, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'review_id', foreignKeyConstraintName: 'quality_findings_review_id_fkey' })
  review?: Relation<QualityReview>;

  /** Order within the review: the checks' order, then course order. */
  @Column('integer')
  position!: number;

  @Column('text')
  check!: QualityCheck;

  @Column('boolean')
  passed!: boolean;

  @Column({ type: 'enum', enum: QUALITY_SEVERITIES, enumName: 'quality_severity' })
  severity!: QualitySeverity;

  @Column('uuid', { name: 'module_id', nullable: true })
  moduleId!: string | null;

  @Column('uuid', { name: 'lesson_id', nullable: true })
  lessonId!: string | null;

  @Column('text')
  message!: string;
}
