import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Courses, their modules and their lessons; deleting a course deletes the rest with it. */
export class CreateCatalog1795313700000 implements MigrationInterface {
  name = 'CreateCatalog1795313700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "courses"."courses" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "title" text NOT NULL,
        "description" text NOT NULL,
        "objective" text,
        "duration" text NOT NULL,
        "format" text NOT NULL,
        "department_owner" text NOT NULL,
        "color" text NOT NULL,
        "abbreviation" text NOT NULL,
        "image_url" text,
        "prerequisites" text[] NOT NULL DEFAULT '{}',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "courses_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "courses_created_at_idx" ON "courses"."courses" ("created_at")`);

    await queryRunner.query(`
      CREATE TABLE "courses"."modules" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "course_id" uuid NOT NULL,
        "position" integer NOT NULL,
        "title" text NOT NULL,
        "description" text NOT NULL,
        CONSTRAINT "modules_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "modules_course_position_key" UNIQUE ("course_id", "position"),
        CONSTRAINT "modules_course_id_fkey" FOREIGN KEY ("course_id")
          REFERENCES "courses"."courses" ("id") ON DELETE CASCADE
      )`);

    await queryRunner.query(`CREATE TYPE "courses"."lesson_type" AS ENUM ('video', 'reading', 'quiz', 'exercise')`);
    await queryRunner.query(`
      CREATE TABLE "courses"."lessons" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "module_id" uuid NOT NULL,
        "position" integer NOT NULL,
        "title" text NOT NULL,
        "duration" text NOT NULL,
        "type" "courses"."lesson_type" NOT NULL,
        "content" text NOT NULL,
        "key_points" text[] NOT NULL DEFAULT '{}',
        "activities" text[] NOT NULL DEFAULT '{}',
        CONSTRAINT "lessons_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "lessons_module_position_key" UNIQUE ("module_id", "position"),
        CONSTRAINT "lessons_module_id_fkey" FOREIGN KEY ("module_id")
          REFERENCES "courses"."modules" ("id") ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "courses"."lessons"`);
    await queryRunner.query(`DROP TYPE "courses"."lesson_type"`);
    await queryRunner.query(`DROP TABLE "courses"."modules"`);
    await queryRunner.query(`DROP TABLE "courses"."courses"`);
  }
}
