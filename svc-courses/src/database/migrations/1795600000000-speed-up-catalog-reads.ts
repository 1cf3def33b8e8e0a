import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the course list at catalog scale (10,000 courses, see `npm run bench:courses`): pages
 * come newest first (created_at, then id), optionally within a level or a kind, and `q` matches
 * titles anywhere, which only a trigram index serves.
 */
export class SpeedUpCatalogReads1795600000000 implements MigrationInterface {
  name = 'SpeedUpCatalogReads1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "courses"."courses_created_at_idx"`);
    await queryRunner.query(`CREATE INDEX "courses_newest_first_idx" ON "courses"."courses" ("created_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "courses_level_newest_first_idx" ON "courses"."courses" ("level", "created_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "courses_kind_newest_first_idx" ON "courses"."courses" ("kind", "created_at" DESC, "id" DESC)`);
    // pg_trgm is a trusted extension: the database's owner may create it. Another schema may have it already.
    const installed = await queryRunner.query(
      `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    );
    const schema: string = installed[0]?.schema ?? 'courses';
    if (installed.length === 0) await queryRunner.query(`CREATE EXTENSION "pg_trgm" WITH SCHEMA "courses"`);
    await queryRunner.query(
      `CREATE INDEX "courses_title_trigram_idx" ON "courses"."courses" USING gin ("title" "${schema}"."gin_trgm_ops")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "courses"."courses_title_trigram_idx"`);
    await queryRunner.query(`DROP INDEX "courses"."courses_kind_newest_first_idx"`);
    await queryRunner.query(`DROP INDEX "courses"."courses_level_newest_first_idx"`);
    await queryRunner.query(`DROP INDEX "courses"."courses_newest_first_idx"`);
    await queryRunner.query(`CREATE INDEX "courses_created_at_idx" ON "courses"."courses" ("created_at")`);
  }
}
