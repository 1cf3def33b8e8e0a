import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Narrating a whole course is an agent task of its own type (issue 14). */
export class CourseNarrationTasks1796330000000 implements MigrationInterface {
  name = 'CourseNarrationTasks1796330000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TYPE "courses"."agent_task_type" ADD VALUE IF NOT EXISTS 'course-narration'`);
  }

  /** Postgres cannot drop one value of an enum: the type is made again without it, and those tasks go. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "courses"."agent_tasks" WHERE "type" = 'course-narration'`);
    await queryRunner.query(`ALTER TYPE "courses"."agent_task_type" RENAME TO "agent_task_type_old"`);
    await queryRunner.query(
      `CREATE TYPE "courses"."agent_task_type" AS ENUM ('course-from-documents', 'ready-ai-course', 'quality-review', 'content-enhancement')`,
    );
    await queryRunner.query(`ALTER TABLE "courses"."agent_tasks" ALTER COLUMN "type" DROP DEFAULT`);
    await queryRunner.query(
      `ALTER TABLE "courses"."agent_tasks" ALTER COLUMN "type" TYPE "courses"."agent_task_type" USING "type"::text::"courses"."agent_task_type"`,
    );
    await queryRunner.query(`ALTER TABLE "courses"."agent_tasks" ALTER COLUMN "type" SET DEFAULT 'course-from-documents'`);
    await queryRunner.query(`DROP TYPE "courses"."agent_task_type_old"`);
  }
}
