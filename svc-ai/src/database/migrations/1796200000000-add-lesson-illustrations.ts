import type { MigrationInterface, QueryRunner } from 'typeorm';

const BEFORE = `'skill-extraction', 'lesson-writing', 'image-description', 'quality-review', 'search-answer', 'learning-helpers', 'narration'`;
const AFTER = `${BEFORE}, 'illustration'`;

/**
 * Lesson illustrations (issue 14): an AI feature (its calls logged, its settings kept), and the
 * pictures themselves, one per lesson text, provider and model, served by the gateway as PNG.
 */
export class AddLessonIllustrations1796200000000 implements MigrationInterface {
  name = 'AddLessonIllustrations1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.allowFeatures(queryRunner, AFTER);
    await queryRunner.query(`
      CREATE TABLE "ai"."illustrations" (
        "key" text NOT NULL,
        "png" bytea NOT NULL,
        "width" integer NOT NULL,
        "height" integer NOT NULL,
        "provider" text NOT NULL,
        "model" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "illustrations_pkey" PRIMARY KEY ("key"),
        CONSTRAINT "illustrations_key_check" CHECK ("key" ~ '^[0-9a-f]{64}$')
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ai"."illustrations"`);
    await queryRunner.query(`DELETE FROM "ai"."ai_calls" WHERE "feature" = 'illustration'`);
    await queryRunner.query(`DELETE FROM "ai"."ai_feature_settings" WHERE "feature" = 'illustration'`);
    await this.allowFeatures(queryRunner, BEFORE);
  }

  private async allowFeatures(queryRunner: QueryRunner, features: string): Promise<void> {
    for (const table of ['ai_calls', 'ai_feature_settings']) {
      await queryRunner.query(`ALTER TABLE "ai"."${table}" DROP CONSTRAINT "${table}_feature_check"`);
      await queryRunner.query(`ALTER TABLE "ai"."${table}" ADD CONSTRAINT "${table}_feature_check" CHECK ("feature" IN (${features}))`);
    }
  }
}
