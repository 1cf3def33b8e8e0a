import { MigrationInterface, QueryRunner } from 'typeorm';

/** Embed clients (issue 18): an HR suite's server credentials for embed tokens; the secret only as a hash. */
export class EmbedClients1796870000000 implements MigrationInterface {
  name = 'EmbedClients1796870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "identity"."embed_clients" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "client_id" varchar(64) NOT NULL UNIQUE,
        "name" varchar(100) NOT NULL,
        "secret_hash" varchar(64) NOT NULL,
        "created_by" uuid NULL REFERENCES "identity"."users"("id") ON DELETE SET NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "revoked_at" timestamptz NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."embed_clients"`);
  }
}
