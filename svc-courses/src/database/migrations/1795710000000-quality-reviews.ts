import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quality reviews (issue 12): each review of a course with its counts, and every result of every
 * check it ran. Reviews are kept; a course's latest one is its report. A deleted course takes its
 * reviews with it; a deleted task leaves the review (task_id becomes null).
 */
export class QualityReviews1795710000000 implements MigrationInterface {
  name = 'QualityReviews1795710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "courses"."quality_severity" AS ENUM ('critical', 'major', 'minor', 'info')`);
    await queryRunner.query(`
      CREATE TABLE "courses"."quality_reviews" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "course_id" uuid NOT NULL,
        "task_id" uuid,
        "reviewed_at" timestamptz NOT NULL DEFAULT now(),
        "checks_run" integer NOT NULL,
        "passed" integer NOT NULL,
        "failed" integer NOT NULL,
        CONSTRAINT "quality_reviews_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "quality_reviews_course_id_fkey" FOREIGN KEY ("course_id") REFERENCES "courses"."courses"("id") ON DELETE CASCADE,
        CONSTRAINT "quality_reviews_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "courses"."agent_tasks"("id") ON DELETE SET NULL
      )`);
    // The latest review of each course: DISTINCT ON (course_id) ... ORDER BY reviewed_at DESC.
    await queryRunner.query(
      `CREATE INDEX "quality_reviews_course_latest_idx" ON "courses"."quality_reviews" ("course_id", "reviewed_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE "courses"."quality_findings" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "review_id" uuid NOT NULL,
        "position" integer NOT NULL,
        "check" text NOT NULL,
        "passed" boolean NOT NULL,
        "severity" "courses"."quality_severity" NOT NULL,
        "module_id" uuid,
        "lesson_id" uuid,
        "message" text NOT NULL,
        CONSTRAINT "quality_findings_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "quality_findings_review_id_fkey" FOREIGN KEY ("review_id") REFERENCES "courses"."quality_reviews"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "quality_findings_review_idx" ON "courses"."quality_findings" ("review_id", "position")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "courses"."quality_findings"`);
    await queryRunner.query(`DROP TABLE "courses"."quality_reviews"`);
    await queryRunner.query(`DROP TYPE "courses"."quality_severity"`);
  }
}
