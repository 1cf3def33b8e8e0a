import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quiz attempts and exercise submissions (issue 14): each row a learner's own, gone with its lesson.
 * Search passages of courses with quizzes are dropped, so the boot-time backfill indexes those
 * courses again without the quizzes' answers (search results reach learners).
 */
export class LessonPractice1796200000000 implements MigrationInterface {
  name = 'LessonPractice1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "courses"."quiz_attempts" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "lesson_id" uuid NOT NULL,
        "answers" jsonb NOT NULL,
        "graded" jsonb NOT NULL,
        "correct_count" integer NOT NULL,
        "question_count" integer NOT NULL,
        "score" integer NOT NULL,
        "passed" boolean NOT NULL,
        "submitted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "quiz_attempts_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "quiz_attempts_lesson_id_fkey" FOREIGN KEY ("lesson_id") REFERENCES "courses"."lessons"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE INDEX "quiz_attempts_user_lesson_idx" ON "courses"."quiz_attempts" ("user_id", "lesson_id", "submitted_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "courses"."exercise_submissions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "lesson_id" uuid NOT NULL,
        "work" text NOT NULL,
        "checked_items" text array NOT NULL DEFAULT '{}',
        "submitted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "exercise_submissions_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "exercise_submissions_lesson_id_fkey" FOREIGN KEY ("lesson_id") REFERENCES "courses"."lessons"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(
      `CREATE INDEX "exercise_submissions_user_lesson_idx" ON "courses"."exercise_submissions" ("user_id", "lesson_id", "submitted_at")`,
    );
    await queryRunner.query(`
      DELETE FROM "courses"."search_passages" WHERE "course_id" IN (
        SELECT m."course_id" FROM "courses"."modules" m JOIN "courses"."lessons" l ON l."module_id" = m."id" WHERE l."type" = 'quiz')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "courses"."exercise_submissions"`);
    await queryRunner.query(`DROP TABLE "courses"."quiz_attempts"`);
  }
}
