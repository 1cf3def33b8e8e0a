import { COURSE_CREATION_KINDS, COURSE_CREATION_STAGES, CourseCreationKind, CourseCreationStage } from '@masar/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A course being made from documents, as the person who started it follows it. The queue does the
 * work; this row is what any instance answers from when the browser polls.
 */
@Entity({ name: 'creation_tasks' })
@Index('creation_tasks_created_by_idx', ['createdBy', 'createdAt'])
@Check('creation_tasks_progress_check', '"progress" BETWEEN 0 AND 100')
export class CreationTask {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'creation_tasks_pkey' })
  id!: string;

  @Column({ type: 'enum', enum: COURSE_CREATION_KINDS, enumName: 'creation_task_kind' })
  kind!: CourseCreationKind;

  @Column({ type: 'enum', enum: COURSE_CREATION_STAGES, enumName: 'creation_task_stage', default: 'uploading' })
  stage!: CourseCreationStage;

  @Column('integer', { default: 10 })
  progress!: number;

  @Column('text', { nullable: true })
  message!: string | null;

  @Column('uuid', { name: 'course_id', nullable: true })
  courseId!: string | null;

  @Column('text', { name: 'file_names', array: true, default: () => "'{}'" })
  fileNames!: string[];

  @Column('uuid', { name: 'created_by' })
  createdBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
