import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Creation tasks become agent tasks: one table for every piece of background AI work on courses
 * (spec 001 section 3 "AI agent task"). A document task keeps its stage and kind (the creation-task
 * call still reads them); every task gains a type, a status, its step position and checkpoint (what
 * a resumed run continues from), a log, and its result. Existing rows are carried over as they ended.
 */
export class AgentTasks1795700000000 implements MigrationInterface {
  name = 'AgentTasks1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "courses"."creation_tasks" RENAME TO "agent_tasks"`);
    await queryRunner.query(`ALTER TABLE "courses"."agent_tasks" RENAME CONSTRAINT "creation_tasks_pkey" TO "agent_tasks_pkey"`);
    await queryRunner.query(
      `ALTER TABLE "courses"."agent_tasks" RENAME CONSTRAINT "creation_tasks_progress_check" TO "agent_tasks_progress_check"`,
    );
    await queryRunner.query(`ALTER INDEX "courses"."creation_tasks_created_by_idx" RENAME TO "agent_tasks_created_by_idx"`);
    await queryRunner.query(
      `CREATE TYPE "courses"."agent_task_type" AS ENUM ('course-from-documents', 'ready-ai-course', 'quality-review', 'content-enhancement')`,
    );
    await queryRunner.query(
      `CREATE TYPE "courses"."agent_task_status" AS ENUM ('queued', 'running', 'paused', 'completed', 'failed', 'cancelled')`,
    );
    await queryRunner.query(`
      ALTER TABLE "courses"."agent_tasks"
        ALTER COLUMN "kind" DROP NOT NULL,
        ALTER COLUMN "stage" DROP NOT NULL,
        ALTER COLUMN "stage" DROP DEFAULT,
        ADD COLUMN "type" "courses"."agent_task_type" NOT NULL DEFAULT 'course-from-documents',
        ADD COLUMN "title" text NOT NULL DEFAULT '',
        ADD COLUMN "status" "courses"."agent_task_status" NOT NULL DEFAULT 'queued',
        ADD COLUMN "current_step" text,
        ADD COLUMN "can_pause" boolean NOT NULL DEFAULT false,
        ADD COLUMN "can_cancel" boolean NOT NULL DEFAULT true,
        ADD COLUMN "started_at" timestamptz,
        ADD COLUMN "ended_at" timestamptz,
        ADD COLUMN "estimated_duration" integer NOT NULL DEFAULT 0,
        ADD COLUMN "error" text,
        ADD COLUMN "logs" jsonb NOT NULL DEFAULT '[]',
        ADD COLUMN "result" jsonb,
        ADD COLUMN "input" jsonb NOT NULL DEFAULT '{}',
        ADD COLUMN "checkpoint" jsonb,
        ADD COLUMN "next_step" integer NOT NULL DEFAULT 0,
        ADD COLUMN "total_steps" integer NOT NULL DEFAULT 1,
        ADD COLUMN "run_id" uuid`);
    // Rows made before: a document task ended (complete or error) or still on its way.
    await queryRunner.query(`
      UPDATE "courses"."agent_tasks" SET
        "title" = 'Course from ' || coalesce("file_names"[1], 'documents'),
        "status" = (CASE "stage" WHEN 'complete' THEN 'completed' WHEN 'error' THEN 'failed' ELSE 'running' END)::"courses"."agent_task_status",
        "current_step" = CASE WHEN "stage" = 'error' THEN NULL ELSE "message" END,
        "error" = CASE WHEN "stage" = 'error' THEN "message" ELSE NULL END,
        "started_at" = "created_at",
        "ended_at" = CASE WHEN "stage" IN ('complete', 'error') THEN "updated_at" ELSE NULL END,
        "can_cancel" = "stage" NOT IN ('complete', 'error'),
        "result" = CASE WHEN "course_id" IS NOT NULL THEN jsonb_build_object('courseId', "course_id") ELSE NULL END`);
    await queryRunner.query(`ALTER TABLE "courses"."agent_tasks" DROP COLUMN "message"`);
    // Every new task names its type and title; a step-wise task starts at 0 %.
    await queryRunner.query(
      `ALTER TABLE "courses"."agent_tasks" ALTER COLUMN "type" DROP DEFAULT, ALTER COLUMN "title" DROP DEFAULT, ALTER COLUMN "progress" SET DEFAULT 0`,
    );
    await queryRunner.query(`
      ALTER TABLE "courses"."agent_tasks"
        ADD CONSTRAINT "agent_tasks_documents_check" CHECK (("type" = 'course-from-documents') = ("kind" IS NOT NULL AND "stage" IS NOT NULL)),
        ADD CONSTRAINT "agent_tasks_steps_check" CHECK ("next_step" BETWEEN 0 AND "total_steps")`);
    await queryRunner.query(`CREATE INDEX "agent_tasks_newest_first_idx" ON "courses"."agent_tasks" ("created_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "agent_tasks_status_idx" ON "courses"."agent_tasks" ("status")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "courses"."agent_tasks" WHERE "type" <> 'course-from-documents'`);
    await queryRunner.query(`DROP INDEX "courses"."agent_tasks_status_idx"`);
    await queryRunner.query(`DROP INDEX "courses"."agent_tasks_newest_first_idx"`);
    await queryRunner.query(`ALTER TABLE "courses"."agent_tasks" DROP CONSTRAINT "agent_tasks_steps_check", DROP CONSTRAINT "agent_tasks_documents_check"`);
    await queryRunner.query(`ALTER TABLE "courses"."agent_tasks" ADD COLUMN "message" text`);
    await queryRunner.query(`UPDATE "courses"."agent_tasks" SET "message" = coalesce("error", "current_step")`);
    await queryRunner.query(`
      ALTER TABLE "courses"."agent_tasks"
        DROP COLUMN "run_id", DROP COLUMN "total_steps", DROP COLUMN "next_step", DROP COLUMN "checkpoint", DROP COLUMN "input",
        DROP COLUMN "result", DROP COLUMN "logs", DROP COLUMN "error", DROP COLUMN "estimated_duration", DROP COLUMN "ended_at",
        DROP COLUMN "started_at", DROP COLUMN "can_cancel", DROP COLUMN "can_pause", DROP COLUMN "current_step", DROP COLUMN "status",
        DROP COLUMN "title", DROP COLUMN "type",
        ALTER COLUMN "stage" SET DEFAULT 'uploading', ALTER COLUMN "stage" SET NOT NULL, ALTER COLUMN "kind" SET NOT NULL,
        ALTER COLUMN "progress" SET DEFAULT 10`);
    await queryRunner.query(`DROP TYPE "courses"."agent_task_status"`);
    await queryRunner.query(`DROP TYPE "courses"."agent_task_type"`);
    await queryRunner.query(`ALTER INDEX "courses"."agent_tasks_created_by_idx" RENAME TO "creation_tasks_created_by_idx"`);
    await queryRunner.query(
      `ALTER TABLE "courses"."agent_tasks" RENAME CONSTRAINT "agent_tasks_progress_check" TO "creation_tasks_progress_check"`,
    );
    await queryRunner.query(`ALTER TABLE "courses"."agent_tasks" RENAME CONSTRAINT "agent_tasks_pkey" TO "creation_tasks_pkey"`);
    await queryRunner.query(`ALTER TABLE "courses"."agent_tasks" RENAME TO "creation_tasks"`);
  }
}
