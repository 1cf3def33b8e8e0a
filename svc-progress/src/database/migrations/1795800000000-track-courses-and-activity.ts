import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What svc-progress learns from events: the reports it applied (so a report read twice counts
 * once), each learner's courses with the facts reported with their lessons (to tell completion),
 * the activity and achievements shown on the dashboard and the progress screen, and the skills
 * mapped from reviewed job descriptions.
 */
export class TrackCoursesAndActivity1795800000000 implements MigrationInterface {
  name = 'TrackCoursesAndActivity1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "progress"."applied_reports" (
        "report_id" uuid NOT NULL,
        "applied_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "applied_reports_pkey" PRIMARY KEY ("report_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "progress"."learner_courses" (
        "user_id" uuid NOT NULL,
        "course_id" uuid NOT NULL,
        "title" text NOT NULL,
        "title_ar" text,
        "description" text NOT NULL,
        "duration" text NOT NULL,
        "level" text,
        "skills" text[] NOT NULL DEFAULT '{}',
        "lesson_ids" uuid[] NOT NULL,
        "started_at" timestamptz NOT NULL,
        "completed_at" timestamptz,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "learner_courses_pkey" PRIMARY KEY ("user_id", "course_id"),
        CONSTRAINT "learner_courses_lessons_check" CHECK (cardinality("lesson_ids") > 0)
      )`);
    await queryRunner.query(`
      CREATE TYPE "progress"."activity_kind" AS ENUM (
        'course-created', 'course-deleted', 'job-skills-reviewed', 'learning-path-generated',
        'lesson-completed', 'course-completed', 'skill-level-reached', 'milestone-met'
      )`);
    await queryRunner.query(`
      CREATE TABLE "progress"."activities" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "event_key" text NOT NULL,
        "kind" "progress"."activity_kind" NOT NULL,
        "user_id" uuid,
        "occurred_at" timestamptz NOT NULL,
        "course_id" uuid,
        "learning_path_id" uuid,
        "title" text NOT NULL,
        "title_ar" text,
        "count" integer,
        "skill" text,
        "level" "progress"."skill_level",
        "quarter" smallint,
        CONSTRAINT "activities_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "activities_event_key_key" UNIQUE ("event_key"),
        CONSTRAINT "activities_quarter_check" CHECK ("quarter" BETWEEN 1 AND 4)
      )`);
    await queryRunner.query(`CREATE INDEX "activities_occurred_idx" ON "progress"."activities" ("occurred_at" DESC, "id")`);
    await queryRunner.query(
      `CREATE INDEX "activities_user_occurred_idx" ON "progress"."activities" ("user_id", "occurred_at" DESC, "id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "progress"."mapped_skills" (
        "skill_key" text NOT NULL,
        "skill" text NOT NULL,
        "first_mapped_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "mapped_skills_pkey" PRIMARY KEY ("skill_key"),
        CONSTRAINT "mapped_skills_skill_key_check" CHECK ("skill_key" = lower(btrim("skill")))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "progress"."mapped_skills"`);
    await queryRunner.query(`DROP TABLE "progress"."activities"`);
    await queryRunner.query(`DROP TYPE "progress"."activity_kind"`);
    await queryRunner.query(`DROP TABLE "progress"."learner_courses"`);
    await queryRunner.query(`DROP TABLE "progress"."applied_reports"`);
  }
}
