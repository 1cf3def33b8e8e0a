import {
  LANGUAGES,
  type ExtractedSkill,
  type JobDescriptionSource,
  type Language,
  type ReviewedSkillSet,
} from '@masar/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Each predefined role has one template per language (so several svc-jobs instances seeding at once
 * never create two), and each learner at most one copy of it per language (so picking a role twice,
 * even at once, gives back the same copy). Both indexes are partial and on expressions over
 * `source`, which TypeORM cannot describe: the migration owns them.
 */
export const PREDEFINED_ROLE_TEMPLATE_INDEX = 'job_descriptions_predefined_role_template_key';
export const PREDEFINED_ROLE_COPY_INDEX = 'job_descriptions_predefined_role_copy_key';

@Entity({ name: 'job_descriptions' })
@Index('job_descriptions_created_at_idx', ['createdAt'])
@Index('job_descriptions_created_by_idx', ['createdBy', 'createdAt'])
@Index(PREDEFINED_ROLE_TEMPLATE_INDEX, { synchronize: false })
@Index(PREDEFINED_ROLE_COPY_INDEX, { synchronize: false })
@Check('job_descriptions_template_unreviewed_check', `"created_by" IS NOT NULL OR "reviewed_skills" IS NULL`)
export class JobDescription {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'job_descriptions_pkey' })
  id!: string;

  @Column('text')
  title!: string;

  /** The posting's text as extracted from its source; evidence offsets point into it. */
  @Column('text')
  content!: string;

  @Column('jsonb')
  source!: JobDescriptionSource;

  @Column({ name: 'detected_language', type: 'enum', enum: LANGUAGES, enumName: 'job_description_language' })
  detectedLanguage!: Language;

  @Column('jsonb', { name: 'extracted_skills', default: () => "'[]'" })
  extractedSkills!: ExtractedSkill[];

  /** What a reviewer approved, left off, removed and added; null until someone confirms the skills. */
  @Column('jsonb', { name: 'reviewed_skills', nullable: true })
  reviewedSkills!: ReviewedSkillSet | null;

  /**
   * Its owner: the only learner who may list, read, review or delete it (admins may too). Null only
   * for a predefined role's template, which the platform wrote and nobody reviews or addresses by id.
   */
  @Column('uuid', { name: 'created_by', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
