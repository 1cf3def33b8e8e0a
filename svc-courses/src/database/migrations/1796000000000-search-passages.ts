import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Course search's index (issue 13): every course, module and lesson cut into passages of a few
 * hundred words, with the words normalised by the application first (Postgres' `arabic` stemmer
 * keeps و+ال and misses feminine plurals, and it has no stop words). The vector is generated from
 * the normalised text, title weighted A above body B, in the course language's configuration.
 * `search_words` is the index's vocabulary, for correcting a misspelt query word by trigrams.
 * Passages are written by svc-courses' `reindexCourse`; courses already here are indexed at boot.
 */
export class SearchPassages1796000000000 implements MigrationInterface {
  name = 'SearchPassages1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "courses"."search_passages" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "course_id" uuid NOT NULL,
        "module_id" uuid,
        "lesson_id" uuid,
        "field" text NOT NULL,
        "position" integer NOT NULL,
        "language" text NOT NULL,
        "title" text NOT NULL,
        "text" text NOT NULL,
        "normalised_title" text NOT NULL,
        "normalised_text" text NOT NULL,
        "skills" text[] NOT NULL DEFAULT '{}',
        "vector" tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector(CASE WHEN "language" = 'ar' THEN 'arabic'::regconfig ELSE 'english'::regconfig END, "normalised_title"), 'A') ||
          setweight(to_tsvector(CASE WHEN "language" = 'ar' THEN 'arabic'::regconfig ELSE 'english'::regconfig END, "normalised_text"), 'B')
        ) STORED,
        CONSTRAINT "search_passages_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "search_passages_field_check" CHECK ("field" IN ('course', 'module', 'lesson')),
        CONSTRAINT "search_passages_language_check" CHECK ("language" IN ('en', 'ar')),
        CONSTRAINT "search_passages_place_check" CHECK (
          ("field" = 'course' AND "module_id" IS NULL AND "lesson_id" IS NULL) OR
          ("field" = 'module' AND "module_id" IS NOT NULL AND "lesson_id" IS NULL) OR
          ("field" = 'lesson' AND "module_id" IS NOT NULL AND "lesson_id" IS NOT NULL)
        ),
        CONSTRAINT "search_passages_course_fkey" FOREIGN KEY ("course_id") REFERENCES "courses"."courses"("id") ON DELETE CASCADE,
        CONSTRAINT "search_passages_module_fkey" FOREIGN KEY ("module_id") REFERENCES "courses"."modules"("id") ON DELETE CASCADE,
        CONSTRAINT "search_passages_lesson_fkey" FOREIGN KEY ("lesson_id") REFERENCES "courses"."lessons"("id") ON DELETE CASCADE
      )`);
    // The vector stays in the row (the texts go out to TOAST first), compressed with lz4, which
    // unpacks several times faster than pglz: ranking and the index's rechecks read every candidate's
    // vector, and a TOAST fetch each made a common word's search 10x slower.
    await queryRunner.query(`ALTER TABLE "courses"."search_passages" ALTER COLUMN "vector" SET STORAGE MAIN`);
    await queryRunner.query(`ALTER TABLE "courses"."search_passages" ALTER COLUMN "vector" SET COMPRESSION lz4`);
    await queryRunner.query(`CREATE INDEX "search_passages_vector_idx" ON "courses"."search_passages" USING gin ("vector")`);
    await queryRunner.query(`CREATE INDEX "search_passages_skills_idx" ON "courses"."search_passages" USING gin ("skills")`);
    await queryRunner.query(`CREATE INDEX "search_passages_course_idx" ON "courses"."search_passages" ("course_id")`);
    // The cascades from modules and lessons look passages up by these.
    await queryRunner.query(`CREATE INDEX "search_passages_module_idx" ON "courses"."search_passages" ("module_id")`);
    await queryRunner.query(`CREATE INDEX "search_passages_lesson_idx" ON "courses"."search_passages" ("lesson_id")`);

    // pg_trgm came with migration 1795600000000, in whichever schema had it first.
    const [trigrams] = await queryRunner.query(
      `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    );
    const schema: string = trigrams?.schema ?? 'courses';
    if (!trigrams) await queryRunner.query(`CREATE EXTENSION "pg_trgm" WITH SCHEMA "courses"`);
    await queryRunner.query(`
      CREATE TABLE "courses"."search_words" (
        "word" text NOT NULL,
        CONSTRAINT "search_words_pkey" PRIMARY KEY ("word")
      )`);
    // GiST, not GIN: it hands out the nearest words in order (ORDER BY <-> LIMIT), which the planner
    // always reads through the index; a GIN `%` filter lost to a scan of the whole vocabulary.
    await queryRunner.query(`CREATE INDEX "search_words_trigram_idx" ON "courses"."search_words" USING gist ("word" "${schema}"."gist_trgm_ops")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "courses"."search_words"`);
    await queryRunner.query(`DROP TABLE "courses"."search_passages"`);
  }
}
