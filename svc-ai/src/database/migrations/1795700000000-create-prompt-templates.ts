import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Prompt templates (issue 12): the stored system prompt, model, temperature and max tokens of every
 * LLM call, and each version an admin saved or restored. The built-in defaults are inserted by
 * `PromptTemplatesSeeder` at boot, from the same constants the code used before templates existed.
 */
export class CreatePromptTemplates1795700000000 implements MigrationInterface {
  name = 'CreatePromptTemplates1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "ai"."prompt_templates" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "name" varchar(100) NOT NULL,
        "category" varchar(100) NOT NULL,
        "model" varchar(200) NOT NULL DEFAULT 'default',
        "temperature" text NOT NULL,
        "max_tokens" integer NOT NULL,
        "description" text NOT NULL DEFAULT '',
        "prompt" text NOT NULL,
        "parameters" text[] NOT NULL DEFAULT '{}',
        "version" integer NOT NULL DEFAULT 1,
        "updated_by" uuid,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "prompt_templates_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "prompt_templates_name_key" UNIQUE ("name"),
        CONSTRAINT "prompt_templates_max_tokens_check" CHECK ("max_tokens" > 0),
        CONSTRAINT "prompt_templates_version_check" CHECK ("version" > 0)
      )`);
    await queryRunner.query(`
      CREATE TABLE "ai"."prompt_template_versions" (
        "template_id" uuid NOT NULL,
        "version" integer NOT NULL,
        "model" varchar(200) NOT NULL,
        "temperature" text NOT NULL,
        "max_tokens" integer NOT NULL,
        "description" text NOT NULL,
        "prompt" text NOT NULL,
        "changed_by" uuid,
        "changed_at" timestamptz NOT NULL DEFAULT now(),
        "changes" text[] NOT NULL DEFAULT '{}',
        "restored_from" integer,
        CONSTRAINT "prompt_template_versions_pkey" PRIMARY KEY ("template_id", "version"),
        CONSTRAINT "prompt_template_versions_template_fkey" FOREIGN KEY ("template_id")
          REFERENCES "ai"."prompt_templates" ("id") ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ai"."prompt_template_versions"`);
    await queryRunner.query(`DROP TABLE "ai"."prompt_templates"`);
  }
}
