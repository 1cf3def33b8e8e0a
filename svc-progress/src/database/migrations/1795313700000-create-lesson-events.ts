import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateLessonEvents1795313700000 implements MigrationInterface {
  name = 'CreateLessonEvents1795313700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "progress"."lesson_event_kind" AS ENUM ('started', 'completed')`);
    await queryRunner.query(`
      CREATE TABLE "progress"."lesson_events" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "course_id" uuid NOT NULL,
        "lesson_id" uuid NOT NULL,
        "kind" "progress"."lesson_event_kind" NOT NULL,
        "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "lesson_events_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "lesson_events_user_course_idx" ON "progress"."lesson_events" ("user_id", "course_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "progress"."lesson_events"`);
    await queryRunner.query(`DROP TYPE "progress"."lesson_event_kind"`);
  }
}
