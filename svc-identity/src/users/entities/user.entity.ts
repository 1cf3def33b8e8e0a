import { Language, LANGUAGES, USER_ROLES, UserRole } from '@masar/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'users', schema: 'identity' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Always lower-case (a check constraint enforces it): usernames are case-insensitive. */
  @Column({ type: 'varchar', length: 100, unique: true })
  username!: string;

  /** An argon2id PHC string; never leaves this service. */
  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ type: 'enum', enum: [...USER_ROLES], enumName: 'user_role' })
  role!: UserRole;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'preferred_language', type: 'enum', enum: [...LANGUAGES], enumName: 'user_language' })
  preferredLanguage!: Language;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** A deactivated account cannot sign in, and the gateway ends its sessions on their next request. */
  @Column({ type: 'boolean', default: true })
  active!: boolean;

  /** Set by a password reset or a generated first password; cleared when the person chooses their own. */
  @Column({ name: 'must_change_password', type: 'boolean', default: false })
  mustChangePassword!: boolean;

  @Column({ name: 'password_changed_at', type: 'timestamptz', default: () => 'now()' })
  passwordChangedAt!: Date;
}
