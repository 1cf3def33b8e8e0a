import type { MigrationInterface, QueryRunner } from 'typeorm';

const FEATURE = 'arabic-vowel-marks';
const TABLES = ['ai_calls', 'ai_feature_settings'] as const;

/**
 * Arabic vowel marks for narration (issue 14) are an AI feature of their own: the model call is
 * logged under its own name and an admin switches it apart from the voice. The feature is added to
 * the check's current list (read from the catalog) rather than to a list written here, so this
 * migration and another one adding a feature at about the same time keep each other's.
 */
export class AddArabicVowelMarksFeature1796410000000 implements MigrationInterface {
  name = 'AddArabicVowelMarksFeature1796410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      const features = await allowedFeatures(queryRunner, table);
      if (!features.includes(FEATURE)) await allowFeatures(queryRunner, table, [...features, FEATURE]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      // Rows of the feature would break the narrower check: they go with it.
      await queryRunner.query(`DELETE FROM "ai"."${table}" WHERE "feature" = $1`, [FEATURE]);
      await allowFeatures(queryRunner, table, (await allowedFeatures(queryRunner, table)).filter((feature) => feature !== FEATURE));
    }
  }
}

/** The feature names the table's check allows now (`CHECK ((feature = ANY (ARRAY['a'::text, ...])))`). */
async function allowedFeatures(queryRunner: QueryRunner, table: string): Promise<string[]> {
  const rows = (await queryRunner.query(
    `SELECT pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
     WHERE n.nspname = 'ai' AND c.conname = $1`,
    [`${table}_feature_check`],
  )) as Array<{ definition: string }>;
  if (rows.length !== 1) throw new Error(`ai.${table} has no feature check to extend`);
  return [...rows[0].definition.matchAll(/'([a-z-]+)'/g)].map((match) => match[1]);
}

async function allowFeatures(queryRunner: QueryRunner, table: string, features: readonly string[]): Promise<void> {
  const list = features.map((feature) => `'${feature}'`).join(', ');
  await queryRunner.query(`ALTER TABLE "ai"."${table}" DROP CONSTRAINT "${table}_feature_check"`);
  await queryRunner.query(`ALTER TABLE "ai"."${table}" ADD CONSTRAINT "${table}_feature_check" CHECK ("feature" IN (${list}))`);
}
