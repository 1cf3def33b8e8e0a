import {
  AGENT_TASK_STATUSES,
  AGENT_TASK_TYPES,
  type AgentTaskLogLine,
  type AgentTaskResult,
  type AgentTaskStatus,
  type AgentTaskType,
  COURSE_CREATION_KINDS,
  COURSE_CREATION_STAGES,
  type CourseCreationKind,
  type CourseCreationStage,
  SYSTEM_CALLER_ID,
  type UserRole,
} from '@masar/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One piece of background AI work on courses, as the control center and its starter follow it.
 * The queue does the work; this row is the truth any instance answers from and a resumed run
 * continues from (`nextStep` and `checkpoint`). `runId` names the run allowed to write it: a
 * resume starts a new run, so a run left behind can never commit a step twice.
 */
@Entity({ name: 'agent_tasks' })
@Index('agent_tasks_created_by_idx', ['createdBy', 'createdAt'])
@Index('agent_tasks_status_idx', ['status'])
@Check('agent_tasks_progress_check', '"progress" BETWEEN 0 AND 100')
@Check('agent_tasks_documents_check', `("type" = 'course-from-documents') = ("kind" IS NOT NULL AND "stage" IS NOT NULL)`)
@Check('agent_tasks_steps_check', '"next_step" BETWEEN 0 AND "total_steps"')
// A person's task names their role (its svc-ai calls are made for them); Masar's own task has none.
@Check(
  'agent_tasks_created_by_role_check',
  `("created_by" = '${SYSTEM_CALLER_ID}') = ("created_by_role" IS NULL) AND ("created_by_role" IS NULL OR "created_by_role" IN ('learner', 'admin'))`,
)
// Newest first (created_at DESC, id DESC), made by the migration: TypeORM cannot describe descending indexes.
@Index('agent_tasks_newest_first_idx', { synchronize: false })
export class AgentTask {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'agent_tasks_pkey' })
  id!: string;

  @Column({ type: 'enum', enum: AGENT_TASK_TYPES, enumName: 'agent_task_type' })
  type!: AgentTaskType;

  @Column('text')
  title!: string;

  @Column({ type: 'enum', enum: AGENT_TASK_STATUSES, enumName: 'agent_task_status', default: 'queued' })
  status!: AgentTaskStatus;

  @Column('integer', { default: 0 })
  progress!: number;

  @Column('text', { name: 'current_step', nullable: true })
  currentStep!: string | null;

  @Column('boolean', { name: 'can_pause', default: false })
  canPause!: boolean;

  @Column('boolean', { name: 'can_cancel', default: true })
  canCancel!: boolean;

  @Column('timestamptz', { name: 'started_at', nullable: true })
  startedAt!: Date | null;

  @Column('timestamptz', { name: 'ended_at', nullable: true })
  endedAt!: Date | null;

  /** Seconds the task is expected to run. */
  @Column('integer', { name: 'estimated_duration', default: 0 })
  estimatedDuration!: number;

  @Column('text', { nullable: true })
  error!: string | null;

  @Column('jsonb', { default: () => "'[]'" })
  logs!: AgentTaskLogLine[];

  @Column('jsonb', { nullable: true })
  result!: AgentTaskResult | null;

  /** What the task was started with (its type's own shape). */
  @Column('jsonb', { default: () => "'{}'" })
  input!: Record<string, unknown>;

  /** What the finished steps produced, for the steps still to come; dropped when the task ends. */
  @Column('jsonb', { nullable: true })
  checkpoint!: Record<string, unknown> | null;

  @Column('integer', { name: 'next_step', default: 0 })
  nextStep!: number;

  @Column('integer', { name: 'total_steps', default: 1 })
  totalSteps!: number;

  @Column('uuid', { name: 'run_id', nullable: true })
  runId!: string | null;

  /** Only for course-from-documents: which tab started it and the spec's file-creation stage. */
  @Column({ type: 'enum', enum: COURSE_CREATION_KINDS, enumName: 'creation_task_kind', nullable: true })
  kind!: CourseCreationKind | null;

  @Column({ type: 'enum', enum: COURSE_CREATION_STAGES, enumName: 'creation_task_stage', nullable: true })
  stage!: CourseCreationStage | null;

  @Column('uuid', { name: 'course_id', nullable: true })
  courseId!: string | null;

  @Column('text', { name: 'file_names', array: true, default: () => "'{}'" })
  fileNames!: string[];

  @Column('uuid', { name: 'created_by' })
  createdBy!: string;

  /**
   * The starter's role: the task's calls to svc-ai are made for them (`x-masar-caller`), and svc-ai's
   * AI-use notice and budget checks need it. Null only for Masar's own tasks (SYSTEM_CALLER_ID).
   */
  @Column('text', { name: 'created_by_role', nullable: true, default: 'learner' })
  createdByRole!: UserRole | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
