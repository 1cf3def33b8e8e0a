import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763800000000 implements MigrationInterface {
  name = 'CreateUsers1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "identity"."user_role" AS ENUM ('admin', 'learner')`);
    await queryRunner.query(`CREATE TYPE "identity"."user_language" AS ENUM ('en', 'ar')`);
    await queryRunner.query(`
      CREATE TABLE "identity"."users" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "username" varchar(100) NOT NULL,
        "password_hash" text NOT NULL,
        "role" "identity"."user_role" NOT NULL DEFAULT 'learner',
        "first_name" varchar(100) NOT NULL,
        "last_name" varchar(100) NOT NULL,
        "email" varchar(254) NOT NULL,
        "preferred_language" "identity"."user_language" NOT NULL DEFAULT 'en',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_users" PRIMARY KEY ("id"),
        CONSTRAINT "uq_users_username" UNIQUE ("username"),
        -- Usernames are stored lower-cased so that "Admin" and "admin" are one account.
        CONSTRAINT "ck_users_username_lower_case" CHECK ("username" = lower("username"))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."users"`);
    await queryRunner.query(`DROP TYPE "identity"."user_language"`);
    await queryRunner.query(`DROP TYPE "identity"."user_role"`);
  }
}
