import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A video lesson's video (issue 14): the canonical link or upload as contracts' `lessonVideoSchema`
 * reads it, never what was pasted. Null for a lesson without one. Uploads are found by their key when
 * one is removed (is any other lesson still showing it?), hence the partial index.
 */
export class LessonVideo1796310000000 implements MigrationInterface {
  name = 'LessonVideo1796310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "courses"."lessons" ADD "video" jsonb`);
    await queryRunner.query(
      `CREATE INDEX "lessons_video_upload_key_idx" ON "courses"."lessons" ((video->>'key')) WHERE video->>'kind' = 'upload'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "courses"."lessons_video_upload_key_idx"`);
    await queryRunner.query(`ALTER TABLE "courses"."lessons" DROP COLUMN "video"`);
  }
}
