import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The one row of budget settings (id 1); absent until an admin first saves the budgets. */
@Entity({ name: 'ai_budget_settings' })
export class AiBudgetSetting {
  @PrimaryColumn('smallint', { default: 1, primaryKeyConstraintName: 'ai_budget_settings_pkey' })
  id!: number;

  /** Tokens each person may use a month; null: no limit. */
  @Column('integer', { name: 'default_monthly_tokens', nullable: true })
  defaultMonthlyTokens!: number | null;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
