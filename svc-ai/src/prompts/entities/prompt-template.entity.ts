import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The current state of one template: what the next LLM call of its feature uses. */
@Entity({ name: 'prompt_templates' })
export class PromptTemplate {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'prompt_templates_pkey' })
  id!: string;

  @Column('varchar', { length: 100, unique: true })
  name!: string;

  @Column('varchar', { length: 100 })
  category!: string;

  /** A model name, or `default` for OPENAI_MODEL. */
  @Column('varchar', { length: 200, default: 'default' })
  model!: string;

  /** Text, as the spec keeps it; always a number from 0 to 2 once checked. */
  @Column('text')
  temperature!: string;

  @Column('integer', { name: 'max_tokens' })
  maxTokens!: number;

  @Column('text', { default: '' })
  description!: string;

  @Column('text')
  prompt!: string;

  @Column('text', { array: true, default: () => "'{}'" })
  parameters!: string[];

  @Column('integer', { default: 1 })
  version!: number;

  /** The admin who saved the current version; null for the built-in default. */
  @Column('uuid', { name: 'updated_by', nullable: true })
  updatedBy!: string | null;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
