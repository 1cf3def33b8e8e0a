import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { AgentTask } from '../../agent-tasks/entities/agent-task.entity';
import { Course } from '../../courses/entities/course.entity';
import { QualityFinding } from './quality-finding.entity';

/** One review of one course: kept after later ones; the latest is the course's report. */
@Entity({ name: 'quality_reviews' })
// (course_id, reviewed_at DESC, id DESC), made by the migration: TypeORM cannot describe a descending index.
@Index('quality_reviews_course_latest_idx', { synchronize: false })
export class QualityReview {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'quality_reviews_pkey' })
  id!: string;

  @Column('uuid', { name: 'course_id' })
  courseId!: string;

  @ManyToOne(() => Course, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id', foreignKeyConstraintName: 'quality_reviews_course_id_fkey' })
  course?: Relation<Course>;

  /** The quality-review task that wrote it. */
  @Column('uuid', { name: 'task_id', nullable: true })
  taskId!: string | null;

  @ManyToOne(() => AgentTask, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'task_id', foreignKeyConstraintName: 'quality_reviews_task_id_fkey' })
  task?: Relation<AgentTask>;

  @Column('timestamptz', { name: 'reviewed_at', default: () => 'now()' })
  reviewedAt!: Date;

  @Column('integer', { name: 'checks_run' })
  checksRun!: number;

  @Column('integer')
  passed!: number;

  @Column('integer')
  failed!: number;

  @OneToMany(() => QualityFinding, (finding) => finding.review)
  findings?: QualityFinding[];
}
