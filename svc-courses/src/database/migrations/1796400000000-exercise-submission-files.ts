import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exercise submissions keep the files a learner attached (name, media type, size, sha256 and the
 * object's name in the `masar-exercise-attachments` bucket: the files themselves are never in
 * Postgres) and the feedback written on them (issue 14).
 */
export class ExerciseSubmissionFiles1796400000000 implements MigrationInterface {
  name = 'ExerciseSubmissionFiles1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "courses"."exercise_submissions" ADD "attachments" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`ALTER TABLE "courses"."exercise_submissions" ADD "feedback" jsonb`);
    await queryRunner.query(
      `ALTER TABLE "courses"."exercise_submissions" ADD CONSTRAINT "exercise_submissions_attachments_check" CHECK (jsonb_typeof("attachments") = 'array' AND jsonb_array_length("attachments") <= 3)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "courses"."exercise_submissions" DROP CONSTRAINT "exercise_submissions_attachments_check"`);
    await queryRunner.query(`ALTER TABLE "courses"."exercise_submissions" DROP COLUMN "feedback"`);
    await queryRunner.query(`ALTER TABLE "courses"."exercise_submissions" DROP COLUMN "attachments"`);
  }
}
