import type { MigrationInterface, QueryRunner } from 'typeorm';

const BEFORE = `'skill-extraction', 'lesson-writing', 'image-description', 'quality-review', 'search-answer', 'learning-helpers'`;
const AFTER = `${BEFORE}, 'narration'`;

/** Lesson narration (issue 14) is an AI feature: its calls are logged and its settings kept. */
export class AddNarrationFeature1796100000000 implements MigrationInterface {
  name = 'AddNarrationFeature1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.allowFeatures(queryRunner, AFTER);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Rows of the feature would break the narrower check: they go with it.
    await queryRunner.query(`DELETE FROM "ai"."ai_calls" WHERE "feature" = 'narration'`);
    await queryRunner.query(`DELETE FROM "ai"."ai_feature_settings" WHERE "feature" = 'narration'`);
    await this.allowFeatures(queryRunner, BEFORE);
  }

  private async allowFeatures(queryRunner: QueryRunner, features: string): Promise<void> {
    for (const table of ['ai_calls', 'ai_feature_settings']) {
      await queryRunner.query(`ALTER TABLE "ai"."${table}" DROP CONSTRAINT "${table}_feature_check"`);
      await queryRunner.query(`ALTER TABLE "ai"."${table}" ADD CONSTRAINT "${table}_feature_check" CHECK ("feature" IN (${features}))`);
    }
  }
}
