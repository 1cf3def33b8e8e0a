import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalog fields of issue 4: Arabic title and description, taxonomy skills, level, category,
 * language, internal or external, provider and url, estimated hours, the seed key and the creator.
 */
export class ExtendCatalog1795400000000 implements MigrationInterface {
  name = 'ExtendCatalog1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "courses"."course_level" AS ENUM ('beginner', 'intermediate', 'advanced')`);
    await queryRunner.query(`CREATE TYPE "courses"."course_kind" AS ENUM ('internal', 'external')`);
    await queryRunner.query(`
      ALTER TABLE "courses"."courses"
        ADD COLUMN "title_ar" text,
        ADD COLUMN "description_ar" text,
        ADD COLUMN "skills" text[] NOT NULL DEFAULT '{}',
        ADD COLUMN "level" "courses"."course_level",
        ADD COLUMN "category" text,
        ADD COLUMN "language" text NOT NULL DEFAULT 'en',
        ADD COLUMN "kind" "courses"."course_kind" NOT NULL DEFAULT 'internal',
        ADD COLUMN "provider" text,
        ADD COLUMN "url" text,
        ADD COLUMN "estimated_hours" numeric(6,1),
        ADD COLUMN "seed_key" text,
        ADD COLUMN "created_by" uuid,
        ADD CONSTRAINT "courses_seed_key_key" UNIQUE ("seed_key")`);
    // Skill filters ignore case; an immutable function lets a GIN index serve `@>` on the lowered names.
    await queryRunner.query(`
      CREATE FUNCTION "courses"."lowercase_skills"(skills text[]) RETURNS text[]
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT coalesce(array_agg(lower(skill)), '{}') FROM unnest(skills) AS skill $$`);
    await queryRunner.query(
      `CREATE INDEX "courses_skills_lower_idx" ON "courses"."courses" USING gin ("courses"."lowercase_skills"("skills"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "courses"."courses_skills_lower_idx"`);
    await queryRunner.query(`DROP FUNCTION "courses"."lowercase_skills"(text[])`);
    await queryRunner.query(`
      ALTER TABLE "courses"."courses"
        DROP CONSTRAINT "courses_seed_key_key",
        DROP COLUMN "title_ar",
        DROP COLUMN "description_ar",
        DROP COLUMN "skills",
        DROP COLUMN "level",
        DROP COLUMN "category",
        DROP COLUMN "language",
        DROP COLUMN "kind",
        DROP COLUMN "provider",
        DROP COLUMN "url",
        DROP COLUMN "estimated_hours",
        DROP COLUMN "seed_key",
        DROP COLUMN "created_by"`);
    await queryRunner.query(`DROP TYPE "courses"."course_kind"`);
    await queryRunner.query(`DROP TYPE "courses"."course_level"`);
  }
}
