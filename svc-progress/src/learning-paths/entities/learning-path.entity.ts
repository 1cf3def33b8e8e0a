import type { ExtractedSkill, LearningPathCourse, LearningPathFit, LearningPathMilestone, LearningPathNextYear, SkillGap } from '@masar/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Postgres hands numeric columns back as strings. */
const numericAsNumber = {
  to: (value: number) => value,
  from: (value: string) => Number(value),
};

/** One learner's plan for one job: what to study, in which order, by when. */
@Entity({ name: 'learning_paths' })
@Index('learning_paths_user_created_idx', ['userId', 'createdAt', 'id'])
@Check('learning_paths_weekly_hours_check', '"weekly_hours" > 0')
export class LearningPathRecord {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'learning_paths_pkey' })
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  /** The reviewed posting in svc-jobs; null when the browser fell back to the sample skills. */
  @Column('uuid', { name: 'job_description_id', nullable: true })
  jobDescriptionId!: string | null;

  @Column('text', { name: 'job_title' })
  jobTitle!: string;

  @Column('numeric', { name: 'weekly_hours', precision: 4, scale: 1, transformer: numericAsNumber })
  weeklyHours!: number;

  /** YYYY-MM-DD: the day the plan's first course starts. */
  @Column('date', { name: 'start_date' })
  startDate!: string;

  @Column('jsonb', { name: 'confirmed_skills' })
  confirmedSkills!: ExtractedSkill[];

  @Column('jsonb')
  gaps!: SkillGap[];

  @Column('jsonb')
  courses!: LearningPathCourse[];

  @Column('jsonb')
  milestones!: LearningPathMilestone[];

  @Column('text', { name: 'uncovered_skills', array: true, default: () => "'{}'" })
  uncoveredSkills!: string[];

  @Column('numeric', { name: 'total_hours', precision: 8, scale: 1, transformer: numericAsNumber })
  totalHours!: number;

  @Column('integer', { name: 'months_needed' })
  monthsNeeded!: number;

  /** How the plan fits 12 months: the proposal, the learner's choice, Ramadan and the Eids. */
  @Column('jsonb')
  fit!: LearningPathFit;

  /** What waits for next year at the budget. */
  @Column('jsonb', { name: 'next_year' })
  nextYear!: LearningPathNextYear;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
