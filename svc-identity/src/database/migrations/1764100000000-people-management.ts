import { MigrationInterface, QueryRunner } from 'typeorm';

/** People management: deactivating an account, and asking its owner to choose a new password. */
export class PeopleManagement1764100000000 implements MigrationInterface {
  name = 'PeopleManagement1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "identity"."users"
        ADD COLUMN "active" boolean NOT NULL DEFAULT true,
        ADD COLUMN "must_change_password" boolean NOT NULL DEFAULT false,
        ADD COLUMN "password_changed_at" timestamptz NOT NULL DEFAULT now()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "identity"."users"
        DROP COLUMN "password_changed_at",
        DROP COLUMN "must_change_password",
        DROP COLUMN "active"`);
  }
}
