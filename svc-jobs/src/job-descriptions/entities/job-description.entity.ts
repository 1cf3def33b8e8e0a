import {
  LANGUAGES,
  type ExtractedSkill,
  type JobDescriptionSource,
  type Language,
  type ReviewedSkillSet,
} from '@masar/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Each predefined role has at most one stored posting per language, so several svc-jobs instances
 * seeding at once (or two people picking the same role) never create two. The index is on
 * expressions over `source`, which TypeORM cannot describe: the migration owns it.
 */
export const PREDEFINED_ROLE_POSTING_INDEX = 'job_descriptions_predefined_role_language_key';

@Entity({ name: 'job_descriptions' })
@Index('job_descriptions_created_at_idx', ['createdAt'])
@Index(PREDEFINED_ROLE_POSTING_INDEX, { synchronize: false })
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

  /** The person who added it; null for postings the platform made itself (the predefined roles). */
  @Column('uuid', { name: 'created_by', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
