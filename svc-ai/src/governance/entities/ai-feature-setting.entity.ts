import type { AiFeature, AiProvider } from '@masar/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An admin's choice for one AI feature; a feature without a row has the defaults (on, configured provider, no model). */
@Entity({ name: 'ai_feature_settings' })
export class AiFeatureSetting {
  @PrimaryColumn('varchar', { length: 40, primaryKeyConstraintName: 'ai_feature_settings_pkey' })
  feature!: AiFeature;

  @Column('boolean', { default: true })
  enabled!: boolean;

  @Column('varchar', { length: 20 })
  provider!: AiProvider;

  /** Null: the prompt template's model (or OPENAI_MODEL). */
  @Column('varchar', { length: 200, nullable: true })
  model!: string | null;

  @Column('uuid', { name: 'updated_by', nullable: true })
  updatedBy!: string | null;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
