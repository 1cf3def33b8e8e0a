import type { MigrationInterface, QueryRunner } from 'typeorm';

const BEFORE = `'skill-extraction', 'lesson-writing', 'image-description', 'quality-review'`;
const AFTER = `${BEFORE}, 'search-answer', 'learning-helpers'`;
const ADDED = `'search-answer', 'learning-helpers'`;

/** Course search's answer and the six learning helpers (issue 13) are AI features: their calls are logged and their settings kept. */
export class AddSearchAnswerAndLearningHelpersFeatures1796000000000 implements MigrationInterface {
  name = 'AddSearchAnswerAndLearningHelpersFeatures1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.allowFeatures(queryRunner, AFTER);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Rows of the features would break the narrower check: they go with them.
    await queryRunner.query(`DELETE FROM "ai"."ai_calls" WHERE "feature" IN (${ADDED})`);
    await queryRunner.query(`DELETE FROM "ai"."ai_feature_settings" WHERE "feature" IN (${ADDED})`);
    await this.allowFeatures(queryRunner, BEFORE);
  }

  private async allowFeatures(queryRunner: QueryRunner, features: string): Promise<void> {
    for (const table of ['ai_calls', 'ai_feature_settings']) {
      await queryRunner.query(`ALTER TABLE "ai"."${table}" DROP CONSTRAINT "${table}_feature_check"`);
      await queryRunner.query(`ALTER TABLE "ai"."${table}" ADD CONSTRAINT "${table}_feature_check" CHECK ("feature" IN (${features}))`);
    }
  }
}
