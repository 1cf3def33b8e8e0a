import type { MigrationInterface, QueryRunner } from 'typeorm';

const BEFORE = `'skill-extraction', 'lesson-writing', 'image-description', 'quality-review', 'search-answer', 'learning-helpers', 'narration', 'illustration'`;
const AFTER = `${BEFORE}, 'exercise-feedback'`;

/** Feedback on exercise submissions (issue 14) is an AI feature: its calls are logged and its settings kept. */
export class AddExerciseFeedbackFeature1796400000000 implements MigrationInterface {
  name = 'AddExerciseFeedbackFeature1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.allowFeatures(queryRunner, AFTER);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Rows of the feature would break the narrower check: they go with it.
    await queryRunner.query(`DELETE FROM "ai"."ai_calls" WHERE "feature" = 'exercise-feedback'`);
    await queryRunner.query(`DELETE FROM "ai"."ai_feature_settings" WHERE "feature" = 'exercise-feedback'`);
    await this.allowFeatures(queryRunner, BEFORE);
  }

  private async allowFeatures(queryRunner: QueryRunner, features: string): Promise<void> {
    for (const table of ['ai_calls', 'ai_feature_settings']) {
      await queryRunner.query(`ALTER TABLE "ai"."${table}" DROP CONSTRAINT "${table}_feature_check"`);
      await queryRunner.query(`ALTER TABLE "ai"."${table}" ADD CONSTRAINT "${table}_feature_check" CHECK ("feature" IN (${features}))`);
    }
  }
}
