import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Learning paths and the learner skill profile. A path keeps its plan (gaps, courses with dates,
 * milestones) as JSON: it is read and written whole, and re-planning rewrites it in one UPDATE. The
 * confirmed skills it was generated from are kept so a changed budget or order can be re-planned.
 */
export class CreateLearningPaths1795700000000 implements MigrationInterface {
  name = 'CreateLearningPaths1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "progress"."learning_paths" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "job_description_id" uuid,
        "job_title" text NOT NULL,
        "weekly_hours" numeric(4,1) NOT NULL,
        "start_date" date NOT NULL,
        "confirmed_skills" jsonb NOT NULL,
        "gaps" jsonb NOT NULL,
        "courses" jsonb NOT NULL,
        "milestones" jsonb NOT NULL,
        "uncovered_skills" text[] NOT NULL DEFAULT '{}',
        "total_hours" numeric(8,1) NOT NULL,
        "months_needed" integer NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "learning_paths_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "learning_paths_weekly_hours_check" CHECK ("weekly_hours" > 0)
      )`);
    await queryRunner.query(
      `CREATE INDEX "learning_paths_user_created_idx" ON "progress"."learning_paths" ("user_id", "created_at" DESC, "id")`,
    );
    await queryRunner.query(`CREATE TYPE "progress"."skill_level" AS ENUM ('none', 'basic', 'working', 'strong', 'expert')`);
    await queryRunner.query(`CREATE TYPE "progress"."skill_level_source" AS ENUM ('self-assessment', 'course')`);
    await queryRunner.query(`
      CREATE TABLE "progress"."learner_skills" (
        "user_id" uuid NOT NULL,
        "skill_key" text NOT NULL,
        "skill" text NOT NULL,
        "level" "progress"."skill_level" NOT NULL,
        "source" "progress"."skill_level_source" NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "learner_skills_pkey" PRIMARY KEY ("user_id", "skill_key"),
        CONSTRAINT "learner_skills_skill_key_check" CHECK ("skill_key" = lower(btrim("skill")))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "progress"."learner_skills"`);
    await queryRunner.query(`DROP TYPE "progress"."skill_level_source"`);
    await queryRunner.query(`DROP TYPE "progress"."skill_level"`);
    await queryRunner.query(`DROP TABLE "progress"."learning_paths"`);
  }
}
