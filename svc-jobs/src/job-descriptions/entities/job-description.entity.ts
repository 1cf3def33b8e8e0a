import { LANGUAGES, type ExtractedSkill, type Language } from '@masar/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Where a posting's text came from: an uploaded file, pasted text, or one of the predefined roles. */
export type JobDescriptionSource =
  | { kind: 'file'; fileName: string; mediaType: string }
  | { kind: 'text' }
  | { kind: 'predefined-role'; role: string };

@Entity({ name: 'job_descriptions' })
@Index('job_descriptions_created_at_idx', ['createdAt'])
export class JobDescription {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'job_descriptions_pkey' })
  id!: string;

  @Column('text')
  title!: string;

  /** The posting's text as extracted from its source. */
  @Column('text')
  content!: string;

  @Column('jsonb')
  source!: JobDescriptionSource;

  @Column({ name: 'detected_language', type: 'enum', enum: LANGUAGES, enumName: 'job_description_language' })
  detectedLanguage!: Language;

  @Column('jsonb', { name: 'extracted_skills', default: () => "'[]'" })
  extractedSkills!: ExtractedSkill[];

  /** The person who added it; null for postings the platform seeded itself. */
  @Column('uuid', { name: 'created_by', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
