import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * AI governance (issue 12): the log of every AI call, the per-feature settings (on/off, provider,
 * model), the monthly token budgets and the AI-use notice with who accepted which version. Until an
 * admin changes something, no row exists and every default applies (features on, no budgets, no notice).
 */
export class CreateAiGovernance1795800000000 implements MigrationInterface {
  name = 'CreateAiGovernance1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const features = `'skill-extraction', 'lesson-writing', 'image-description'`;
    await queryRunner.query(`
      CREATE TABLE "ai"."ai_calls" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "at" timestamptz NOT NULL DEFAULT now(),
        "user_id" uuid,
        "user_role" varchar(20),
        "feature" varchar(40) NOT NULL,
        "provider" varchar(20) NOT NULL,
        "model" varchar(200) NOT NULL,
        "prompt_template" varchar(100),
        "prompt_version" integer,
        "input_tokens" integer NOT NULL DEFAULT 0,
        "output_tokens" integer NOT NULL DEFAULT 0,
        "input_characters" integer NOT NULL DEFAULT 0,
        "output_characters" integer NOT NULL DEFAULT 0,
        "latency_ms" integer NOT NULL DEFAULT 0,
        "outcome" varchar(20) NOT NULL,
        "status_code" integer,
        "error" text,
        "request_id" varchar(200),
        CONSTRAINT "ai_calls_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "ai_calls_user_role_check" CHECK ("user_role" IN ('learner', 'admin')),
        CONSTRAINT "ai_calls_feature_check" CHECK ("feature" IN (${features})),
        CONSTRAINT "ai_calls_provider_check" CHECK ("provider" IN ('offline', 'openai')),
        CONSTRAINT "ai_calls_outcome_check" CHECK ("outcome" IN ('succeeded', 'failed', 'refused')),
        CONSTRAINT "ai_calls_counts_check" CHECK (
          "input_tokens" >= 0 AND "output_tokens" >= 0 AND "input_characters" >= 0 AND "output_characters" >= 0 AND "latency_ms" >= 0
        ),
        -- A call that did not succeed says why; one that did carries no error.
        CONSTRAINT "ai_calls_error_check" CHECK (("outcome" = 'succeeded') = ("status_code" IS NULL))
      )`);
    await queryRunner.query(`CREATE INDEX "ai_calls_at_idx" ON "ai"."ai_calls" ("at" DESC)`);
    // This month's use per person (every budget check) and a person's calls in the report.
    await queryRunner.query(`CREATE INDEX "ai_calls_user_at_idx" ON "ai"."ai_calls" ("user_id", "at")`);
    await queryRunner.query(`CREATE INDEX "ai_calls_feature_idx" ON "ai"."ai_calls" ("feature")`);

    await queryRunner.query(`
      CREATE TABLE "ai"."ai_feature_settings" (
        "feature" varchar(40) NOT NULL,
        "enabled" boolean NOT NULL DEFAULT true,
        "provider" varchar(20) NOT NULL,
        "model" varchar(200),
        "updated_by" uuid,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "ai_feature_settings_pkey" PRIMARY KEY ("feature"),
        CONSTRAINT "ai_feature_settings_feature_check" CHECK ("feature" IN (${features})),
        CONSTRAINT "ai_feature_settings_provider_check" CHECK ("provider" IN ('offline', 'openai'))
      )`);

    await queryRunner.query(`
      CREATE TABLE "ai"."ai_budget_settings" (
        "id" smallint NOT NULL DEFAULT 1,
        "default_monthly_tokens" integer,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "ai_budget_settings_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "ai_budget_settings_single_row_check" CHECK ("id" = 1),
        CONSTRAINT "ai_budget_settings_tokens_check" CHECK ("default_monthly_tokens" >= 0)
      )`);
    await queryRunner.query(`
      CREATE TABLE "ai"."ai_budget_overrides" (
        "user_id" uuid NOT NULL,
        "monthly_tokens" integer NOT NULL,
        CONSTRAINT "ai_budget_overrides_pkey" PRIMARY KEY ("user_id"),
        CONSTRAINT "ai_budget_overrides_tokens_check" CHECK ("monthly_tokens" >= 0)
      )`);

    await queryRunner.query(`
      CREATE TABLE "ai"."ai_notices" (
        "version" integer NOT NULL,
        "text_en" text NOT NULL,
        "text_ar" text NOT NULL,
        "updated_by" uuid,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "ai_notices_pkey" PRIMARY KEY ("version"),
        CONSTRAINT "ai_notices_version_check" CHECK ("version" > 0)
      )`);
    await queryRunner.query(`
      CREATE TABLE "ai"."ai_notice_acceptances" (
        "user_id" uuid NOT NULL,
        "version" integer NOT NULL,
        "accepted_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "ai_notice_acceptances_pkey" PRIMARY KEY ("user_id", "version"),
        CONSTRAINT "ai_notice_acceptances_version_fkey" FOREIGN KEY ("version")
          REFERENCES "ai"."ai_notices" ("version") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "ai_notice_acceptances_version_idx" ON "ai"."ai_notice_acceptances" ("version")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ai"."ai_notice_acceptances"`);
    await queryRunner.query(`DROP TABLE "ai"."ai_notices"`);
    await queryRunner.query(`DROP TABLE "ai"."ai_budget_overrides"`);
    await queryRunner.query(`DROP TABLE "ai"."ai_budget_settings"`);
    await queryRunner.query(`DROP TABLE "ai"."ai_feature_settings"`);
    await queryRunner.query(`DROP TABLE "ai"."ai_calls"`);
  }
}
