import type { PromptEditableField } from '@masar/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One saved state of a template: who made it, when, what changed, and whether it restored an older one. */
@Entity({ name: 'prompt_template_versions' })
export class PromptTemplateVersion {
  @PrimaryColumn('uuid', { name: 'template_id' })
  templateId!: string;

  @PrimaryColumn('integer')
  version!: number;

  @Column('varchar', { length: 200 })
  model!: string;

  @Column('text')
  temperature!: string;

  @Column('integer', { name: 'max_tokens' })
  maxTokens!: number;

  @Column('text')
  description!: string;

  @Column('text')
  prompt!: string;

  @Column('uuid', { name: 'changed_by', nullable: true })
  changedBy!: string | null;

  @Column('timestamptz', { name: 'changed_at', default: () => 'now()' })
  changedAt!: Date;

  @Column('text', { array: true, default: () => "'{}'" })
  changes!: PromptEditableField[];

  @Column('integer', { name: 'restored_from', nullable: true })
  restoredFrom!: number | null;
}
