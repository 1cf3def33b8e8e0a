import type { MigrationInterface, QueryRunner } from 'typeorm';

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/**
 * Every job description has an owner, except a predefined role's stored posting, which becomes a
 * read-only template: picking the role gives each learner their own copy. Until now the role's row
 * was shared and its review was whoever saved last, so a template somebody reviewed becomes that
 * reviewer's own copy (their review, and any learning path built on its id, stay theirs) and a
 * pristine template takes its place. Copies are unique per owner, role and language.
 */
export class OwnCopiesOfPredefinedRoles1795500000000 implements MigrationInterface {
  name = 'OwnCopiesOfPredefinedRoles1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "jobs"."job_descriptions_predefined_role_language_key"`);
    await queryRunner.query(
      `INSERT INTO "jobs"."job_descriptions"
         ("title", "content", "source", "detected_language", "extracted_skills", "reviewed_skills", "created_by", "created_at")
       SELECT "title", "content", "source", "detected_language", "extracted_skills", NULL, NULL, "created_at"
         FROM "jobs"."job_descriptions"
        WHERE "created_by" IS NULL AND "source" ->> 'kind' = 'predefined-role' AND "reviewed_skills" IS NOT NULL`,
    );
    // The reviewed rows (the old shared ones, and any other ownerless one) go to their reviewer.
    await queryRunner.query(
      `UPDATE "jobs"."job_descriptions"
          SET "created_by" = ("reviewed_skills" ->> 'reviewedBy')::uuid
        WHERE "created_by" IS NULL AND "reviewed_skills" ->> 'reviewedBy' ~ $1`,
      [UUID_PATTERN],
    );
    // A review nobody can be named for cannot belong to anyone: the template stays pristine.
    await queryRunner.query(`UPDATE "jobs"."job_descriptions" SET "reviewed_skills" = NULL WHERE "created_by" IS NULL`);
    await queryRunner.query(
      `ALTER TABLE "jobs"."job_descriptions"
         ADD CONSTRAINT "job_descriptions_template_unreviewed_check" CHECK ("created_by" IS NOT NULL OR "reviewed_skills" IS NULL)`,
    );
    await queryRunner.query(`
      CREATE UNIQUE INDEX "job_descriptions_predefined_role_template_key"
        ON "jobs"."job_descriptions" (("source" ->> 'role'), "detected_language")
        WHERE "source" ->> 'kind' = 'predefined-role' AND "created_by" IS NULL`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX "job_descriptions_predefined_role_copy_key"
        ON "jobs"."job_descriptions" ("created_by", ("source" ->> 'role'), "detected_language")
        WHERE "source" ->> 'kind' = 'predefined-role' AND "created_by" IS NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX "job_descriptions_created_by_idx" ON "jobs"."job_descriptions" ("created_by", "created_at")`,
    );
  }

  /** Back to one shared row per role: the learners' copies of predefined roles are dropped. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "jobs"."job_descriptions_created_by_idx"`);
    await queryRunner.query(`DROP INDEX "jobs"."job_descriptions_predefined_role_copy_key"`);
    await queryRunner.query(`DROP INDEX "jobs"."job_descriptions_predefined_role_template_key"`);
    await queryRunner.query(`ALTER TABLE "jobs"."job_descriptions" DROP CONSTRAINT "job_descriptions_template_unreviewed_check"`);
    await queryRunner.query(
      `DELETE FROM "jobs"."job_descriptions" WHERE "source" ->> 'kind' = 'predefined-role' AND "created_by" IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE UNIQUE INDEX "job_descriptions_predefined_role_language_key"
        ON "jobs"."job_descriptions" (("source" ->> 'role'), "detected_language")
        WHERE "source" ->> 'kind' = 'predefined-role'`);
  }
}
