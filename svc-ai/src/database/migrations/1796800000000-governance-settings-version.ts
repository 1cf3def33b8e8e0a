import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The governance tables whose rows every AI call's checks read. The call log is not one: it only grows. */
const SETTINGS_TABLES = ['ai_feature_settings', 'ai_budget_settings', 'ai_budget_overrides', 'ai_notices', 'ai_notice_acceptances'];

/**
 * Search speed (issue 13): `governance_state.version` changes in the same transaction as any write to
 * the AI settings (features, budgets, overrides, the notice and its acceptances), by a statement
 * trigger, so an admin's change, a change made by another svc-ai instance and one written straight in
 * SQL all count. svc-ai keeps the settings it read under the version it read them at and checks the
 * version (one row) before each call: a setting is never used once it has changed.
 */
export class GovernanceSettingsVersion1796800000000 implements MigrationInterface {
  name = 'GovernanceSettingsVersion1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "ai"."governance_state" (
        "id" boolean NOT NULL DEFAULT true,
        "version" bigint NOT NULL DEFAULT 0,
        CONSTRAINT "governance_state_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "governance_state_one_row" CHECK ("id")
      )`);
    await queryRunner.query(`INSERT INTO "ai"."governance_state" ("id", "version") VALUES (true, 0)`);
    await queryRunner.query(`
      CREATE FUNCTION "ai"."governance_settings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "ai"."governance_state" SET "version" = "version" + 1;
        RETURN NULL;
      END $$`);
    for (const table of SETTINGS_TABLES) {
      await queryRunner.query(`
        CREATE TRIGGER "${table}_changed"
          AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ai"."${table}"
          FOR EACH STATEMENT EXECUTE FUNCTION "ai"."governance_settings_changed"()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of SETTINGS_TABLES) await queryRunner.query(`DROP TRIGGER "${table}_changed" ON "ai"."${table}"`);
    await queryRunner.query(`DROP FUNCTION "ai"."governance_settings_changed"()`);
    await queryRunner.query(`DROP TABLE "ai"."governance_state"`);
  }
}
