import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drafts and publishing (issue 14):
 * - `courses.status` (`course_status`: draft | published) and `published_at`. Every course stored so
 *   far was visible to learners, seeded ones included: they become published (as of when they were
 *   created). From now on the column's default makes every new course a draft; the seed catalog and
 *   external training say `published` when they write one.
 * - Learners' newest-first list reads published courses only: a partial index keeps that an
 *   index-only scan, as `courses_newest_first_idx` does for admins.
 */
export class CoursePublishing1796300000000 implements MigrationInterface {
  name = 'CoursePublishing1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "courses"."course_status" AS ENUM ('draft', 'published')`);
    await queryRunner.query(`ALTER TABLE "courses"."courses" ADD "status" "courses"."course_status" NOT NULL DEFAULT 'published'`);
    await queryRunner.query(`ALTER TABLE "courses"."courses" ADD "published_at" timestamptz`);
    await queryRunner.query(`UPDATE "courses"."courses" SET "published_at" = "created_at"`);
    await queryRunner.query(`ALTER TABLE "courses"."courses" ALTER COLUMN "status" SET DEFAULT 'draft'`);
    await queryRunner.query(
      `CREATE INDEX "courses_published_newest_first_idx" ON "courses"."courses" ("created_at" DESC, "id" DESC) WHERE "status" = 'published'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "courses"."courses_published_newest_first_idx"`);
    await queryRunner.query(`ALTER TABLE "courses"."courses" DROP COLUMN "published_at"`);
    await queryRunner.query(`ALTER TABLE "courses"."courses" DROP COLUMN "status"`);
    await queryRunner.query(`DROP TYPE "courses"."course_status"`);
  }
}
