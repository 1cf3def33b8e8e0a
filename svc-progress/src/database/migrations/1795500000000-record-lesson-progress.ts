import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Makes recording idempotent: a learner has at most one `started` and one `completed` event per
 * lesson, so recording again upserts (ON CONFLICT on the unique index) instead of adding a row, and
 * the time reported on a lesson adds up in `seconds_spent`.
 */
export class RecordLessonProgress1795500000000 implements MigrationInterface {
  name = 'RecordLessonProgress1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Rows recorded twice before the index existed: the earliest stays (id breaks a tie in time).
    await queryRunner.query(`
      DELETE FROM "progress"."lesson_events" AS later
      USING "progress"."lesson_events" AS earlier
      WHERE later."user_id" = earlier."user_id"
        AND later."lesson_id" = earlier."lesson_id"
        AND later."kind" = earlier."kind"
        AND (earlier."occurred_at", earlier."id") < (later."occurred_at", later."id")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "lesson_events_user_lesson_kind_key" ON "progress"."lesson_events" ("user_id", "lesson_id", "kind")`,
    );
    await queryRunner.query(`ALTER TABLE "progress"."lesson_events" ADD "seconds_spent" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `ALTER TABLE "progress"."lesson_events" ADD CONSTRAINT "lesson_events_seconds_spent_check" CHECK ("seconds_spent" >= 0)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "progress"."lesson_events" DROP CONSTRAINT "lesson_events_seconds_spent_check"`);
    await queryRunner.query(`ALTER TABLE "progress"."lesson_events" DROP COLUMN "seconds_spent"`);
    await queryRunner.query(`DROP INDEX "progress"."lesson_events_user_lesson_kind_key"`);
  }
}
