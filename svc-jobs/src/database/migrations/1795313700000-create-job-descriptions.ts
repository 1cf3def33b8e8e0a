import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateJobDescriptions1795313700000 implements MigrationInterface {
  name = 'CreateJobDescriptions1795313700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "jobs"."job_description_language" AS ENUM ('en', 'ar')`);
    await queryRunner.query(`
      CREATE TABLE "jobs"."job_descriptions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "title" text NOT NULL,
        "content" text NOT NULL,
        "source" jsonb NOT NULL,
        "detected_language" "jobs"."job_description_language" NOT NULL,
        "extracted_skills" jsonb NOT NULL DEFAULT '[]',
        "created_by" uuid,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "job_descriptions_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "job_descriptions_created_at_idx" ON "jobs"."job_descriptions" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "jobs"."job_descriptions"`);
    await queryRunner.query(`DROP TYPE "jobs"."job_description_language"`);
  }
}
