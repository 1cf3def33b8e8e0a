import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * LTI grade passback of quizzes: each learner's best passed score on each quiz of a course, the
 * course's grade in the LMS being their mean (a course without quizzes scores full on completion).
 * And each line item's score waiting for an LMS that could not take it, so an LMS that is down holds
 * back only its own grades: the latest score (AGS keeps only the latest), its attempts and next try.
 */
export class RememberLtiQuizResults1796894000000 implements MigrationInterface {
  name = 'RememberLtiQuizResults1796894000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "progress"."lti_quiz_results" (
        "user_id" uuid NOT NULL,
        "lesson_id" uuid NOT NULL,
        "course_id" uuid NOT NULL,
        "best_score" numeric(5,2) NOT NULL,
        "passed_at" timestamptz NOT NULL,
        CONSTRAINT "lti_quiz_results_pkey" PRIMARY KEY ("user_id", "lesson_id"),
        CONSTRAINT "lti_quiz_results_best_score_check" CHECK ("best_score" BETWEEN 0 AND 100)
      )`);
    await queryRunner.query(`CREATE INDEX "lti_quiz_results_user_course" ON "progress"."lti_quiz_results" ("user_id", "course_id")`);
    await queryRunner.query(`
      ALTER TABLE "progress"."lti_line_items"
        ADD "pending_score" jsonb,
        ADD "post_attempts" integer NOT NULL DEFAULT 0,
        ADD "next_post_at" timestamptz`);
    await queryRunner.query(`CREATE INDEX "lti_line_items_due_scores" ON "progress"."lti_line_items" ("next_post_at") WHERE "pending_score" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "progress"."lti_line_items_due_scores"`);
    await queryRunner.query(`ALTER TABLE "progress"."lti_line_items" DROP "pending_score", DROP "post_attempts", DROP "next_post_at"`);
    await queryRunner.query(`DROP TABLE "progress"."lti_quiz_results"`);
  }
}
