import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * LTI Assignment and Grade Services: the line item an LMS launch gave for a learner in a course,
 * where their score goes when they complete it (one row per LMS line item: a course placed in two
 * LMS courses has two).
 */
export class RememberLtiLineItems1796860000000 implements MigrationInterface {
  name = 'RememberLtiLineItems1796860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "progress"."lti_line_items" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "course_id" uuid NOT NULL,
        "line_item_url" text NOT NULL,
        "platform_user_id" text NOT NULL,
        "issuer" text NOT NULL,
        "client_id" text NOT NULL,
        "token_url" text NOT NULL,
        "remembered_at" timestamptz NOT NULL DEFAULT now(),
        "score_posted_at" timestamptz,
        CONSTRAINT "lti_line_items_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "lti_line_items_user_course_line_item" UNIQUE ("user_id", "course_id", "line_item_url")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "progress"."lti_line_items"`);
  }
}
