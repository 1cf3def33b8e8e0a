import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Adds the reviewed skill set, and makes each predefined role's posting unique per language so
 * seeding from several instances (INSERT ... ON CONFLICT DO NOTHING) creates it once.
 */
export class AddReviewedSkillsAndPredefinedRoles1795400000000 implements MigrationInterface {
  name = 'AddReviewedSkillsAndPredefinedRoles1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "jobs"."job_descriptions" ADD "reviewed_skills" jsonb`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX "job_descriptions_predefined_role_language_key"
        ON "jobs"."job_descriptions" (("source" ->> 'role'), "detected_language")
        WHERE "source" ->> 'kind' = 'predefined-role'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "jobs"."job_descriptions_predefined_role_language_key"`);
    await queryRunner.query(`ALTER TABLE "jobs"."job_descriptions" DROP COLUMN "reviewed_skills"`);
  }
}
