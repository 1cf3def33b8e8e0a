import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Course search's speed (issue 13):
 * - The passages' GIN index takes writes straight into its tree (`fastupdate = off`). With the
 *   default pending list every search also scanned up to 4 MB of unsorted entries, about 2 ms per
 *   term; writes (a course saved) are rare beside searches.
 * - `search_index_state.version` changes in the same transaction as any write to the passages (a
 *   statement trigger, so cascades from deleted courses, modules and lessons count too). Search
 *   results are cached per version: a cached result is never served after the index has changed,
 *   and several svc-courses instances agree on what is current.
 */
export class SearchIndexVersion1796100000000 implements MigrationInterface {
  name = 'SearchIndexVersion1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER INDEX "courses"."search_passages_vector_idx" SET (fastupdate = off)`);
    // What the pending list holds already moves into the tree.
    await queryRunner.query(`SELECT gin_clean_pending_list('"courses"."search_passages_vector_idx"'::regclass)`);

    await queryRunner.query(`
      CREATE TABLE "courses"."search_index_state" (
        "id" boolean NOT NULL DEFAULT true,
        "version" bigint NOT NULL DEFAULT 0,
        CONSTRAINT "search_index_state_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "search_index_state_one_row" CHECK ("id")
      )`);
    await queryRunner.query(`INSERT INTO "courses"."search_index_state" ("id", "version") VALUES (true, 0)`);
    await queryRunner.query(`
      CREATE FUNCTION "courses"."search_index_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "courses"."search_index_state" SET "version" = "version" + 1;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "search_passages_changed"
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses"."search_passages"
        FOR EACH STATEMENT EXECUTE FUNCTION "courses"."search_index_changed"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "search_passages_changed" ON "courses"."search_passages"`);
    await queryRunner.query(`DROP FUNCTION "courses"."search_index_changed"()`);
    await queryRunner.query(`DROP TABLE "courses"."search_index_state"`);
    await queryRunner.query(`ALTER INDEX "courses"."search_passages_vector_idx" RESET (fastupdate)`);
  }
}
