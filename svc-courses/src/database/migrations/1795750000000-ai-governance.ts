import { SYSTEM_CALLER_ID } from '@masar/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A person's task names their role, Masar's own has none. */
const CREATED_BY_ROLE_CHECK =
  `("created_by" = '${SYSTEM_CALLER_ID}') = ("created_by_role" IS NULL) AND ("created_by_role" IS NULL OR "created_by_role" IN ('learner', 'admin'))`;

/**
 * AI governance (issue 12):
 * - `agent_tasks.created_by_role`: a queued task calls svc-ai for the person who started it, and
 *   svc-ai's notice and budget checks need their role as well as their id. Tasks from before this
 *   are taken as learners' (the stricter of the two); Masar's own tasks (SYSTEM_CALLER_ID) have
 *   none, and their calls name nobody.
 * - `ai_label` on lessons and courses: which AI feature and model wrote it, and when
 *   (`aiContentLabelSchema`); null for what people wrote and for the seed catalog.
 */
export class AiGovernance1795750000000 implements MigrationInterface {
  name = 'AiGovernance1795750000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "courses"."agent_tasks" ADD "created_by_role" text DEFAULT 'learner'`);
    await queryRunner.query(`UPDATE "courses"."agent_tasks" SET "created_by_role" = NULL WHERE "created_by" = $1`, [SYSTEM_CALLER_ID]);
    await queryRunner.query(
      `ALTER TABLE "courses"."agent_tasks" ADD CONSTRAINT "agent_tasks_created_by_role_check"
         CHECK (${CREATED_BY_ROLE_CHECK})`,
    );
    await queryRunner.query(`ALTER TABLE "courses"."lessons" ADD "ai_label" jsonb`);
    await queryRunner.query(`ALTER TABLE "courses"."courses" ADD "ai_label" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "courses"."courses" DROP COLUMN "ai_label"`);
    await queryRunner.query(`ALTER TABLE "courses"."lessons" DROP COLUMN "ai_label"`);
    await queryRunner.query(`ALTER TABLE "courses"."agent_tasks" DROP CONSTRAINT "agent_tasks_created_by_role_check"`);
    await queryRunner.query(`ALTER TABLE "courses"."agent_tasks" DROP COLUMN "created_by_role"`);
  }
}
