import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A person accepted a version of the AI-use notice, at that moment. */
@Entity({ name: 'ai_notice_acceptances' })
export class AiNoticeAcceptance {
  @PrimaryColumn('uuid', { name: 'user_id', primaryKeyConstraintName: 'ai_notice_acceptances_pkey' })
  userId!: string;

  @PrimaryColumn('integer', { primaryKeyConstraintName: 'ai_notice_acceptances_pkey' })
  version!: number;

  @Column('timestamptz', { name: 'accepted_at', default: () => 'now()' })
  acceptedAt!: Date;
}
