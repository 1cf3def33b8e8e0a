import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Course authoring (issue 4): where each lesson's text came from, a full-text index over lessons
 * so new courses can be assembled from the library's lessons on the same topic, and the creation
 * tasks people follow while documents become a course.
 */
export class AddCourseAuthoring1795500000000 implements MigrationInterface {
  name = 'AddCourseAuthoring1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "courses"."lessons" ADD COLUMN "sources" jsonb NOT NULL DEFAULT '[]'`);
    // Titles weigh more than body text. An immutable function lets a GIN index serve the outline
    // planner's searches (a generated column would need TypeORM's own metadata table).
    await queryRunner.query(`
      CREATE FUNCTION "courses"."lesson_search_vector"(title text, content text) RETURNS tsvector
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, content), 'B') $$`);
    await queryRunner.query(
      `CREATE INDEX "lessons_search_idx" ON "courses"."lessons" USING gin ("courses"."lesson_search_vector"("title", "content"))`,
    );
    await queryRunner.query(
      `CREATE TYPE "courses"."creation_task_kind" AS ENUM ('import', 'create-with-files', 'ai-generate-with-files')`,
    );
    await queryRunner.query(`
      CREATE TYPE "courses"."creation_task_stage" AS ENUM
        ('uploading', 'processing', 'chunking', 'analyzing', 'generating', 'complete', 'error')`);
    await queryRunner.query(`
      CREATE TABLE "courses"."creation_tasks" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "kind" "courses"."creation_task_kind" NOT NULL,
        "stage" "courses"."creation_task_stage" NOT NULL DEFAULT 'uploading',
        "progress" integer NOT NULL DEFAULT 10,
        "message" text,
        "course_id" uuid,
        "file_names" text[] NOT NULL DEFAULT '{}',
        "created_by" uuid NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "creation_tasks_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "creation_tasks_progress_check" CHECK ("progress" BETWEEN 0 AND 100)
      )`);
    await queryRunner.query(`CREATE INDEX "creation_tasks_created_by_idx" ON "courses"."creation_tasks" ("created_by", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "courses"."creation_tasks"`);
    await queryRunner.query(`DROP TYPE "courses"."creation_task_stage"`);
    await queryRunner.query(`DROP TYPE "courses"."creation_task_kind"`);
    await queryRunner.query(`DROP INDEX "courses"."lessons_search_idx"`);
    await queryRunner.query(`DROP FUNCTION "courses"."lesson_search_vector"(text, text)`);
    await queryRunner.query(`ALTER TABLE "courses"."lessons" DROP COLUMN "sources"`);
  }
}
