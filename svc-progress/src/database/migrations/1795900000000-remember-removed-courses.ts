import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Courses deleted from the catalog (svc-courses' course-deleted events): paths and progress keep
 * showing them, marked removed, and the dashboard's figures stop waiting for them.
 */
export class RememberRemovedCourses1795900000000 implements MigrationInterface {
  name = 'RememberRemovedCourses1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "progress"."removed_courses" (
        "course_id" uuid NOT NULL,
        "removed_at" timestamptz NOT NULL,
        CONSTRAINT "removed_courses_pkey" PRIMARY KEY ("course_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "progress"."removed_courses"`);
  }
}
