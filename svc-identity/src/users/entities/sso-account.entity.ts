import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An identity provider's person (issuer + subject, never the email, which can change) linked to a Masar account. */
@Entity({ name: 'sso_accounts', schema: 'identity' })
export class SsoAccountEntity {
  @PrimaryColumn({ type: 'varchar', length: 500 })
  issuer!: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  subject!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
