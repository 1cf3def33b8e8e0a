import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the Content Enhancement agent changed in each lesson (issue 12), so the course page can show
 * it for review. A column of its own rather than entries in `sources`: sources say where a lesson's
 * text came from (and the library search reads them), a change record says what was done and when.
 */
export class LessonEnhancements1795720000000 implements MigrationInterface {
  name = 'LessonEnhancements1795720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "courses"."lessons" ADD "enhancements" jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "courses"."lessons" DROP COLUMN "enhancements"`);
  }
}
