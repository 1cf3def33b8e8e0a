import { MigrationInterface, QueryRunner } from 'typeorm';

/** Single sign-on: which Masar account an identity provider's (issuer, subject) signs in as. */
export class SsoAccounts1796840000000 implements MigrationInterface {
  name = 'SsoAccounts1796840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "identity"."sso_accounts" (
        "issuer" varchar(500) NOT NULL,
        "subject" varchar(255) NOT NULL,
        "user_id" uuid NOT NULL REFERENCES "identity"."users"("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("issuer", "subject")
      )`);
    await queryRunner.query(`CREATE INDEX "sso_accounts_user_id" ON "identity"."sso_accounts" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."sso_accounts"`);
  }
}
