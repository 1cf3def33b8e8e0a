import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A lesson report already applied: read again from the stream or the gateway, it changes nothing. */
@Entity({ name: 'applied_reports' })
export class AppliedReport {
  @PrimaryColumn('uuid', { name: 'report_id', primaryKeyConstraintName: 'applied_reports_pkey' })
  reportId!: string;

  @CreateDateColumn({ name: 'applied_at', type: 'timestamptz' })
  appliedAt!: Date;
}
