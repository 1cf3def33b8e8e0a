import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A person's own monthly budget, in place of the default. */
@Entity({ name: 'ai_budget_overrides' })
export class AiBudgetOverride {
  @PrimaryColumn('uuid', { name: 'user_id', primaryKeyConstraintName: 'ai_budget_overrides_pkey' })
  userId!: string;

  @Column('integer', { name: 'monthly_tokens' })
  monthlyTokens!: number;
}
