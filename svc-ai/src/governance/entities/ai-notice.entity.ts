import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One published version of the AI-use notice; the highest version is the one in force. */
@Entity({ name: 'ai_notices' })
export class AiNoticeVersion {
  @PrimaryColumn('integer', { primaryKeyConstraintName: 'ai_notices_pkey' })
  version!: number;

  @Column('text', { name: 'text_en' })
  textEn!: string;

  @Column('text', { name: 'text_ar' })
  textAr!: string;

  @Column('uuid', { name: 'updated_by', nullable: true })
  updatedBy!: string | null;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
