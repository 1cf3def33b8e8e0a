import type { AiCallOutcome, AiFeature, AiProvider, UserRole } from '@masar/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One request to an AI feature, however many model completions it took (`aiCallSchema`). */
@Entity({ name: 'ai_calls' })
export class AiCallRecord {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'ai_calls_pkey' })
  id!: string;

  @Column('timestamptz', { default: () => 'now()' })
  at!: Date;

  /** Null for work Masar does for itself (the seed catalog). */
  @Column('uuid', { name: 'user_id', nullable: true })
  userId!: string | null;

  @Column('varchar', { name: 'user_role', length: 20, nullable: true })
  userRole!: UserRole | null;

  @Column('varchar', { length: 40 })
  feature!: AiFeature;

  @Column('varchar', { length: 20 })
  provider!: AiProvider;

  @Column('varchar', { length: 200 })
  model!: string;

  @Column('varchar', { name: 'prompt_template', length: 100, nullable: true })
  promptTemplate!: string | null;

  @Column('integer', { name: 'prompt_version', nullable: true })
  promptVersion!: number | null;

  @Column('integer', { name: 'input_tokens', default: 0 })
  inputTokens!: number;

  @Column('integer', { name: 'output_tokens', default: 0 })
  outputTokens!: number;

  @Column('integer', { name: 'input_characters', default: 0 })
  inputCharacters!: number;

  @Column('integer', { name: 'output_characters', default: 0 })
  outputCharacters!: number;

  @Column('integer', { name: 'latency_ms', default: 0 })
  latencyMs!: number;

  @Column('varchar', { length: 20 })
  outcome!: AiCallOutcome;

  @Column('integer', { name: 'status_code', nullable: true })
  statusCode!: number | null;

  @Column('text', { nullable: true })
  error!: string | null;

  @Column('varchar', { name: 'request_id', length: 200, nullable: true })
  requestId!: string | null;
}
