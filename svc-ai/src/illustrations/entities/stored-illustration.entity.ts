import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A lesson illustration, kept once per lesson text and the provider and model that made it. */
@Entity({ name: 'illustrations' })
export class StoredIllustration {
  /** sha256 of what made it (see illustrationKeyOf). */
  @PrimaryColumn('text', { primaryKeyConstraintName: 'illustrations_pkey' })
  key!: string;

  @Column('bytea')
  png!: Buffer;

  @Column('integer')
  width!: number;

  @Column('integer')
  height!: number;

  @Column('text')
  provider!: string;

  @Column('text')
  model!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
