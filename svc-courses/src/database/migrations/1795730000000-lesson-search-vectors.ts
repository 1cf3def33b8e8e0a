import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each lesson's search vector, computed once when its title or text is written instead of at every
 * search: ranking (ts_rank_cd) and word weights need the vector itself, which an expression index
 * does not keep, so a library search re-parsed every matching lesson (about 0.4 s a search; 20 at
 * once took 4 s, see `npm run bench:agents`). A trigger keeps the table in step with `lessons`.
 */
export class LessonSearchVectors1795730000000 implements MigrationInterface {
  name = 'LessonSearchVectors1795730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "courses"."lesson_search_vectors" (
        "lesson_id" uuid NOT NULL,
        "vector" tsvector NOT NULL,
        CONSTRAINT "lesson_search_vectors_pkey" PRIMARY KEY ("lesson_id"),
        CONSTRAINT "lesson_search_vectors_lesson_fkey" FOREIGN KEY ("lesson_id") REFERENCES "courses"."lessons"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      INSERT INTO "courses"."lesson_search_vectors" ("lesson_id", "vector")
      SELECT "id", "courses"."lesson_search_vector"("title", "content") FROM "courses"."lessons"`);
    await queryRunner.query(`CREATE INDEX "lesson_search_vectors_vector_idx" ON "courses"."lesson_search_vectors" USING gin ("vector")`);
    await queryRunner.query(`
      CREATE FUNCTION "courses"."keep_lesson_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "courses"."lesson_search_vectors" ("lesson_id", "vector")
        VALUES (NEW."id", "courses"."lesson_search_vector"(NEW."title", NEW."content"))
        ON CONFLICT ("lesson_id") DO UPDATE SET "vector" = EXCLUDED."vector";
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "lessons_keep_search_vector" AFTER INSERT OR UPDATE OF "title", "content" ON "courses"."lessons"
      FOR EACH ROW EXECUTE FUNCTION "courses"."keep_lesson_search_vector"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "lessons_keep_search_vector" ON "courses"."lessons"`);
    await queryRunner.query(`DROP FUNCTION "courses"."keep_lesson_search_vector"()`);
    await queryRunner.query(`DROP TABLE "courses"."lesson_search_vectors"`);
  }
}
